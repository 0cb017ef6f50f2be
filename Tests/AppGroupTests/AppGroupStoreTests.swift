import CSQLite
import Diagnostics
import Foundation
import Testing

@testable import AppGroup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared store: importing, changing tasks, shared defaults, transactions, and every way
/// opening can fail.
@Suite struct AppGroupStoreTests {
    static func task(
        _ title: String, _ priority: TaskPriority = .medium, category: String? = nil, done: Bool = false
    )
        -> StoredTask
    {
        StoredTask(title: title, priority: priority, category: category, isCompleted: done)
    }

    // MARK: - Import

    @Test func importKeepsTheFileOrderAfterTheTasksAlreadyStored() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let first = [Self.task("a"), Self.task("b")]
        let second = [Self.task("c"), Self.task("d"), Self.task("e")]
        #expect(try store.importTasks(first, focus: nil) == TaskImportSummary(added: 2, updated: 0))
        #expect(try store.importTasks(second, focus: nil) == TaskImportSummary(added: 3, updated: 0))
        #expect(try store.allTasks().map(\.title) == ["a", "b", "c", "d", "e"])
        #expect(try store.allTasks() == first + second)
    }

    @Test func importUpdatesAKnownIdInPlace() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let tasks = [Self.task("a"), Self.task("b"), Self.task("c")]
        try store.importTasks(tasks, focus: nil)
        var changed = tasks[1]
        changed.title = "b, renamed"
        changed.priority = .high
        changed.category = "work"
        changed.isCompleted = true
        changed.dueDate = Date(timeIntervalSince1970: 1_780_000_000)
        let added = Self.task("d")
        let summary = try store.importTasks([added, changed], focus: nil)
        #expect(summary == TaskImportSummary(added: 1, updated: 1))
        #expect(summary.total == 2)
        #expect(try store.allTasks() == [tasks[0], changed, tasks[2], added])
    }

    @Test func importMatchesUUIDsWhateverTheirCase() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let id = UUID()
        try store.importTasks([StoredTask(id: id.uuidString.lowercased(), title: "a")], focus: nil)
        #expect(try store.allTasks().map(\.id) == [id.uuidString])
        let summary = try store.importTasks([StoredTask(id: id.uuidString, title: "b")], focus: nil)
        #expect(summary == TaskImportSummary(added: 0, updated: 1))
        #expect(try store.task(id: id.uuidString.lowercased())?.title == "b")
    }

    @Test(arguments: [
        ("6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11", true), ("6b1a1a3e-5f0c-4e8c-9c55-2f2b1b0c0d11", false),
        ("6B1A1A3E5F0C4E8C9C552F2B1B0C0D11", false), ("6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D1", false),
        ("6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D111", false), ("6B1A1A3E-5F0C-4E8C-9C55+2F2B1B0C0D11", false),
        ("", false),
    ])
    func recognizesCanonicalUUIDsWithoutFoundation(id: String, isCanonical: Bool) {
        #expect(AppGroupStore.isCanonicalUUID(id) == isCanonical)
        #expect(AppGroupStore.isCanonicalUUID(id) == (UUID(uuidString: id)?.uuidString == id))
    }

    @Test func importSetsTheFocusModeOnlyWhenGiven() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([], focus: true)
        #expect(try store.isFocusModeOn())
        try store.importTasks([Self.task("a")], focus: nil)
        #expect(try store.isFocusModeOn())
        try store.importTasks([], focus: false)
        #expect(try !store.isFocusModeOn())
    }

    @Test func aFailingImportChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let before = [Self.task("a"), Self.task("b")]
        try store.importTasks(before, focus: false)
        var renamed = before[0]
        renamed.title = "a, renamed"
        // The empty title breaks the table's CHECK after two tasks were written in the transaction.
        let error = try #require(throws: AppGroupError.self) {
            try store.importTasks([renamed, Self.task("c"), Self.task("")], focus: true)
        }
        #expect(error.code.rawValue == "store.invalid-task")
        #expect(
            error.message.hasPrefix(
                "cannot use the store at '\(store.databaseURL.path)': a task breaks a rule"))
        #expect(try store.allTasks() == before)
        #expect(try !store.isFocusModeOn())
    }

    @Test func aTransactionThatThrowsLeavesTheStoreAsItWas() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([Self.task("a")], focus: nil)
        #expect(throws: AppGroupError.self) {
            try store.withTransaction { database throws(SQLiteError) in
                try database.run("UPDATE tasks SET title = 'changed'")
                try database.run("DELETE FROM tasks")
                throw SQLiteError(code: SQLITE_ABORT, message: "stopped on purpose", path: "")
            }
        }
        #expect(try store.allTasks().map(\.title) == ["a"])
    }

    // MARK: - Intents' operations

    @Test func toggleFlipsCompletionAndReturnsTheTask() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let task = Self.task("a")
        try store.importTasks([task], focus: nil)
        #expect(try store.toggleTask(id: task.id)?.isCompleted == true)
        #expect(try store.toggleTask(id: task.id.lowercased())?.isCompleted == false)
        #expect(try store.toggleTask(id: UUID().uuidString) == nil)
        #expect(try store.toggleTask(id: "not a uuid") == nil)
        #expect(try store.allTasks() == [task])
    }

    @Test func setTaskCompletionSetsRatherThanToggles() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let task = Self.task("a")
        try store.importTasks([task], focus: nil)
        #expect(try store.setTaskCompletion(id: task.id, isCompleted: true)?.isCompleted == true)
        #expect(try store.setTaskCompletion(id: task.id, isCompleted: true)?.isCompleted == true)
        #expect(try store.setTaskCompletion(id: task.id, isCompleted: false)?.isCompleted == false)
        #expect(try store.setTaskCompletion(id: UUID().uuidString, isCompleted: true) == nil)
    }

    @Test func addTaskAppendsANewPendingTask() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([Self.task("a")], focus: nil)
        let added = try store.addTask(title: "Buy milk", priority: .low, category: "shopping")
        #expect(UUID(uuidString: added.id)?.uuidString == added.id)
        #expect(added.title == "Buy milk")
        #expect(added.priority == .low)
        #expect(added.category == "shopping")
        #expect(!added.isCompleted)
        #expect(try store.allTasks().last == added)
        #expect(try store.task(id: added.id) == added)
        #expect(throws: AppGroupError.self) { try store.addTask(title: "") }
    }

    @Test func concurrentChangesFromTwoConnectionsAreNotLost() async throws {
        let directory = try TemporaryDirectory()
        let first = try AppGroupStore(directory: directory.url)
        let second = try AppGroupStore(directory: directory.url)
        let task = Self.task("shared")
        try first.importTasks([task], focus: nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in [first, second] {
                group.addTask {
                    for index in 0..<50 {
                        try store.toggleTask(id: task.id)
                        try store.addTask(title: "task \(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        // 100 toggles bring it back; 100 adds are all there.
        #expect(try first.task(id: task.id)?.isCompleted == false)
        #expect(try second.allTasks().count == 101)
    }

    // MARK: - Shared defaults

    @Test func focusModeIsOffUntilSet() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        #expect(try !store.isFocusModeOn())
        try store.setFocusMode(true)
        #expect(try store.isFocusModeOn())
        #expect(try store.string(forKey: "focus.isOn") == "true")
        let reopened = try AppGroupStore(directory: directory.url, readOnly: true)
        #expect(try reopened.isFocusModeOn())
        try store.setFocusMode(false)
        #expect(try !reopened.isFocusModeOn())
    }

    @Test func sharedDefaultsStoreAndRemoveStrings() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        #expect(try store.string(forKey: "theme") == nil)
        try store.setString("dark", forKey: "theme")
        try store.setString("light", forKey: "theme")
        #expect(try store.string(forKey: "theme") == "light")
        try store.setString(nil, forKey: "theme")
        #expect(try store.string(forKey: "theme") == nil)
        try store.setString("maybe", forKey: AppGroupStore.focusModeKey)
        #expect(try !store.isFocusModeOn())
    }

    // MARK: - Opening

    @Test func theSchemaIsVersioned() throws {
        let directory = try TemporaryDirectory()
        _ = try AppGroupStore(directory: directory.url)
        let database = try SQLiteDatabase(path: directory.path("widgethost.sqlite"), mode: .readOnly)
        #expect(try database.scalar("PRAGMA user_version") == .integer(2))
        #expect(try database.scalar("PRAGMA journal_mode") == .text("wal"))
        let indexes = try database.query(
            "SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'tasks_by_%' ORDER BY name"
        ) {
            row throws(SQLiteError) in row.string(at: 0) ?? ""
        }
        #expect(indexes.count == 7)
    }

    @Test func reopeningKeepsTheData() throws {
        let directory = try TemporaryDirectory()
        let tasks = [Self.task("a", .high, category: "work", done: true)]
        do {
            let store = try AppGroupStore(directory: directory.url)
            try store.importTasks(tasks, focus: true)
        }
        let store = try AppGroupStore(directory: directory.url)
        #expect(try store.allTasks() == tasks)
        #expect(try store.isFocusModeOn())
    }

    @Test func aCorruptFileIsAClearErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        let garbage = (0..<16_384).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try directory.file("widgethost.sqlite", bytes: garbage)
        let path = directory.path("widgethost.sqlite")
        for readOnly in [false, true] {
            let error = try #require(throws: AppGroupError.self) {
                try AppGroupStore(directory: directory.url, readOnly: readOnly)
            }
            #expect(error.code.rawValue == "store.corrupt")
            #expect(
                error.message
                    == "cannot open the store at '\(path)': the file is damaged or is not an SQLite database "
                    + "(file is not a database); move it aside to start a new store")
            #expect(error.path == path)
        }
    }

    @Test func aDamagedPageIsReportedWhenRead() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try AppGroupStore(directory: directory.url)
            let tasks = (0..<2000).map { Self.task("task \($0) " + String(repeating: "x", count: 40)) }
            try store.importTasks(tasks, focus: nil)
        }
        // Overwrite everything after the header page with garbage; the header still says "SQLite".
        let url = directory.url.appendingPathComponent("widgethost.sqlite")
        var bytes = [UInt8](try Data(contentsOf: url))
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 13) }
        try Data(bytes).write(to: url)
        let error = try #require(throws: AppGroupError.self) {
            let store = try AppGroupStore(directory: directory.url, readOnly: true)
            _ = try store.allTasks()
        }
        #expect(error.code.rawValue == "store.corrupt")
        #expect(error.message.contains("'\(url.path)'"))
    }

    @Test func anotherProgramsDatabaseIsNotAWidgethostStore() throws {
        let directory = try TemporaryDirectory()
        do {
            let other = try SQLiteDatabase(path: directory.path("widgethost.sqlite"))
            try other.execute("CREATE TABLE tasks(name TEXT)")
        }
        let error = try #require(throws: AppGroupError.self) { try AppGroupStore(directory: directory.url) }
        #expect(error.code.rawValue == "store.corrupt")
        #expect(error.message.contains("the file is not a widgethost store"))
    }

    @Test func aStoreFromANewerWidgethostIsRefused() throws {
        let directory = try TemporaryDirectory()
        do {
            _ = try AppGroupStore(directory: directory.url)
            let database = try SQLiteDatabase(path: directory.path("widgethost.sqlite"))
            try database.execute("PRAGMA user_version = 7")
        }
        let error = try #require(throws: AppGroupError.self) { try AppGroupStore(directory: directory.url) }
        #expect(error.code.rawValue == "store.newer-version")
        #expect(
            error.message.hasSuffix(
                "it was written by a newer widgethost (schema version 7; this one reads up to 2)"))
    }

    @Test func readingAStoreThatDoesNotExistSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("widgethost.sqlite")
        let error = try #require(throws: AppGroupError.self) {
            try AppGroupStore(directory: directory.url, readOnly: true)
        }
        #expect(error.code.rawValue == "store.not-found")
        #expect(error.message == "cannot open the store at '\(path)': there is no such file or directory")
        try directory.file("widgethost.sqlite", bytes: [])
        let empty = try #require(throws: AppGroupError.self) {
            try AppGroupStore(directory: directory.url, readOnly: true)
        }
        #expect(empty.code.rawValue == "store.not-found")
        #expect(empty.message == "cannot open the store at '\(path)': the file holds no widgethost store yet")
    }

    @Test func aStoreUnderARegularFileIsUnwritable() throws {
        // Works as root too: no permission bit is involved.
        let directory = try TemporaryDirectory()
        try directory.file("plain-file", bytes: Array("not a directory".utf8))
        let container = directory.url.appendingPathComponent("plain-file/group")
        let error = try #require(throws: AppGroupError.self) { try AppGroupStore(directory: container) }
        #expect(error.code.rawValue == "store.unwritable")
        #expect(
            error.message
                == "cannot create the store directory '\(container.path)': '\(directory.path("plain-file"))' is a file, not a directory"
        )
    }

    @Test(
        .disabled(
            if: geteuid() == 0,
            "root writes into a read-only directory anyway; the error mapping is tested by the tests below")
    )
    func aReadOnlyDirectoryIsUnwritable() throws {
        let directory = try TemporaryDirectory()
        let container = directory.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: container.path)
        let error = try #require(throws: AppGroupError.self) { try AppGroupStore(directory: container) }
        #expect(error.code.rawValue == "store.unwritable")
        #expect(
            error.message
                == "cannot open the store at '\(container.path)/widgethost.sqlite': the directory is read-only"
        )
    }

    @Test func writingThroughAReadOnlyStoreIsUnwritable() throws {
        let directory = try TemporaryDirectory()
        _ = try AppGroupStore(directory: directory.url)
        let reader = try AppGroupStore(directory: directory.url, readOnly: true)
        #expect(reader.isReadOnly)
        let error = try #require(throws: AppGroupError.self) { try reader.setFocusMode(true) }
        #expect(error.code.rawValue == "store.unwritable")
        #expect(
            error.message
                == "cannot use the store at '\(directory.path("widgethost.sqlite"))': the file or its directory "
                + "is read-only (attempt to write a readonly database)")
    }

    /// How SQLite's open failures read, whatever user runs the tests.
    @Test(arguments: [
        (EACCES, "store.unwritable", "permission denied"),
        (EROFS, "store.unwritable", "the file system is read-only"),
        (ENOENT, "store.not-found", "there is no such file or directory"),
        (ENOTDIR, "store.unwritable", "a component of the path is not a directory"),
        (EISDIR, "store.unwritable", "it is a directory"),
    ])
    func cannotOpenErrorsSayWhy(errno number: Int32, code: String, reason: String) {
        let failure = SQLiteError(
            code: SQLITE_CANTOPEN, message: "unable to open database file", path: "/x/widgethost.sqlite",
            systemErrorNumber: number)
        let error = AppGroupError.store(at: "/x/widgethost.sqlite", failure, opening: true)
        #expect(error.code.rawValue == code)
        #expect(error.message == "cannot open the store at '/x/widgethost.sqlite': \(reason)")
    }

    @Test(arguments: [
        (SQLITE_BUSY, "store.busy"), (SQLITE_FULL, "store.full"), (SQLITE_IOERR, "store.io-error"),
        (SQLITE_READONLY, "store.unwritable"), (SQLITE_CORRUPT, "store.corrupt"),
        (SQLITE_NOTADB, "store.corrupt"),
        (SQLITE_CONSTRAINT, "store.invalid-task"), (SQLITE_MISUSE, "store.failed"),
    ])
    func sqliteResultCodesMapToStableCodes(result: Int32, code: String) {
        let error = AppGroupError.store(
            at: "/x/widgethost.sqlite", SQLiteError(code: result, message: "m", path: "/x/widgethost.sqlite"),
            opening: false)
        #expect(error.code.rawValue == code)
        #expect(error.message.hasPrefix("cannot use the store at '/x/widgethost.sqlite': "))
        #expect(error.path == "/x/widgethost.sqlite")
    }
}
