import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared store under many `widgethost` processes at once, and under processes killed in the
/// middle of a write: nothing lost, nothing duplicated, never a half-written store.
///
/// The seed's design (read the array from shared defaults, change it, write it back) kept 3 of 50
/// concurrent appends; every widgethost intent is one SQLite transaction.
@Suite struct StoreConcurrencyTests {
    /// The id of the stored task `n`.
    static func taskID(_ n: Int) -> String {
        "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - "\(n)".count) + "\(n)"
    }

    /// `count` tasks with fixed ids, the odd ones completed.
    static func storedTasksYAML(count: Int) -> String {
        var yaml = "tasks:\n"
        for n in 0..<count {
            yaml += "  - id: \(taskID(n))\n    title: Stored task \(n)\n    isCompleted: \(n % 2 == 1)\n"
        }
        return yaml
    }

    /// The tasks of `store`'s JSON export, each checked to be a whole row: every field present
    /// with a value of its type.
    static func completeTasks(in scratch: TemporaryDirectory, store: String = "store") throws -> [[String:
        Any]]
    {
        let export = try JSONText.object(try scratch.exportJSON(of: store))
        let tasks = try #require(export["tasks"] as? [[String: Any]])
        for task in tasks {
            #expect(
                Set(task.keys) == ["id", "title", "priority", "category", "isCompleted", "dueDate"],
                "\(JSONText.canonical(task))")
            #expect(UUID(uuidString: task["id"] as? String ?? "") != nil, "\(JSONText.canonical(task))")
            #expect((task["title"] as? String)?.isEmpty == false, "\(JSONText.canonical(task))")
            #expect(
                ["low", "medium", "high"].contains(task["priority"] as? String), "\(JSONText.canonical(task))"
            )
            #expect(task["isCompleted"] is Bool, "\(JSONText.canonical(task))")
        }
        #expect((export["focus"] as? [String: Any])?["isOn"] is Bool)
        return tasks
    }

    /// Whether `task` (from an export) is completed.
    static func isCompleted(_ task: [String: Any]) -> Bool {
        task["isCompleted"] as? Bool ?? false
    }

    // MARK: - A hundred at once

    /// 60 adds and 40 toggles of distinct tasks, all started before any is waited for.
    @Test func aHundredConcurrentPerformsLoseNothingAndDuplicateNothing() throws {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks(Self.storedTasksYAML(count: 40))
        let priorities = ["low", "medium", "high"]

        var adds: [(name: String, priority: String, process: LaunchedProcess)] = []
        var toggles: [(task: Int, process: LaunchedProcess)] = []
        let start = ContinuousClock.now
        for index in 0..<100 {
            // Interleaved: three adds, then two toggles, and so on.
            if index % 5 < 3 {
                let name = "Concurrent task \(adds.count)"
                let priority = priorities[adds.count % 3]
                let process = try scratch.launchWidgetHost([
                    "perform", "AddTaskIntent", "taskName=\(name)", "priority=\(priority)", "--store",
                    "store",
                    "--format", "json",
                ])
                adds.append((name, priority, process))
            } else {
                let task = toggles.count
                let process = try scratch.launchWidgetHost([
                    "perform", "ToggleTaskIntent", "taskID=\(Self.taskID(task))", "--store", "store",
                    "--format",
                    "json",
                ])
                toggles.append((task, process))
            }
        }
        var ids: [String: String] = [:]  // task name -> the id its perform printed
        for add in adds {
            let exit = try add.process.wait(timeout: .seconds(60))
            #expect(exit.status == 0, "\(add.name): \(exit.summary): \(exit.standardError)")
            #expect(exit.standardError.isEmpty)
            ids[add.name] = try JSONText.object(exit.standardOutput)["value"] as? String
        }
        for toggle in toggles {
            let exit = try toggle.process.wait(timeout: .seconds(60))
            #expect(exit.status == 0, "task \(toggle.task): \(exit.summary): \(exit.standardError)")
            #expect(exit.standardError.isEmpty)
            #expect(
                exit.standardOutput
                    == #"{"intent":"ToggleTaskIntent","value":\#(toggle.task % 2 == 0),"dialog":null,"#
                    + #""reloaded":["TaskWidget"]}"# + "\n")
        }
        let elapsed = ContinuousClock.now - start

        let tasks = try Self.completeTasks(in: scratch)
        #expect(tasks.count == 100, "\(tasks.count) tasks after 60 adds to 40 (\(elapsed))")
        // The stored tasks first, in their order, each toggled exactly once.
        for (n, task) in tasks.prefix(40).enumerated() {
            #expect(task["id"] as? String == Self.taskID(n))
            #expect(Self.isCompleted(task) == (n % 2 == 0), "task \(n) toggled once")
        }
        // Then each added task once, as added.
        let added = tasks.dropFirst(40)
        let names = added.compactMap { $0["title"] as? String }
        #expect(names.sorted() == adds.map(\.name).sorted(), "every name once: \(names)")
        for task in added {
            let name = task["title"] as? String ?? ""
            let add = adds.first { $0.name == name }
            #expect(task["id"] as? String == ids[name], "\(name)")
            #expect(task["priority"] as? String == add?.priority, "\(name)")
            #expect(
                task["category"] is NSNull && task["dueDate"] is NSNull && !Self.isCompleted(task), "\(name)")
        }
        // Each request got a generation of its own.
        // The import's request, then one each.
        #expect(try scratch.sqlite3("SELECT max(generation) FROM reload_requests") == "101")
        #expect(try scratch.integrityCheck() == "ok")
    }

    // MARK: - Killed in the middle of a write

    /// When the import is killed, timed from when it opens the store.
    enum KillPoint: String, Sendable, CaseIterable {
        /// A quarter of a second into its transaction (of over a second here), the rows still in
        /// its page cache.
        case aQuarterSecondIntoTheTransaction
        /// As soon as it writes the transaction's pages to the log, before the commit record.
        case whileTheLogIsWritten
        /// As soon as it copies the committed log into the database file (the checkpoint).
        case whileTheLogIsCopiedIntoTheDatabase
    }

    /// A `store import` of one large file is one transaction; SIGKILL in the middle of it leaves
    /// the store readable, sound, and holding all of the file or none of it.
    ///
    /// Reading the file comes first and takes seconds in a debug build, so the kill is timed from
    /// when the importer opens the store (its write-ahead log appears), not from its launch.
    @Test(arguments: KillPoint.allCases)
    func anImportKilledMidWriteLeavesAllOrNothing(_ point: KillPoint) throws {
        let scratch = try TemporaryDirectory()
        // No export before the kill: a reading process leaves the log file behind, and its
        // appearing is what tells that the importer has opened the store.
        try scratch.importTasks(Self.storedTasksYAML(count: 2))
        let count = 30_000
        var yaml = "tasks:\n"
        yaml.reserveCapacity(count * 64)
        for n in 0..<count {
            yaml += "  - id: \(Self.taskID(100 + n))\n    title: Imported task \(n)\n    priority: high\n"
        }
        try scratch.file("large.yaml", yaml)

        let log = scratch.url.appendingPathComponent("store/widgethost.sqlite-wal").path
        let database = scratch.path("store/widgethost.sqlite")
        func size(_ path: String) -> Int {
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let databaseSize = size(database)
        try #require(!FileManager.default.fileExists(atPath: log), "the last writer removed its log")
        let importer = try scratch.launchWidgetHost(["store", "import", "large.yaml", "--store", "store"])
        let deadline = ContinuousClock.now + .seconds(120)
        while !FileManager.default.fileExists(atPath: log) && !importer.hasExited
            && ContinuousClock.now < deadline
        {
            Thread.sleep(forTimeInterval: 0.005)
        }
        let opened = size(log)
        switch point {
        case .aQuarterSecondIntoTheTransaction:
            Thread.sleep(forTimeInterval: 0.25)
        case .whileTheLogIsWritten:
            while !importer.hasExited && size(log) <= opened + 256 * 1024 && ContinuousClock.now < deadline {
                usleep(200)
            }
        case .whileTheLogIsCopiedIntoTheDatabase:
            while !importer.hasExited && size(database) <= databaseSize && ContinuousClock.now < deadline {
                usleep(200)
            }
        }
        if !importer.hasExited { importer.kill() }
        let exit = try importer.wait()
        #expect(
            exit.signal == SIGKILL,
            "the import ended (\(exit.summary), \(exit.duration)) before it was killed: \(exit.standardError)"
        )

        // widgethost reads the store (recovering from the log), and SQLite finds it sound.
        let tasks = try Self.completeTasks(in: scratch)
        #expect(try scratch.integrityCheck() == "ok")
        #expect(tasks.count == 2 || tasks.count == 2 + count, "\(tasks.count) tasks: part of the file")
        #expect(tasks.prefix(2).map { $0["title"] as? String } == ["Stored task 0", "Stored task 1"])
        if point == .whileTheLogIsCopiedIntoTheDatabase {
            // Only committed transactions are copied: all of it.
            #expect(tasks.count == 2 + count)
        }
        if tasks.count == 2 + count {
            #expect(tasks[2]["title"] as? String == "Imported task 0")
            #expect(tasks.last?["title"] as? String == "Imported task \(count - 1)")
        }

        // And it takes writes again: the killed writer's lock went with it.
        let perform = try scratch.widgethost([
            "perform", "AddTaskIntent", "taskName=After the kill", "--store", "store",
        ])
        #expect(perform.status == 0, "\(perform.standardError)")
        #expect(try Self.completeTasks(in: scratch).last?["title"] as? String == "After the kill")
    }

    /// A burst of adds and toggles, each killed at its own random moment (some before they start,
    /// some mid-write, some after they finish): the store stays sound, every row whole, every
    /// perform that finished kept, and the store takes writes afterwards.
    @Test func performsKilledAtRandomMomentsLeaveTheStoreConsistent() throws {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks(Self.storedTasksYAML(count: 20))
        var random = SplitMix64(seed: 20_261_129)

        // Each perform is killed at its own moment, 0 to 300 ms after its launch (a perform takes
        // some 60 ms alone, longer in the crowd), while the next ones are still being launched.
        var launched: [(arguments: [String], process: LaunchedProcess)] = []
        var kills: [(index: Int, at: ContinuousClock.Instant)] = []
        func killTheDueOnes() {
            let now = ContinuousClock.now
            for kill in kills where kill.at <= now && !launched[kill.index].process.hasExited {
                launched[kill.index].process.kill()
            }
            kills.removeAll { $0.at <= now }
        }
        for index in 0..<40 {
            let arguments =
                index % 2 == 0
                ? ["perform", "AddTaskIntent", "taskName=Burst task \(index / 2)", "category=burst"]
                : ["perform", "ToggleTaskIntent", "taskID=\(Self.taskID(index / 2))"]
            launched.append((arguments, try scratch.launchWidgetHost(arguments + ["--store", "store"])))
            kills.append((index, .now + .milliseconds(Int.random(in: 0...300, using: &random))))
            killTheDueOnes()
            Thread.sleep(forTimeInterval: 0.005)
        }
        while !kills.isEmpty {
            Thread.sleep(forTimeInterval: 0.001)
            killTheDueOnes()
        }

        var finishedAdds: [String: String] = [:]  // name -> id
        var finishedToggles: Set<Int> = []
        var killed = 0
        for entry in launched {
            let exit = try entry.process.wait()
            if exit.signal == SIGKILL {
                killed += 1
                continue
            }
            #expect(exit.status == 0, "\(entry.arguments): \(exit.summary): \(exit.standardError)")
            let value = exit.standardOutput.split(separator: "\n").first { $0.hasPrefix("value: ") }
            if entry.arguments[1] == "AddTaskIntent" {
                finishedAdds[String(entry.arguments[2].dropFirst("taskName=".count))] = value.map {
                    String($0.dropFirst("value: \"".count).dropLast())
                }
            } else {
                finishedToggles.insert(Int(entry.arguments[2].suffix(12)) ?? -1)
            }
        }
        #expect(killed > 0, "no perform was killed")

        // widgethost reads the store (recovering from the log) before sqlite3 checks it.
        let tasks = try Self.completeTasks(in: scratch)
        #expect(try scratch.integrityCheck() == "ok")
        for (n, task) in tasks.prefix(20).enumerated() {
            #expect(task["id"] as? String == Self.taskID(n))
            if finishedToggles.contains(n) {
                #expect(
                    Self.isCompleted(task) == (n % 2 == 0), "task \(n) was toggled by a perform that finished"
                )
            }
        }
        let added = Array(tasks.dropFirst(20))
        let names = added.compactMap { $0["title"] as? String }
        #expect(Set(names).count == names.count, "a name twice: \(names)")
        #expect(Set(names).isSubset(of: (0..<20).map { "Burst task \($0)" }), "\(names)")
        for (name, id) in finishedAdds {
            #expect(
                added.contains { $0["title"] as? String == name && $0["id"] as? String == id },
                "\(name) finished")
        }
        for task in added {
            #expect(task["category"] as? String == "burst" && task["priority"] as? String == "medium")
        }
        if let stamp = scratch.reloadStamp() {
            #expect(
                stamp.wholeMatch(of: /[0-9]+\n/) != nil, "a stamp is written whole: \(stamp.debugDescription)"
            )
        }

        let after = try scratch.widgethost([
            "perform", "AddTaskIntent", "taskName=After the burst", "--store", "store",
        ])
        #expect(after.status == 0, "\(after.standardError)")
        #expect(try Self.completeTasks(in: scratch).last?["title"] as? String == "After the burst")
    }
}
