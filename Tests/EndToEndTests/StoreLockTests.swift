import AppGroup
import Foundation
import TestSupport
import Testing

/// The shared store's write lock as `widgethost` processes meet it: a burst of intents all
/// succeed, a writer that cannot get the lock says how long it waited and changes nothing, `run`
/// never waits for writers, and the lock timeout's option and variable are checked.
@Suite struct StoreLockTests {
    /// A connection to `store`'s database holding its write lock, as another program's writer would.
    static func holdWriteLock(of scratch: TemporaryDirectory, store: String = "store") throws
        -> SQLiteDatabase
    {
        let holder = try SQLiteDatabase(path: scratch.path(store) + "/widgethost.sqlite")
        try holder.beginTransaction()
        try holder.run("INSERT INTO defaults(key, value) VALUES ('held', 'by another writer')")
        return holder
    }

    // MARK: - A burst

    /// 200 processes at once, adds and toggles interleaved: every one succeeds (none refused), each
    /// change is kept once, and each has its reload request.
    @Test func aBurstOfTwoHundredPerformsIsNeitherRefusedNorLost() throws {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 100))
        var launched: [(arguments: [String], process: LaunchedProcess)] = []
        for index in 0..<200 {
            let arguments =
                index % 2 == 0
                ? ["perform", "AddTaskIntent", "taskName=Burst \(index / 2)", "--store", "store"]
                : [
                    "perform", "ToggleTaskIntent", "taskID=\(StoreConcurrencyTests.taskID(index / 2))",
                    "--store", "store",
                ]
            launched.append((arguments, try scratch.launchWidgetHost(arguments)))
        }
        for (arguments, process) in launched {
            let exit = try process.wait(timeout: .seconds(120))
            #expect(exit.status == 0, "\(arguments): \(exit.summary): \(exit.standardError)")
            #expect(exit.standardError.isEmpty, "\(arguments)")
        }
        let tasks = try StoreConcurrencyTests.completeTasks(in: scratch)
        #expect(tasks.count == 200)
        for (n, task) in tasks.prefix(100).enumerated() {
            #expect(StoreConcurrencyTests.isCompleted(task) == (n % 2 == 0), "task \(n) toggled once")
        }
        let names = tasks.dropFirst(100).compactMap { $0["title"] as? String }
        #expect(names.sorted() == (0..<100).map { "Burst \($0)" }.sorted())
        // The import's request, then one each.
        #expect(try scratch.sqlite3("SELECT max(generation) FROM reload_requests") == "201")
        #expect(try scratch.integrityCheck() == "ok")
    }

    /// 40 imports and inits at once into a store that does not exist yet: one creates it, none is
    /// refused.
    @Test func aBurstIntoAStoreNotCreatedYetCreatesItOnce() throws {
        let scratch = try TemporaryDirectory()
        for index in 0..<40 { try scratch.file("new-\(index).yaml", "tasks:\n  - title: New \(index)\n") }
        let processes = try (0..<40).flatMap { index in
            [
                try scratch.launchWidgetHost(["store", "import", "new-\(index).yaml", "--store", "store"]),
                try scratch.launchWidgetHost(["store", "init", "--store", "store"]),
            ]
        }
        for process in processes {
            let exit = try process.wait(timeout: .seconds(60))
            #expect(exit.status == 0, "\(exit.summary): \(exit.standardError)")
        }
        #expect(try scratch.sqlite3("SELECT count(*) FROM tasks") == "40")
        #expect(try scratch.sqlite3("PRAGMA journal_mode") == "wal")
        #expect(try scratch.sqlite3("PRAGMA user_version") == "2")
        #expect(try scratch.integrityCheck() == "ok")
    }

    // MARK: - Waiting for the lock

    @Test(arguments: [
        (["--lock-timeout", "0.2"], [String: String]()),
        ([], ["WIDGETHOST_LOCK_TIMEOUT": "0.2"]),
    ])
    func aWriterThatCannotGetTheLockSaysHowLongItWaitedAndChangesNothing(
        options: [String], environment: [String: String]
    ) throws {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 2))
        let before = try scratch.exportJSON()
        let holder = try Self.holdWriteLock(of: scratch)
        let perform = try scratch.widgethost(
            ["perform", "ToggleTaskIntent", "taskID=\(StoreConcurrencyTests.taskID(0))", "--store", "store"]
                + options,
            environment: environment)
        holder.rollBackTransaction()
        #expect(perform.status == 1)
        #expect(perform.standardOutput.isEmpty)
        let store = scratch.path("store")
        // The holder is named (this test process holds the lock), as the kernel's lock table says.
        let expected =
            "error: cannot use the store at '\(store)/widgethost.sqlite': the store is busy: process "
            + "\(getpid()) (NAME) kept it locked for the 0.2 s this one waited; nothing was changed. Try "
            + "again, or wait longer with --lock-timeout or WIDGETHOST_LOCK_TIMEOUT (seconds)\n"
        // The wait is measured: on a loaded machine it may run past 0.2 s, never short of it.
        let measured = perform.standardError.replacing(
            /for the (0\.[2-9]|[1-9][0-9]*\.[0-9]) s/, with: "for the 0.2 s"
        ).replacing(/\(([^()]+)\) kept/, with: "(NAME) kept")
        #expect(measured == expected)
        #expect(perform.duration < .seconds(5))
        #expect(try scratch.exportJSON() == before, "nothing was changed")
        #expect(try scratch.sqlite3("SELECT count(*) FROM reload_requests") == "1", "only the import's")

        let after = try scratch.widgethost(
            ["perform", "ToggleTaskIntent", "taskID=\(StoreConcurrencyTests.taskID(0))", "--store", "store"]
                + options,
            environment: environment)
        #expect(after.status == 0, "\(after.standardError)")
    }

    /// `run` reads while another writer holds the lock, without waiting for it (write-ahead
    /// logging), however long the lock timeout.
    @Test func runDoesNotWaitForAWriter() throws {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 3))
        let holder = try Self.holdWriteLock(of: scratch)
        defer { holder.rollBackTransaction() }
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--store", "store", "--format", "json", "--lock-timeout", "60",
            "--at", "2026-11-29T12:00:00Z",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(run.duration < .seconds(20), "run waited for the writer: \(run.duration)")
        #expect(run.standardOutput.contains("Stored task 0"))
    }

    /// A store another process holds locked while creating it is waited for once in a run, not
    /// once a widget: the first widget waits the lock timeout, the others fail at once with its
    /// failure, naming the process that holds the lock; the output keeps config order.
    @Test func runWaitsForALockedStoreOncePerRunNotPerWidget() throws {
        let scratch = try TemporaryDirectory()
        let widgets = (0..<6).map { "  - {id: w\($0), kind: TaskWidget}\n" }.joined()
        try scratch.file("widgets.yaml", "widgets:\n" + widgets)
        try FileManager.default.createDirectory(
            atPath: scratch.path("store"), withIntermediateDirectories: true)
        // A database being created by another writer: no widgethost schema yet, its lock held.
        let holder = try SQLiteDatabase(path: scratch.path("store") + "/widgethost.sqlite")
        try holder.beginTransaction()
        try holder.run("CREATE TABLE other(a)")
        defer { holder.rollBackTransaction() }
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--store", "store", "--format", "ndjson", "--lock-timeout", "1",
        ])
        #expect(run.status == 1)
        // One wait of 1 s (six were 6 s), with room for a loaded machine.
        #expect(run.duration < .seconds(4), "\(run.duration)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        for (index, line) in lines.enumerated() {
            let object = try JSONText.object(line)
            #expect(object["id"] as? String == "w\(index)")
            let error = object["error"] as? [String: Any]
            #expect(error?["code"] as? String == "store.busy")
            let message = error?["message"] as? String ?? ""
            #expect(message.contains("the store is busy: process \(getpid()) ("), "\(message)")
        }
    }

    // MARK: - Checking the timeout

    @Test(arguments: [
        ["perform", "AddTaskIntent", "taskName=x"], ["run", "widgets.yaml"],
        ["store", "import", "tasks.yaml"],
        ["store", "export"], ["tap", "work-tasks", "1", "widgets.yaml"],
    ])
    func aBadLockTimeoutIsAUsageErrorNamingIt(command: [String]) throws {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        try scratch.file("tasks.yaml", "tasks: []\n")
        let usage = "Usage: widgethost \(command[0] == "store" ? command[0] + " " + command[1] : command[0])"

        let option = try scratch.widgethost(command + ["--store", "store", "--lock-timeout", "soon"])
        #expect(option.status == 64)
        #expect(
            option.firstErrorLine
                == "Error: The value 'soon' is invalid for '--lock-timeout <seconds>': expected a number of "
                + "seconds from 0 to 86400, such as 30 or 2.5.")
        #expect(option.standardError.contains(usage), "\(option.standardError)")

        // A negative number is the option's value, refused as out of range, not a missing value.
        let negative = try scratch.widgethost(command + ["--store", "store", "--lock-timeout", "-1"])
        #expect(negative.status == 64)
        #expect(
            negative.firstErrorLine
                == "Error: The value '-1' is invalid for '--lock-timeout <seconds>': expected a number of "
                + "seconds from 0 to 86400, such as 30 or 2.5.")

        let variable = try scratch.widgethost(
            command + ["--store", "store"], environment: ["WIDGETHOST_LOCK_TIMEOUT": "-1"])
        #expect(variable.status == 64)
        #expect(
            variable.firstErrorLine
                == "Error: The value '-1' of WIDGETHOST_LOCK_TIMEOUT is invalid: expected a number of "
                + "seconds from 0 to 86400, such as 30 or 2.5.")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("store")), "nothing ran")
    }
}
