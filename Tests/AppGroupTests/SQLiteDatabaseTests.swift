import CSQLite
import Foundation
import TestSupport
import Testing

@testable import AppGroup

/// The SQLite wrapper: opening, settings, binding and reading each storage class, the statement
/// cache, transactions and errors.
@Suite struct SQLiteDatabaseTests {
    /// A database with a table `t(i INTEGER, r REAL, s TEXT, v)`; `v` has no type, so it keeps each
    /// value in the storage class it was bound with.
    static func database(in directory: TemporaryDirectory) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: directory.path("test.sqlite"))
        try database.useWriteAheadLogging()
        try database.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, v)")
        return database
    }

    @Test func openingChangesNothingAndWaitsThirtySecondsForALock() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.path("test.sqlite"))
        #expect(try database.scalar("PRAGMA journal_mode") == .text("delete"))
        #expect(database.busyTimeout == .seconds(30))
        #expect(!database.isReadOnly)
        #expect(FileManager.default.fileExists(atPath: directory.path("test.sqlite")))
        try database.useWriteAheadLogging()
        #expect(try database.scalar("PRAGMA journal_mode") == .text("wal"))
    }

    /// SQLite refuses at once, without asking the busy handler, to switch a database to
    /// write-ahead logging while another process is writing to it in the old mode (a burst of
    /// processes creating one store met that, while one of them switched it): the switch waits
    /// for the writer as a lock is waited for, says how long it waited when it gives up, and
    /// succeeds once the writer is done.
    @Test func writeAheadLoggingWaitsForAnotherProcessWritingAsForALock() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("test.sqlite")
        try SQLiteDatabase(path: path).execute("CREATE TABLE t(i)")
        // Another process holds a write transaction (SQLite's reserved lock) until it reads a line.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: Python.interpreter)
        other.arguments = [
            "-c",
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN IMMEDIATE"); c.execute("INSERT INTO t VALUES (1)")
            print("writing", flush=True); sys.stdin.readline(); c.execute("COMMIT")
            """,
            path,
        ]
        let input = Pipe()
        let output = Pipe()
        other.standardInput = input
        other.standardOutput = output
        try other.run()
        let otherInput = input.fileHandleForWriting
        defer {
            // However the test ends, the other process is let go (its stdin closed) and waited for.
            try? otherInput.close()
            other.waitUntilExit()
        }
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        try #require(String(decoding: said, as: UTF8.self) == "writing\n", "the writer started")

        let refused = try SQLiteDatabase(path: path, busyTimeout: .milliseconds(300))
        let error = #expect(throws: SQLiteError.self) { try refused.useWriteAheadLogging() }
        #expect(error?.primaryCode == SQLITE_BUSY)
        let waited = try #require(refused.lastBusyWait, "it waited before giving up")
        #expect(waited >= .milliseconds(300))

        let database = try SQLiteDatabase(path: path, busyTimeout: .seconds(20))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
            try? otherInput.write(contentsOf: Data("done\n".utf8))
        }
        try database.useWriteAheadLogging()
        #expect(try database.scalar("PRAGMA journal_mode") == .text("wal"))
    }

    @Test func busyTimeoutIsConfigurable() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(
            path: directory.path("test.sqlite"), busyTimeout: .milliseconds(250))
        #expect(database.busyTimeout == .milliseconds(250))
        // SQLite's own timeout is not used: the busy handler replaces it.
        #expect(try database.scalar("PRAGMA busy_timeout") == .integer(0))
    }

    @Test(arguments: [
        SQLiteValue.null, .integer(0), .integer(-42), .integer(.max), .integer(.min), .real(3.25),
        .real(-0.5),
        .text(""), .text("plain"), .text("emoji 🎉 and ünïcödé"), .text("embedded\u{0}nul"),
    ])
    func bindsAndReadsEveryStorageClass(value: SQLiteValue) throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        try database.run("INSERT INTO t(v) VALUES (?)", [value])
        let read = try database.query("SELECT v FROM t") { row throws(SQLiteError) in row.value(at: 0) }
        #expect(read == [value])
    }

    @Test func typedColumnGetters() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        try database.run("INSERT INTO t(i, r, s) VALUES (?, ?, ?)", [.integer(7), .real(1.5), .text("x")])
        try database.run(
            "INSERT INTO t(i, r, s) VALUES (?, ?, ?)",
            [SQLiteValue(Int?.none), SQLiteValue(Double?.none), SQLiteValue(String?.none)])
        let rows = try database.query("SELECT i, r, s FROM t ORDER BY rowid") { row throws(SQLiteError) in
            (row.int(at: 0), row.double(at: 1), row.string(at: 2), row.isNull(at: 0))
        }
        #expect(rows.count == 2)
        #expect(rows[0] == (7, 1.5, "x", false))
        #expect(rows[1] == (0, 0, nil, true))
        #expect(database.lastInsertRowID == 2)
        #expect(database.changes == 1)
    }

    @Test func booleansAreStoredAsOneAndZero() throws {
        #expect(SQLiteValue(true) == .integer(1))
        #expect(SQLiteValue(false) == .integer(0))
        #expect(SQLiteValue("a" as String?) == .text("a"))
        #expect(SQLiteValue(2 as Int?) == .integer(2))
    }

    @Test func preparedStatementsAreCachedBySQLText() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        let first = try database.prepare("SELECT count(*) FROM t")
        let again = try database.prepare("SELECT count(*) FROM t")
        #expect(first === again)
        for value in 0..<10 { try database.run("INSERT INTO t(i) VALUES (?)", [.integer(value)]) }
        #expect(database.cachedStatementCount == 2)
        #expect(try database.scalar("SELECT count(*) FROM t") == .integer(10))
        #expect(database.cachedStatementCount == 2)
    }

    @Test func aStatementThatDoesNotCompileNamesTheDatabaseAndTheProblem() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        let error = try #require(throws: SQLiteError.self) { try database.prepare("SELECT nope FROM t") }
        #expect(error.code == SQLITE_ERROR)
        #expect(error.message == "no such column: nope")
        #expect(error.path == directory.path("test.sqlite"))
        #expect(error.sql == "SELECT nope FROM t")
        #expect(
            error.description
                == "\(directory.path("test.sqlite")): no such column: nope (SQLite result code 1)")
    }

    @Test func bindingPastTheLastParameterIsARangeError() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        let error = try #require(throws: SQLiteError.self) {
            try database.run("INSERT INTO t(i) VALUES (?)", [.integer(1), .integer(2)])
        }
        #expect(error.code == SQLITE_RANGE)
    }

    @Test func aTransactionCommitsWhatItsBodyDid() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        let count = try database.transaction { () throws(SQLiteError) -> Int in
            #expect(database.isInTransaction)
            try database.run("INSERT INTO t(i) VALUES (1)")
            try database.run("INSERT INTO t(i) VALUES (2)")
            return 2
        }
        #expect(count == 2)
        #expect(!database.isInTransaction)
        // Another connection sees the commit.
        let other = try SQLiteDatabase(path: directory.path("test.sqlite"), mode: .readOnly)
        #expect(try other.scalar("SELECT count(*) FROM t") == .integer(2))
    }

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        try database.run("INSERT INTO t(i) VALUES (0)")
        let failure = SQLiteError(code: SQLITE_ABORT, message: "stop", path: "test")
        let error = try #require(throws: SQLiteError.self) {
            try database.transaction { () throws(SQLiteError) in
                try database.run("INSERT INTO t(i) VALUES (1)")
                try database.run("UPDATE t SET i = 99")
                throw failure
            }
        }
        #expect(error == failure)
        #expect(!database.isInTransaction)
        #expect(try database.query("SELECT i FROM t") { row throws(SQLiteError) in row.int(at: 0) } == [0])
    }

    @Test func aFailingStatementRollsBackTheWholeTransaction() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        try database.execute("CREATE TABLE u(x INTEGER NOT NULL)")
        #expect(throws: SQLiteError.self) {
            try database.transaction { () throws(SQLiteError) in
                try database.run("INSERT INTO u(x) VALUES (1)")
                try database.run("INSERT INTO u(x) VALUES (NULL)")
            }
        }
        #expect(try database.scalar("SELECT count(*) FROM u") == .integer(0))
    }

    @Test func anInnerTransactionIsASavepoint() throws {
        let directory = try TemporaryDirectory()
        let database = try Self.database(in: directory)
        try database.transaction { () throws(SQLiteError) in
            try database.run("INSERT INTO t(i) VALUES (1)")
            _ = try? database.transaction { () throws(SQLiteError) in
                try database.run("INSERT INTO t(i) VALUES (2)")
                throw SQLiteError(code: SQLITE_ABORT, message: "inner", path: "test")
            }
            #expect(database.isInTransaction)
            try database.transaction { () throws(SQLiteError) in
                try database.run("INSERT INTO t(i) VALUES (3)")
            }
        }
        #expect(
            try database.query("SELECT i FROM t ORDER BY i") { row throws(SQLiteError) in row.int(at: 0) }
                == [1, 3])
    }

    @Test func aReadOnlyConnectionRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.database(in: directory)
        let reader = try SQLiteDatabase(path: directory.path("test.sqlite"), mode: .readOnly)
        #expect(reader.isReadOnly)
        let error = try #require(throws: SQLiteError.self) { try reader.run("INSERT INTO t(i) VALUES (1)") }
        #expect(error.primaryCode == SQLITE_READONLY)
    }

    @Test func openingAMissingFileReadOnlyFails() throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: SQLiteError.self) {
            try SQLiteDatabase(path: directory.path("missing.sqlite"), mode: .readOnly)
        }
        #expect(error.primaryCode == SQLITE_CANTOPEN)
        #expect(error.systemErrorNumber == ENOENT)
    }

    @Test func openingGarbageFailsWithNotADatabase() throws {
        let directory = try TemporaryDirectory()
        try directory.file("garbage.sqlite", bytes: Array(repeating: 0x5A, count: 8192))
        for mode in [SQLiteDatabase.Mode.readWriteCreate, .readOnly] {
            let error = try #require(throws: SQLiteError.self) {
                try SQLiteDatabase(path: directory.path("garbage.sqlite"), mode: mode)
            }
            #expect(error.primaryCode == SQLITE_NOTADB)
            #expect(error.message == "file is not a database")
        }
    }

    @Test func closingTheLastConnectionCheckpointsAndRemovesTheLog() throws {
        let directory = try TemporaryDirectory()
        do {
            let database = try Self.database(in: directory)
            let statement = try database.prepare("SELECT count(*) FROM t")
            try database.run("INSERT INTO t(i) VALUES (1)")
            #expect(FileManager.default.fileExists(atPath: directory.path("test.sqlite-wal")))
            _ = statement
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("test.sqlite-wal")))
        let reopened = try SQLiteDatabase(path: directory.path("test.sqlite"), mode: .readOnly)
        #expect(try reopened.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test func aStatementOutlivingItsDatabaseIsFinalizedSafely() throws {
        let directory = try TemporaryDirectory()
        var statement: SQLiteStatement?
        do {
            let database = try Self.database(in: directory)
            statement = try database.prepare("SELECT 1")
        }
        // The connection closed with sqlite3_close_v2 stays allocated until this finalize.
        #expect(statement?.sql == "SELECT 1")
        statement = nil
        #expect(statement == nil)
    }
}
