import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The live host at scale: a configuration whose `include: [d/*/w.yaml]` makes the watch watch
/// 1,000 and 5,000 folders.
/// - per file: the watch's CPU per file added (each in a folder of its own, each loaded before the
///   next is written); target: under 50 ms at 5,000 folders, and at most 7x the figure at 1,000
///   (the work per file grows with the folders, as the configuration is loaded again, not with
///   their square: it was 25x, and seconds a file at 5,000);
/// - stop: SIGTERM right after a file made in every folder, to exit; target: under 1 s.
extension WatchBenchmark {
    func scale(_ widgethost: String, directory: URL) {
        var perFile: [Int: Double] = [:]
        for folders in [1_000, 5_000] {
            perFile[folders] = scale(widgethost, directory: directory, folders: folders)
        }
        if let small = perFile[1_000], let large = perFile[5_000], small > 0 {
            let ratio = large / small
            let verdict = large < 0.050 && ratio <= 7 ? "met" : "NOT met"
            print(
                "  5,000 / 1,000 folders          \(String(format: "%.1f", ratio))x the CPU per file "
                    + "(target: under 50 ms a file and at most 7x, \(verdict))")
        }
    }

    /// The CPU per file added at `folders` folders, in seconds (`nil` when the watch failed).
    private func scale(_ widgethost: String, directory: URL, folders: Int) -> Double? {
        let root = directory.appendingPathComponent("scale-\(folders)")
        let config = root.appendingPathComponent("main.yaml").path
        defer { try? FileManager.default.removeItem(at: root) }
        for index in 0..<folders {
            try? FileManager.default.createDirectory(
                at: root.appendingPathComponent("d/\(index)"), withIntermediateDirectories: true)
        }
        try? "include: [d/*/w.yaml]\nwidgets:\n  - id: own\n    kind: FocusWidget\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let output = root.appendingPathComponent("events.ndjson").path
        var result: Double?
        // Its warning that the glob matches no file, then the widget.
        Self.withWatch(widgethost, config, output: output, widgets: 2) { watch in
            // The start is reported before the folders are watched: a reload request answered
            // says they are.
            var answered = false
            for _ in 0..<20 where !answered {
                let seen = Self.lines(output).count
                _ = try? SpawnedProcess.spawn(widgethost, ["reload", "FocusWidget"]).wait()
                answered = Self.waitForLines(output, count: seen + 1, timeout: 2)
            }
            guard answered else {
                print("  \(folders) folders: the watch never answered a reload request")
                return
            }
            let files = 20
            let before = Self.cpuNanoseconds(watch.pid)
            for file in 0..<files {
                let path = root.appendingPathComponent("d/\(file * (folders / files))/w.yaml").path
                try? "widgets:\n  - id: w\(file)\n    kind: FocusWidget\n".write(
                    toFile: path, atomically: false, encoding: .utf8)
                let deadline = Date().addingTimeInterval(30)
                while !Self.lines(output).contains(where: { $0.contains(#""id":"w\#(file)""#) }) {
                    guard Date() < deadline else {
                        print("  \(folders) folders: file \(file) was not loaded within 30 s")
                        return
                    }
                    usleep(1000)
                }
            }
            let each = Double(Self.cpuNanoseconds(watch.pid) - before) / 1e9 / Double(files)
            result = each
            print(
                "  \(folders) folders, file added   \(Clock.milliseconds(each)) of CPU a file, "
                    + "over \(files) (10 ms clock ticks)")

            for index in 0..<folders {
                FileManager.default.createFile(
                    atPath: root.appendingPathComponent("d/\(index)/noise").path, contents: nil)
            }
            let start = Clock.now()
            kill(watch.pid, SIGTERM)
            let status = watch.wait()
            let seconds = Double(Clock.now() - start) / 1e9
            let verdict = seconds < 1 && status == 0 ? "met" : "NOT met"
            print(
                "  \(folders) folders, SIGTERM     exit \(status) after \(Clock.milliseconds(seconds)) "
                    + "after a file made in each (target: under 1 s, status 0, \(verdict))")
        }
        return result
    }
}
