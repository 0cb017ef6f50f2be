import Foundation
import TaskStore
import TestSupport
import Testing

@testable import AppGroup

/// Reading a store from several threads at once (its pool of read connections), and naming the
/// process that holds a store's lock from the kernel's lock table.
@Suite struct StoreReadersTests {
    /// Eight tasks read the store at once, again and again, while this test's own connection holds
    /// the write lock with a change not yet committed: every read gives the committed tasks.
    @Test func readsRunAtOnceAndSeeWhatIsCommitted() async throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        _ = try store.importTasks((0..<50).map { StoredTask(title: "task \($0)") }, focus: nil)
        let writer = try SQLiteDatabase(path: store.databaseURL.path)
        try writer.beginTransaction()
        try writer.run("UPDATE tasks SET title = 'uncommitted'")
        defer { writer.rollBackTransaction() }
        let titles = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen: [String] = []
                    for _ in 0..<50 {
                        seen = try store.tasks(matching: TaskQuery(limit: 3)).map(\.title)
                    }
                    return seen
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(titles.count == 8)
        #expect(titles.allSatisfy { $0 == ["task 0", "task 1", "task 2"] })
    }

    /// Inside a read batch (a run's widgets), a reader reads the store as it was at its first read of
    /// the batch: a change committed meanwhile by another connection shows only once the batch has
    /// ended, and a read outside the batch never sees the batch's moment.
    @Test func aReadBatchReadsOneMomentUntilItEnds() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        _ = try store.importTasks((0..<3).map { StoredTask(title: "task \($0)") }, focus: nil)
        let writer = try SQLiteDatabase(path: store.databaseURL.path)
        func titles() throws -> [String] { try store.tasks(matching: TaskQuery(limit: 3)).map(\.title) }

        let batch = ReadBatch()
        let (during, outside) = try ReadBatch.$current.withValue(batch) {
            let before = try titles()
            #expect(before == ["task 0", "task 1", "task 2"])
            try writer.run("UPDATE tasks SET title = 'renamed' WHERE title = 'task 0'")
            // The same moment for the batch's next reads (one at a time: the same reader).
            let during = try (0..<4).map { _ in try titles() }
            // A read outside the batch, meanwhile, sees the change.
            let outside = try ReadBatch.$current.withValue(nil) { try titles() }
            return (during, outside)
        }
        #expect(during.allSatisfy { $0 == ["task 0", "task 1", "task 2"] })
        #expect(outside == ["renamed", "task 1", "task 2"])
        batch.end()
        #expect(try titles() == ["renamed", "task 1", "task 2"])
        // A later batch reads the store as it is now.
        let later = try ReadBatch.$current.withValue(ReadBatch()) { try titles() }
        #expect(later == ["renamed", "task 1", "task 2"])
    }

    /// A batch answers a query it was asked already (the same SQL, values and store) from its
    /// first answer, without reading: one read per query however many widgets ask it.
    @Test func aBatchReadsAQueryOnce() throws {
        let batch = ReadBatch()
        let store = NSObject()
        let other = NSObject()
        var reads = 0
        func ask(_ sql: String, _ values: [SQLiteValue], of owner: AnyObject) -> [String] {
            batch.answer(sql, values, of: owner) { () -> [String] in
                reads += 1
                return ["read \(reads)"]
            }
        }
        #expect(ask("SELECT a", [.integer(3)], of: store) == ["read 1"])
        #expect(ask("SELECT a", [.integer(3)], of: store) == ["read 1"])
        #expect(ask("SELECT a", [.integer(4)], of: store) == ["read 2"])
        #expect(ask("SELECT b", [.integer(3)], of: store) == ["read 3"])
        #expect(ask("SELECT a", [.integer(3)], of: other) == ["read 4"])
        #expect(ask("SELECT a", [.integer(3)], of: store) == ["read 1"])
        #expect(reads == 4)
    }

    /// Inside a batch, queries of tasks differing in a value are answered apart, and an app
    /// intent's reads are never answered from the batch: they see the intent's own writes.
    @Test func aBatchKeepsQueriesApartAndLeavesIntentsReadsAlone() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        _ = try store.importTasks((0..<3).map { StoredTask(title: "task \($0)") }, focus: nil)
        try ReadBatch.$current.withValue(ReadBatch()) {
            #expect(try store.tasks(matching: TaskQuery(limit: 1)).map(\.title) == ["task 0"])
            #expect(try store.tasks(matching: TaskQuery(limit: 2)).map(\.title) == ["task 0", "task 1"])
            let transaction = IntentTransaction()
            try IntentTransaction.$current.withValue(transaction) {
                try store.addTask(title: "added by the intent")
                #expect(try store.tasks(matching: TaskQuery(limit: 5)).count == 4)
            }
            transaction.rollBack()
            #expect(try store.tasks(matching: TaskQuery(limit: 1)).map(\.title) == ["task 0"])
        }
    }

    /// A line of `/proc/locks` names the process holding a write lock over a byte of a file; a
    /// read lock, a waiter, another file or another byte does not.
    @Test func theLockTableNamesTheHolderOfAByte() {
        let table = """
            1: POSIX  ADVISORY  READ  4001 08:01:777 120 120
            2: POSIX  ADVISORY  WRITE 4002 08:01:999 120 120
            3: POSIX  ADVISORY  WRITE 4003 08:01:777 128 135
            4: -> POSIX  ADVISORY  WRITE 4004 08:01:777 120 120
            5: POSIX  ADVISORY  WRITE 4005 08:01:777 100 EOF
            6: FLOCK  ADVISORY  WRITE 4006 08:01:777 0 EOF
            """
        #expect(StoreLockHolder.holder(in: table, inode: 777, byte: 120) == 4005)
        #expect(StoreLockHolder.holder(in: table, inode: 777, byte: 130) == 4003)
        #expect(StoreLockHolder.holder(in: table, inode: 777, byte: 50) == nil)
        #expect(StoreLockHolder.holder(in: table, inode: 999, byte: 120) == 4002)
        #expect(StoreLockHolder.holder(in: table, inode: 555, byte: 120) == nil)
    }
}
