import Foundation

/// `widgethost simulate` of the sample configuration over a week, on the release binary, beside
/// `widgethost run` of the same configuration (one evaluation of each widget), rounds interleaved.
/// Target: a week in well under a second (here: under half a second, median).
struct SimulateBenchmark {
    /// How many times each command runs.
    let rounds: Int

    func run() {
        guard
            let widgethost = StoreBurstBenchmark.widgetHostExecutable(
                or: "simulate", build: "swift build -c release")
        else { return }
        let directory = WatchBenchmark.sampleStore(widgethost, label: "simulate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("events").path
        let config = StoreBurstBenchmark.sampleConfiguration
        let week = ["simulate", config, "--from", "2026-12-07T00:00:00Z", "--to", "2026-12-14T00:00:00Z"]
        let once = ["run", config, "--at", "2026-12-07T00:00:00Z", "--format", "json"]
        var simulated: [Double] = []
        var ran: [Double] = []
        var failures = 0
        for _ in 0..<rounds {
            try? FileManager.default.removeItem(atPath: output)  // each round's events alone
            var start = Clock.now()
            let weekStatus =
                (try? SpawnedProcess.spawn(widgethost, week, standardOutput: output))?.wait() ?? -1
            simulated.append(Double(Clock.now() - start) / 1e9)
            start = Clock.now()
            let runStatus = (try? SpawnedProcess.spawn(widgethost, once))?.wait() ?? -1
            ran.append(Double(Clock.now() - start) / 1e9)
            if weekStatus != 0 || runStatus != 0 { failures += 1 }
        }
        let events = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").count ?? 0
        print(
            "simulate: a week of the sample configuration (\(events) events), on the release binary, \(rounds) rounds"
        )
        Report.row("simulate, a week", simulated)
        Report.row("run, once", ran)
        Report.ratio("a week / one run", simulated, ran)
        let median = Clock.median(simulated)
        print(
            "  a week, median             \(Clock.milliseconds(median)) (target: well under a second, "
                + "under 500 ms: \(median < 0.5 ? "met" : "NOT met"))")
        if failures > 0 { print("  \(failures) runs failed") }
    }
}
