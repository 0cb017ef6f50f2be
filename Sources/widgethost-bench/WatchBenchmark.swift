import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The live host's benchmarks, on the release `widgethost watch` as a process of its own:
/// - idle: the CPU time a watch of the sample configuration uses over 10 s with nothing due
///   (target: under 10 ms);
/// - latency: from `widgethost perform ToggleTaskIntent` returning to the watch's `request` event
///   for the widget (target: median under 20 ms, worst of 100 under 100 ms);
/// - steadiness: 10,000 reloads (100 rounds of SIGUSR1 over a 100-widget configuration): resident
///   memory at the end within 10% of after the first round, and no file descriptor gained;
/// - scale: an `include:` glob over thousands of folders (``scale(_:directory:)``).
struct WatchBenchmark {
    let samples: Int

    static let taskID = "0EBD2090-C844-442D-82AC-2583D6834FA5"

    func run() {
        guard
            let widgethost = StoreBurstBenchmark.widgetHostExecutable(
                or: "watch", build: "swift build -c release")
        else { return }
        guard FileManager.default.fileExists(atPath: StoreBurstBenchmark.sampleConfiguration),
            FileManager.default.fileExists(atPath: "config/data/tasks.yaml")
        else {
            print("watch: run the benchmark from the package root (it reads config/)")
            return
        }
        let directory = Self.sampleStore(widgethost, label: "watch")
        defer { try? FileManager.default.removeItem(at: directory) }

        print("watch: the live host, on the release binary")
        idleAndLatency(widgethost, directory: directory)
        steadiness(widgethost, directory: directory)
        scale(widgethost, directory: directory)
    }

    private func idleAndLatency(_ widgethost: String, directory: URL) {
        let output = directory.appendingPathComponent("events.ndjson").path
        Self.withWatch(widgethost, StoreBurstBenchmark.sampleConfiguration, output: output, widgets: 4) {
            watch in
            idleAndLatency(widgethost, watch: watch, output: output)
        }
    }

    /// A fresh directory for the `label` benchmark, with `WIDGETHOST_STORE` naming a store in it
    /// into which `widgethost` imported the sample tasks.
    static func sampleStore(_ widgethost: String, label: String) -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-bench-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        setenv("WIDGETHOST_STORE", directory.appendingPathComponent("store").path, 1)
        _ = try? SpawnedProcess.spawn(widgethost, ["store", "import", "config/data/tasks.yaml"]).wait()
        return directory
    }

    /// Starts `widgethost watch config` writing to `output`, waits for its `widgets` start events,
    /// runs `body`, and ends the watch.
    static func withWatch(
        _ widgethost: String, _ config: String, output: String, widgets: Int, _ body: (SpawnedProcess) -> Void
    ) {
        guard
            let watch = try? SpawnedProcess.spawn(
                widgethost, ["watch", config, "--format", "ndjson"], standardOutput: output)
        else {
            print("  the watch could not be started")
            return
        }
        defer { watch.terminate() }
        guard waitForLines(output, count: widgets, timeout: 20) else {
            print("  the watch of \(config) did not start")
            return
        }
        body(watch)
    }

    private func idleAndLatency(_ widgethost: String, watch: SpawnedProcess, output: String) {
        usleep(200_000)
        let before = Self.cpuNanoseconds(watch.pid)
        usleep(10_000_000)
        let after = Self.cpuNanoseconds(watch.pid)
        let idle = Double(after > before ? after - before : 0) / 1e9
        let verdict = idle < 0.010 ? "met" : "NOT met"
        print(
            "  idle, 10 s of nothing due     \(Clock.milliseconds(idle)) of CPU, in 10 ms clock ticks "
                + "(target: under 10 ms, \(verdict))")

        var latencies: [Double] = []
        for round in 0..<samples {
            let seen = Self.lines(output).count
            _ = try? SpawnedProcess.spawn(
                widgethost, ["perform", "ToggleTaskIntent", "taskID=\(Self.taskID)"]
            ).wait()
            let returned = Clock.now()
            var arrived: UInt64?
            let deadline = returned + 2_000_000_000
            while arrived == nil && Clock.now() < deadline {
                if Self.lines(output).dropFirst(seen).contains(where: {
                    $0.contains(#""reason":"request","id":"work-tasks""#)
                }) {
                    arrived = Clock.now()
                } else {
                    usleep(200)
                }
            }
            guard let arrived else {
                print("  round \(round): no request event within 2 s")
                return
            }
            latencies.append(Double(arrived - returned) / 1e9)
        }
        let sorted = latencies.sorted()
        let median = sorted[sorted.count / 2]
        let worst = sorted.last ?? 0
        let verdict2 = median < 0.020 && worst < 0.100 ? "met" : "NOT met"
        print(
            "  perform -> request event       median \(Clock.milliseconds(median)), worst of \(samples) "
                + "\(Clock.milliseconds(worst)) (target: under 20 ms and 100 ms, \(verdict2))")
    }

    private func steadiness(_ widgethost: String, directory: URL) {
        let config = directory.appendingPathComponent("hundred.yaml")
        let widgets = (0..<100).map { "  - id: focus-\($0)\n    kind: FocusWidget\n" }.joined()
        try? ("widgets:\n" + widgets).write(to: config, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("hundred.ndjson").path
        Self.withWatch(widgethost, config.path, output: output, widgets: 100) { watch in
            reload(watch, output: output)
        }
    }

    /// 100 rounds of SIGUSR1 over the 100 widgets `watch` hosts: memory and descriptors.
    private func reload(_ watch: SpawnedProcess, output: String) {
        var expected = 100
        var firstRound: (rss: Int, fds: Int)?
        let start = Clock.now()
        for _ in 0..<100 {
            kill(watch.pid, SIGUSR1)
            expected += 100
            guard Self.waitForLines(output, count: expected, timeout: 20) else {
                print("  reloads stopped arriving after \(expected - 100)")
                return
            }
            if firstRound == nil {
                firstRound = (Self.residentKilobytes(watch.pid), Self.descriptors(watch.pid))
            }
            // The log grows by megabytes; start it again so reading it stays cheap.
            truncate(output, 0)
            expected = 0
        }
        let seconds = Double(Clock.now() - start) / 1e9
        let rss = Self.residentKilobytes(watch.pid)
        let fds = Self.descriptors(watch.pid)
        guard let firstRound else { return }
        let growth = Double(rss) / Double(max(firstRound.rss, 1))
        let verdict = growth <= 1.10 && fds <= firstRound.fds ? "met" : "NOT met"
        print(
            "  10,000 reloads (100 widgets)   \(String(format: "%.1f", seconds)) s; resident "
                + "\(firstRound.rss) KiB after the first 100, \(rss) KiB at the end (\(String(format: "%.2f", growth))x); "
                + "descriptors \(firstRound.fds) -> \(fds) (target: within 1.10x, none gained, \(verdict))")
    }

    // MARK: - Reading the process

    static func lines(_ path: String) -> [Substring] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n")
    }

    static func waitForLines(_ path: String, count: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lines(path).count >= count { return true }
            usleep(1000)
        }
        return false
    }

    /// CPU time of `pid`, threads that have exited included (`utime + stime` of `/proc/PID/stat`,
    /// in nanoseconds; the kernel counts it in clock ticks, 10 ms here, so an idle figure of 0
    /// means under one tick).
    static func cpuNanoseconds(_ pid: pid_t) -> UInt64 {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else {
            return 0
        }
        let ticksPerSecond = UInt64(max(sysconf(Int32(_SC_CLK_TCK)), 1))
        return (user + system) * 1_000_000_000 / ticksPerSecond
    }

    static func residentKilobytes(_ pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func descriptors(_ pid: pid_t) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }
}
