import Foundation

/// A scripted batch run at scale, on the release `widgethost` as a process of its own: 20,000
/// widgets of varied configuration (the `validate` benchmark's file) over a 50,000-task store with
/// titles in seven scripts, rounds interleaved:
/// - `run --format json` to `/dev/null` against `validate` of the same file (target: at most 6x,
///   and under 1 s);
/// - the time to the first line of `run --format ndjson` against `validate` (target: at most 2x,
///   and under 0.3 s);
/// - the peak resident memory of the `run --format json` (its `VmHWM`) against that of a
///   200-widget run (targets: under 64 MiB, and within 10%).
struct BatchBenchmark {
    /// How many times each command runs.
    let rounds: Int
    /// How many widgets the large configuration has.
    var widgets = 20_000
    /// How many tasks the store holds.
    var tasks = 50_000

    func run() {
        guard let widgethost = StoreBurstBenchmark.widgetHostExecutable(or: "batch") else { return }
        // WIDGETHOST_BENCH_KEEP=DIR keeps the configurations and the store in DIR, to profile a
        // run of them (`perf record widgethost run DIR/large.yaml --store DIR/store ...`).
        let kept = ProcessInfo.processInfo.environment["WIDGETHOST_BENCH_KEEP"].flatMap {
            $0.isEmpty ? nil : $0
        }
        let folder =
            kept.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-batch-\(UUID().uuidString)", isDirectory: true)
        defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
        let store: URL
        let large = folder.appendingPathComponent("large.yaml").path
        let small = folder.appendingPathComponent("small.yaml").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try WidgetBenchmark.store(tasks: tasks, titles: WidgetBenchmark.mixedTitles)
            try WidgetConfigGenerator.config(widgets: widgets).write(
                toFile: large, atomically: true, encoding: .utf8)
            try WidgetConfigGenerator.config(widgets: 200).write(
                toFile: small, atomically: true, encoding: .utf8)
        } catch {
            print("batch: cannot prepare the store and configurations: \(error)")
            return
        }
        defer {
            if kept == nil {
                try? FileManager.default.removeItem(at: store)
            } else {
                try? FileManager.default.moveItem(at: store, to: folder.appendingPathComponent("store"))
            }
        }
        let at = ["--at", "2026-11-29T12:00:00Z", "--store", store.path]
        var validate: [Double] = []
        var json: [Double] = []
        var firstLine: [Double] = []
        var ndjson: [Double] = []
        var largeResident: [Int] = []
        var smallResident: [Int] = []
        var failures: [String] = []
        for _ in 0..<rounds {
            let checked = Measured.run(widgethost, ["validate", large])
            validate.append(checked.seconds)
            let run = Measured.run(widgethost, ["run", large, "--format", "json"] + at)
            json.append(run.seconds)
            largeResident.append(run.residentKilobytes)
            let lines = Measured.run(widgethost, ["run", large, "--format", "ndjson"] + at, firstLine: true)
            firstLine.append(lines.firstLine ?? lines.seconds)
            ndjson.append(lines.seconds)
            let few = Measured.run(widgethost, ["run", small, "--format", "json"] + at)
            smallResident.append(few.residentKilobytes)
            for (name, measured) in [
                ("validate", checked), ("run json", run), ("run ndjson", lines), ("run 200", few),
            ]
            where measured.status != 0 {
                failures.append("\(name) exited \(measured.status)")
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: large)[.size] as? Int) ?? 0
        print(
            "batch: `widgethost run` of a \(size)-byte config of \(widgets) widgets over a \(tasks)-task store, "
                + "\(rounds) rounds")
        Report.row("validate", validate)
        Report.row("run --format json", json)
        Report.row("run --format ndjson", ndjson)
        Report.row("first ndjson line", firstLine)
        Report.ratio("json / validate", json, validate, target: 6)
        Report.ratio("first line / validate", firstLine, validate, target: 2)
        Report.under("run json, best", json.min() ?? 0, 1.0)
        Report.under("first line, best", firstLine.min() ?? 0, 0.3)
        let largePeak = largeResident.max() ?? 0
        let smallPeak = smallResident.max() ?? 0
        let ratio = Double(largePeak) / Double(max(smallPeak, 1))
        let met = largePeak < 64 * 1024 && ratio <= 1.1
        print(
            "  peak resident              \(largePeak) KiB with \(widgets) widgets, \(smallPeak) KiB with 200 "
                + "(\((ratio * 100).rounded() / 100)x; target: under 65536 KiB and at most 1.1x, "
                + "\(met ? "met" : "NOT met"))")
        if !failures.isEmpty { print("  failures: \(failures.joined(separator: ", "))") }
    }
}
