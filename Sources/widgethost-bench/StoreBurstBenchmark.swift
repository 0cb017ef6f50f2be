import AppGroup
import Foundation
import Synchronization
import TaskStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store-burst benchmark of the bursts-of-writers issue, measured in one run: 1,000 concurrent
/// `widgethost perform` processes (adds and toggles, interleaved) against 1,000 concurrent
/// `widgethost --version`, the cost of starting the executable; and `widgethost run` of the sample
/// configuration, run over and over during each burst, reading the store the performs write.
///
/// Every perform must succeed (none refused), every change must be kept (none lost: each add once,
/// each toggled task flipped once, one reload request each), and SQLite's integrity check must
/// pass. Rounds alternate the two bursts, so both see the same machine.
struct StoreBurstBenchmark {
    /// Rounds of each burst.
    var rounds: Int
    /// Processes per burst.
    var size = 1000

    /// The sample configuration `run` reads, relative to the package root.
    static let sampleConfiguration = "config/widgets.yaml"

    /// The `widgethost` executable built beside this benchmark (`.build/release/widgethost`).
    static func widgetHostExecutable() -> String? {
        guard let benchmark = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        else { return nil }
        let path = URL(fileURLWithPath: benchmark).deletingLastPathComponent()
            .appendingPathComponent("widgethost").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// ``widgetHostExecutable()``, or `nil` after printing, under the benchmark's `label`, that it
    /// must be built first with `build`.
    static func widgetHostExecutable(
        or label: String, build: String = "swift build -c release --product widgethost"
    ) -> String? {
        guard let widgethost = widgetHostExecutable() else {
            print("\(label): no widgethost executable beside the benchmark; build it first: \(build)")
            return nil
        }
        return widgethost
    }

    /// The id of stored task `n`.
    static func taskID(_ n: Int) -> String {
        let digits = String(n)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(12 - digits.count, 0)) + digits
    }

    /// What one burst of performs did.
    struct PerformBurst {
        var seconds: Double
        var refused: Int
        var lost: Int
        var integrity: String
        var firstError: String?
    }

    func run() {
        guard let widgethost = Self.widgetHostExecutable(or: "burst") else { return }
        let hasConfiguration = FileManager.default.fileExists(atPath: Self.sampleConfiguration)
        if !hasConfiguration {
            print("burst: \(Self.sampleConfiguration) not found; run the benchmark from the package root")
        }
        print(
            "burst: \(size) concurrent `widgethost perform` (adds and toggles) against \(size) "
                + "`widgethost --version`, \(rounds) rounds, 2 bursts each"
        )
        var versionTimes: [Double] = []
        var performTimes: [Double] = []
        var runDuringVersion: [Double] = []
        var runDuringPerform: [Double] = []
        var refused = 0
        var lost = 0
        var integrity: Set<String> = []
        var firstError: String?
        for round in 0..<rounds {
            do {
                let scratch = try Self.scratchDirectory(round)
                defer { try? FileManager.default.removeItem(at: scratch) }
                let store = scratch.appendingPathComponent("store").path
                try Self.prepareStore(at: store, tasks: size / 2)
                let runArguments = [
                    "run", Self.sampleConfiguration, "--store", store, "--at", "2026-11-29T12:00:00Z",
                    "--format", "json",
                ]
                let sampler = hasConfiguration ? RunSampler(widgethost, runArguments) : nil

                sampler?.start()
                let version = try Self.burst(widgethost, (0..<size).map { _ in ["--version"] }, log: nil)
                runDuringVersion += sampler?.stop() ?? []
                versionTimes.append(version.seconds)

                let log = scratch.appendingPathComponent("perform-errors.log").path
                sampler?.start()
                let perform = try performBurst(widgethost, store: store, log: log)
                runDuringPerform += sampler?.stop() ?? []
                performTimes.append(perform.seconds)
                refused += perform.refused
                lost += perform.lost
                integrity.insert(perform.integrity)
                firstError = firstError ?? perform.firstError
                if let failures = sampler?.failures, failures > 0 {
                    print("  round \(round + 1): \(failures) runs failed")
                }
            } catch {
                print("burst: \(error)")
                return
            }
        }
        Report.row("--version burst", versionTimes)
        Report.row("perform burst", performTimes)
        Report.ratio("perform / --version", performTimes, versionTimes, target: 1.5)
        print(
            "  performs: \(size * rounds) in all, \(refused) refused, \(lost) lost, integrity check "
                + integrity.sorted().joined(separator: ", "))
        if let firstError { print("  first error: \(firstError)") }
        if hasConfiguration {
            Report.row("run during --version", runDuringVersion)
            Report.row("run during perform", runDuringPerform)
            Report.ratio(
                "run: perform / --version", runDuringPerform, runDuringVersion, target: 2.0, judgedBy: .median
            )
            print(
                "  runs: \(runDuringVersion.count) during --version, \(runDuringPerform.count) during perform"
            )
        }
    }

    /// A burst of adds and toggles on the store at `store`, then the check that nothing was lost.
    func performBurst(_ widgethost: String, store: String, log: String) throws -> PerformBurst {
        var commands: [[String]] = []
        var added: [String] = []
        var toggled: [Int] = []
        for index in 0..<size {
            if index % 2 == 0 {
                let name = "Burst task \(index / 2)"
                added.append(name)
                commands.append([
                    "perform", "AddTaskIntent", "taskName=\(name)", "priority=high", "--store", store,
                ])
            } else {
                toggled.append(index / 2)
                commands.append([
                    "perform", "ToggleTaskIntent", "taskID=\(Self.taskID(index / 2))", "--store", store,
                ])
            }
        }
        let burst = try Self.burst(widgethost, commands, log: log)

        let reader = try AppGroupStore(directory: URL(fileURLWithPath: store), readOnly: true)
        let tasks = try reader.allTasks()
        // Lost: an add missing, a toggle not applied, a reload request missing. An add kept
        // twice counts too.
        let titles = Set(tasks.map(\.title))
        var lost = added.filter { !titles.contains($0) }.count
        lost += abs(tasks.count - (size / 2 + added.count - lost))
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Stored task n starts completed when n is odd; a toggle flips it once.
        lost += toggled.filter { byID[Self.taskID($0)]?.isCompleted != ($0 % 2 == 0) }.count
        lost += max(size - (try reader.currentReloadGeneration()), 0)
        let database = try SQLiteDatabase(path: reader.databaseURL.path, mode: .readOnly)
        let integrity: String
        if case .text(let text)? = try database.scalar("PRAGMA integrity_check") {
            integrity = text
        } else {
            integrity = "no answer"
        }
        let errors = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let firstError = errors.split(separator: "\n").first.map(String.init)
        return PerformBurst(
            seconds: burst.seconds, refused: burst.failures, lost: lost, integrity: integrity,
            firstError: firstError)
    }

    /// Starts every command at once and waits for all of them.
    ///
    /// - Returns: The time from the first start to the last exit, and how many exited with a
    ///   status other than 0.
    static func burst(_ widgethost: String, _ commands: [[String]], log: String?) throws -> (
        seconds: Double, failures: Int
    ) {
        let start = Clock.now()
        var processes: [SpawnedProcess] = []
        processes.reserveCapacity(commands.count)
        for arguments in commands {
            processes.append(
                try SpawnedProcess.spawn(widgethost, arguments, standardError: log ?? "/dev/null"))
        }
        var failures = 0
        for process in processes where process.wait() != 0 {
            failures += 1
        }
        return (Double(Clock.now() - start) / 1e9, failures)
    }

    /// A new directory for one round.
    static func scratchDirectory(_ round: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-bench-burst-\(getpid())-\(round)", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A store holding `count` tasks with fixed ids (the odd ones completed), for the toggles.
    static func prepareStore(at path: String, tasks count: Int) throws {
        let store = try AppGroupStore(directory: URL(fileURLWithPath: path))
        let tasks = (0..<count).map { n in
            StoredTask(
                id: taskID(n), title: "Stored task \(n)", priority: .medium, category: "work",
                isCompleted: n % 2 == 1)
        }
        try store.importTasks(tasks, focus: false)
    }
}
