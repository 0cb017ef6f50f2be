/// Prints benchmark rows: the best and the median of the rounds, and ratios of the two.
enum Report {
    /// `label: best X ms, median Y ms`.
    static func row(_ label: String, _ times: [Double]) {
        let padded = pad(label)
        print(
            "  \(padded) best \(Clock.milliseconds(times.min() ?? 0)), median \(Clock.milliseconds(Clock.median(times)))"
        )
    }

    /// Which figure a target is judged on.
    enum Figure {
        /// The best of the rounds.
        case best
        /// The median of the rounds (for samples whose best is an outlier, a run at a quiet moment).
        case median
    }

    /// The ratio of two measurements (best against best, median against median) and its target,
    /// when it has one, judged on `figure`.
    static func ratio(
        _ label: String, _ measured: [Double], _ baseline: [Double], target: Double? = nil,
        judgedBy figure: Figure = .best
    ) {
        let best = (measured.min() ?? 0) / max(baseline.min() ?? 1, 1e-12)
        let median = Clock.median(measured) / max(Clock.median(baseline), 1e-12)
        let padded = pad(label)
        var line = "  \(padded) \(round(best))x best, \(round(median))x median"
        if let target {
            let judged = figure == .best ? best : median
            let on = figure == .best ? "" : " median"
            line += " (target:\(on) at most \(target)x, \(judged <= target ? "met" : "NOT met"))"
        }
        print(line)
    }

    /// `label  X ms (target: under Y s, met)`.
    static func under(_ label: String, _ seconds: Double, _ target: Double) {
        let verdict = seconds < target ? "met" : "NOT met"
        print("  \(pad(label)) \(Clock.milliseconds(seconds)) (target: under \(target) s, \(verdict))")
    }

    private static func pad(_ label: String) -> String {
        label + String(repeating: " ", count: max(26 - label.count, 1))
    }

    private static func round(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
