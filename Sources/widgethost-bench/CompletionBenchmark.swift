import Foundation

/// How long a shell waits for a dynamic completion: `widgethost __complete widget-ids` over the
/// sample configuration (what pressing Tab after `--widget` runs), `__complete intent-arguments`
/// for `perform`, and `widgethost --version` (starting the executable) for comparison, rounds
/// interleaved. Target: under 50 ms.
struct CompletionBenchmark {
    /// How many times each command runs.
    let rounds: Int

    func run() {
        guard let widgethost = StoreBurstBenchmark.widgetHostExecutable(or: "complete") else { return }
        guard FileManager.default.fileExists(atPath: StoreBurstBenchmark.sampleConfiguration) else {
            print("complete: run from the package root, where \(StoreBurstBenchmark.sampleConfiguration) is")
            return
        }
        let commands: [(label: String, arguments: [String])] = [
            ("--version", ["--version"]),
            ("__complete widget-ids", ["__complete", "widget-ids", "--", "run", "--widget", ""]),
            (
                "__complete intent-args",
                ["__complete", "intent-arguments", "--", "perform", "AddTaskIntent", ""]
            ),
        ]
        var times = Array(repeating: [Double](), count: commands.count)
        var failures = 0
        for _ in 0..<rounds {
            for (index, command) in commands.enumerated() {
                let start = Clock.now()
                let status = (try? SpawnedProcess.spawn(widgethost, command.arguments))?.wait() ?? -1
                times[index].append(Double(Clock.now() - start) / 1e9)
                if status != 0 { failures += 1 }
            }
        }
        print("complete: the completion entry point on the sample configuration, \(rounds) rounds")
        for (index, command) in commands.enumerated() { Report.row(command.label, times[index]) }
        Report.ratio("widget-ids / --version", times[1], times[0])
        let median = Clock.median(times[1])
        let verdict = median < 0.05 ? "met" : "NOT met"
        print("  widget-ids, median         \(Clock.milliseconds(median)) (target: under 50 ms, \(verdict))")
        if failures > 0 { print("  \(failures) runs failed") }
    }
}
