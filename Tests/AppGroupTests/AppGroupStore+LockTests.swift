import CSQLite
import Diagnostics
import Foundation
import TaskStore
import TestSupport
import Testing

@testable import AppGroup

/// The shared store's write lock: opening a current store takes none, only an older one is set up
/// under it, a write that cannot get it says how long it waited and changes nothing, and readers
/// never wait for it.
@Suite struct AppGroupStoreLockTests {
    /// A store with one task, and a second connection to its database, holding the write lock.
    static func lockedStore(in directory: TemporaryDirectory) throws -> SQLiteDatabase {
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([StoredTask(id: "a", title: "Stored")], focus: false)
        let holder = try SQLiteDatabase(path: directory.path("widgethost.sqlite"))
        try holder.beginTransaction()
        try holder.run("INSERT INTO defaults(key, value) VALUES ('held', 'yes')")
        return holder
    }

    @Test func openingACurrentStoreTakesNoWriteLock() throws {
        let directory = try TemporaryDirectory()
        let holder = try Self.lockedStore(in: directory)
        defer { holder.rollBackTransaction() }
        // A writable open that would not wait a moment for the lock: opening and reading succeed.
        let store = try AppGroupStore(directory: directory.url, lockTimeout: .zero)
        #expect(try store.allTasks().map(\.title) == ["Stored"])
        #expect(try store.string(forKey: "held") == nil)
        let reader = try AppGroupStore(directory: directory.url, readOnly: true, lockTimeout: .zero)
        #expect(try reader.allTasks().count == 1)
    }

    @Test func aWriteThatCannotGetTheLockSaysHowLongItWaitedAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let holder = try Self.lockedStore(in: directory)
        let store = try AppGroupStore(directory: directory.url, lockTimeout: .milliseconds(100))
        #expect(store.lockTimeout == .milliseconds(100))
        #expect {
            try store.addTask(title: "Refused")
        } throws: { error in
            guard let error = error as? AppGroupError else { return false }
            let pattern =
                /cannot use the store at '.*widgethost.sqlite': the store is busy: other processes kept it locked for the (0\.[1-9]|[1-9][0-9]*\.[0-9]) s this one waited; nothing was changed\. Try again, or wait longer with --lock-timeout or WIDGETHOST_LOCK_TIMEOUT \(seconds\)/
            return error.code.rawValue == "store.busy" && error.message.wholeMatch(of: pattern) != nil
        }
        holder.rollBackTransaction()
        #expect(try store.allTasks().map(\.title) == ["Stored"])
        try store.addTask(title: "Later")
        #expect(try store.allTasks().map(\.title) == ["Stored", "Later"])
    }

    @Test func aNewStoreIsCreatedInWriteAheadLoggingModeAndAnOlderOneUpgradedUnderTheLock() throws {
        let directory = try TemporaryDirectory()
        try VersionOneStore.create(in: directory)
        // An older store needs the lock: held by another connection, the open fails as busy.
        let holder = try SQLiteDatabase(path: directory.path("widgethost.sqlite"))
        try holder.beginTransaction()
        #expect {
            try AppGroupStore(directory: directory.url, lockTimeout: .milliseconds(50))
        } throws: { error in
            (error as? AppGroupError)?.code.rawValue == "store.busy"
                && (error as? AppGroupError)?.message.hasPrefix("cannot open the store at '") == true
        }
        holder.rollBackTransaction()
        _ = try AppGroupStore(directory: directory.url, lockTimeout: .milliseconds(50))
        let database = try SQLiteDatabase(path: directory.path("widgethost.sqlite"), mode: .readOnly)
        #expect(try database.scalar("PRAGMA user_version") == .integer(2))
        #expect(try database.scalar("PRAGMA journal_mode") == .text("wal"))
    }

    @Test func runRecordsEvaluationsOnlyWhenNoWriterHoldsTheLock() throws {
        let directory = try TemporaryDirectory()
        let holder = try Self.lockedStore(in: directory)
        let store = try AppGroupStore(directory: directory.url, lockTimeout: .seconds(20))
        let start = ContinuousClock.now
        #expect(try !store.recordEvaluationsUnlessBusy([("work", "TaskWidget")]))
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(store.lockTimeout == .seconds(20))
        holder.rollBackTransaction()
        #expect(try store.recordEvaluationsUnlessBusy([("work", "TaskWidget")]))
        try store.requestReload(ofKind: "TaskWidget")
        #expect(try store.isReloadRequested(forWidget: "work", kind: "TaskWidget"))
    }

    @Test(arguments: [
        (Duration?.some(.seconds(30)), "other processes kept it locked for the 30.0 s this one waited"),
        (.some(.milliseconds(250)), "other processes kept it locked for the 0.3 s this one waited"),
        (.some(.milliseconds(40)), "other processes kept it locked for the 0.04 s this one waited"),
        (nil, "another process holds its lock"),
    ])
    func theBusyMessageSaysHowLongItWaited(waited: Duration?, held: String) {
        #expect(
            AppGroupError.busyReason(waited: waited)
                == "the store is busy: \(held); nothing was changed. Try again, or wait longer with "
                + "--lock-timeout or WIDGETHOST_LOCK_TIMEOUT (seconds)")
    }
}
