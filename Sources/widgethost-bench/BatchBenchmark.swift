import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        Self.under("run json, best", json.min() ?? 0, 1.0)
        Self.under("first line, best", firstLine.min() ?? 0, 0.3)
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

    /// `label  X ms (target: under Y s, met)`.
    private static func under(_ label: String, _ seconds: Double, _ target: Double) {
        let padded = label + String(repeating: " ", count: max(26 - label.count, 1))
        let verdict = seconds < target ? "met" : "NOT met"
        print("  \(padded) \(Clock.milliseconds(seconds)) (target: under \(target) s, \(verdict))")
    }
}

/// One run of a process: how long it took, when its first line came, its peak resident memory.
struct Measured {
    /// Seconds from start to exit.
    var seconds: Double
    /// Seconds from start to the first newline on standard output, when asked for.
    var firstLine: Double?
    /// The child's peak resident memory, in KiB: its `VmHWM`, read from `/proc` each time it
    /// writes (the mark only rises, so the last reading is the peak up to its last write). Not
    /// `wait4`'s `ru_maxrss`: a child started by `posix_spawn` (a `vfork`) inherits its parent's
    /// high-water mark there, and the benchmark holds a 50,000-task store.
    var residentKilobytes: Int
    /// Its exit status (128 plus the signal that ended it).
    var status: Int32

    /// Runs `path` with `arguments`, standard output read through a pipe and thrown away (so
    /// writing it costs what writing to a reader costs), standard error to `/dev/null`.
    static func run(_ path: String, _ arguments: [String], firstLine: Bool = false) -> Measured {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return Measured(seconds: 0, residentKilobytes: 0, status: -1) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, descriptors[0])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Clock.now()
        let spawned = argv.withUnsafeBufferPointer { argv -> Int32 in
            guard let base = argv.baseAddress else { return EINVAL }
            return posix_spawn(&pid, path, &actions, nil, base, environ)
        }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        guard spawned == 0 else { return Measured(seconds: 0, residentKilobytes: 0, status: -1) }
        var first: Double?
        var peak = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            peak = max(peak, highWaterKilobytes(pid))
            if firstLine, first == nil, buffer[0..<count].contains(UInt8(ascii: "\n")) {
                first = Double(Clock.now() - start) / 1e9
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let seconds = Double(Clock.now() - start) / 1e9
        let signal = status & 0x7F
        return Measured(
            seconds: seconds, firstLine: first, residentKilobytes: peak,
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
    }

    /// `VmHWM` of `pid` in KiB (0 once it has exited).
    static func highWaterKilobytes(_ pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
