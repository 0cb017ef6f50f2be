import CSQLite
import Diagnostics
import Foundation
import TaskStore
import TestSupport
import Testing

@testable import AppGroup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared store: shared defaults, transactions, and every way opening can fail (with tasks as
/// the data written).
@Suite struct AppGroupStoreTests {
    @Test func aTransactionThatThrowsLeavesTheStoreAsItWas() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([StoredTask(title: "a")], focus: nil)
        #expect(throws: AppGroupError.self) {
            try store.withTransaction { database throws(SQLiteError) in
                try database.run("UPDATE tasks SET title = 'changed'")
                try database.run("DELETE FROM tasks")
                throw SQLiteError(code: SQLITE_ABORT, message: "stopped on purpose", path: "")
            }
        }
        #expect(try store.allTasks().map(\.title) == ["a"])
    }

    // MARK: - Shared defaults

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
        let tasks = [StoredTask(title: "a", priority: .high, category: "work", isCompleted: true)]
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
            let tasks = (0..<2000).map {
                StoredTask(title: "task \($0) " + String(repeating: "x", count: 40))
            }
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

    /// The directories a new store needs are its owner's only (0700, as the XDG spec asks); one that
    /// exists keeps its mode.
    @Test func theDirectoriesOfANewStoreAreItsOwners() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("shared"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o775])
        _ = try AppGroupStore(directory: directory.url.appendingPathComponent("shared/widgethost/group.a"))
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(directory.path(path), &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode("shared") == 0o775)
        #expect(mode("shared/widgethost") == 0o700)
        #expect(mode("shared/widgethost/group.a") == 0o700)
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
