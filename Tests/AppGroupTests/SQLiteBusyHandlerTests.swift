import CSQLite
import Foundation
import TestSupport
import Testing

@testable import AppGroup

/// Waiting for another connection's lock: backoff with jitter up to the timeout, then
/// `SQLITE_BUSY` with the time waited; readers never wait for a writer.
@Suite struct SQLiteBusyHandlerTests {
    /// Two connections to one write-ahead-logged database with a table `t(i)`.
    static func connections(
        in directory: TemporaryDirectory, waiting timeout: Duration
    ) throws -> (holder: SQLiteDatabase, waiter: SQLiteDatabase) {
        let holder = try SQLiteDatabase(path: directory.path("test.sqlite"))
        try holder.useWriteAheadLogging()
        try holder.execute("CREATE TABLE t(i INTEGER)")
        let waiter = try SQLiteDatabase(path: directory.path("test.sqlite"), busyTimeout: timeout)
        return (holder, waiter)
    }

    @Test func delaysDoubleFromOneMillisecondUpToFifty() {
        let ceilings = (0..<9).map { SQLiteBusyHandler.delayCeiling(attempt: $0) }
        #expect(
            ceilings == [1, 2, 4, 8, 16, 32, 50, 50, 50].map { Duration.milliseconds($0) })
        #expect(SQLiteBusyHandler.delayCeiling(attempt: 10_000) == .milliseconds(50))
    }

    /// Runs `body` with a connection waiting up to `timeout` while another holds the write lock
    /// (a transaction, rolled back once `body` returns).
    static func whileLocked(waiting timeout: Duration, _ body: (SQLiteDatabase) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        let (holder, waiter) = try connections(in: directory, waiting: timeout)
        try holder.beginTransaction()
        defer { holder.rollBackTransaction() }
        try body(waiter)
    }

    @Test func aWriterGivesUpAfterItsTimeoutAndSaysHowLongItWaited() throws {
        try Self.whileLocked(waiting: .milliseconds(200)) { waiter in
            let start = ContinuousClock.now
            #expect {
                try waiter.execute("BEGIN IMMEDIATE")
            } throws: { error in
                (error as? SQLiteError)?.primaryCode == SQLITE_BUSY
            }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(5), "\(elapsed)")
            let waited = try #require(waiter.lastBusyWait)
            #expect(waited >= .milliseconds(200) && waited <= elapsed, "\(waited)")
        }
    }

    @Test func aWriterTakesTheLockOnceItIsReleasedWithinItsTimeout() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("test.sqlite")
        _ = try Self.connections(in: directory, waiting: .zero)
        let held = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let thread = Thread {
            guard let holder = try? SQLiteDatabase(path: path), (try? holder.beginTransaction()) != nil else {
                held.signal()
                return
            }
            held.signal()
            Thread.sleep(forTimeInterval: 0.15)
            try? holder.run("INSERT INTO t(i) VALUES (1)")
            try? holder.commitTransaction()
            released.signal()
        }
        thread.start()
        held.wait()
        let waiter = try SQLiteDatabase(path: path, busyTimeout: .seconds(10))
        let start = ContinuousClock.now
        try waiter.transaction { () throws(SQLiteError) in try waiter.run("INSERT INTO t(i) VALUES (2)") }
        let elapsed = ContinuousClock.now - start
        released.wait()
        #expect(elapsed >= .milliseconds(100) && elapsed < .seconds(5), "\(elapsed)")
        #expect(try waiter.scalar("SELECT group_concat(i) FROM t") == .text("1,2"))
    }

    @Test func aReaderNeverWaitsForAWriter() throws {
        let directory = try TemporaryDirectory()
        let (holder, reader) = try Self.connections(in: directory, waiting: .zero)
        try holder.run("INSERT INTO t(i) VALUES (1)")
        try holder.beginTransaction()
        defer { holder.rollBackTransaction() }
        try holder.run("INSERT INTO t(i) VALUES (2)")
        // The reader sees what was committed, at once, though it would not wait a moment.
        #expect(try reader.scalar("SELECT count(*) FROM t") == .integer(1))
        #expect(reader.lastBusyWait == nil)
    }

    @Test func aZeroTimeoutForOneCallFailsAtOnceAndTheTimeoutIsRestored() throws {
        try Self.whileLocked(waiting: .seconds(20)) { waiter in
            let start = ContinuousClock.now
            #expect(throws: SQLiteError.self) {
                try waiter.withBusyTimeout(.zero) { () throws(SQLiteError) in
                    try waiter.execute("BEGIN IMMEDIATE")
                }
            }
            #expect(ContinuousClock.now - start < .seconds(2))
            #expect(waiter.busyTimeout == .seconds(20))
        }
    }

    @Test func aTransactionBegunByOneCallIsEndedByAnother() throws {
        let directory = try TemporaryDirectory()
        let (database, other) = try Self.connections(in: directory, waiting: .zero)
        try database.beginTransaction()
        try database.transaction { () throws(SQLiteError) in try database.run("INSERT INTO t(i) VALUES (1)") }
        #expect(database.isInTransaction)
        #expect(throws: SQLiteError.self) { try database.beginTransaction() }
        #expect(try other.scalar("SELECT count(*) FROM t") == .integer(0))
        try database.commitTransaction()
        #expect(!database.isInTransaction)
        #expect(try other.scalar("SELECT count(*) FROM t") == .integer(1))

        try database.beginTransaction()
        try database.run("INSERT INTO t(i) VALUES (2)")
        database.rollBackTransaction()
        #expect(try other.scalar("SELECT count(*) FROM t") == .integer(1))
        #expect(throws: SQLiteError.self) { try database.commitTransaction() }
    }
}
