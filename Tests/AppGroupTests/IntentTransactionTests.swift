import Foundation
import TaskStore
import TestSupport
import Testing

@testable import AppGroup

/// An app intent's writes and its reload requests: one transaction, the write lock taken at the
/// first write and held until the host commits or rolls back.
@Suite struct IntentTransactionTests {
    @Test func writesAndReloadRequestsCommitTogether() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let other = try SQLiteDatabase(path: directory.path("widgethost.sqlite"), busyTimeout: .zero)
        let transaction = IntentTransaction()
        try IntentTransaction.$current.withValue(transaction) {
            // Before the first write, no lock is held: another connection writes freely.
            try other.transaction { () throws(SQLiteError) in
                try other.run("INSERT INTO defaults(key, value) VALUES ('other', '1')")
            }
            try store.addTask(title: "First")
            try store.addTask(title: "Second")
            #expect(try store.requestReload(ofKind: "TaskWidget") == nil)
            try store.requestReload(ofKind: nil)
            try store.requestReload(ofKind: "TaskWidget")
            // Now the lock is held, and nothing is visible outside yet.
            #expect(throws: SQLiteError.self) { try other.execute("BEGIN IMMEDIATE") }
            #expect(try other.scalar("SELECT count(*) FROM tasks") == .integer(0))
        }
        #expect(transaction.requestedKinds == ["TaskWidget", "*"])
        try transaction.commit { () throws(AppGroupError) in
            Issue.record("the store that wrote is used")
            return store
        }
        #expect(try other.scalar("SELECT count(*) FROM tasks") == .integer(2))
        #expect(try store.currentReloadGeneration() == 2)
        #expect(try store.reloadGeneration(ofKind: "FocusWidget") == 2)
        let stamp = try String(
            contentsOf: directory.url.appendingPathComponent("reload-requests"), encoding: .utf8)
        #expect(stamp == "2\n")
        // The lock is released.
        try other.transaction { () throws(SQLiteError) in
            try other.run("INSERT INTO defaults(key, value) VALUES ('after', '1')")
        }
    }

    @Test func aRollBackUndoesTheWritesAndTheReloadRequests() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks([StoredTask(id: "a", title: "Stored")], focus: false)
        let transaction = IntentTransaction()
        try IntentTransaction.$current.withValue(transaction) {
            try store.toggleTask(id: "a")
            try store.addTask(title: "Undone")
            try store.requestReload(ofKind: "TaskWidget")
        }
        transaction.rollBack()
        #expect(try store.allTasks().map(\.title) == ["Stored"])
        #expect(try store.task(id: "a")?.isCompleted == false)
        #expect(try store.currentReloadGeneration() == 0)
        // The store takes writes again, each in a transaction of its own.
        try store.addTask(title: "Later")
        #expect(try store.allTasks().count == 2)
    }

    @Test func reloadRequestsAloneOpenTheStoreOnlyToCommit() throws {
        let directory = try TemporaryDirectory()
        let transaction = IntentTransaction()
        var opened = 0
        try transaction.commit { () throws(AppGroupError) in
            opened += 1
            return try AppGroupStore(directory: directory.url)
        }
        #expect(opened == 0, "nothing to write: the store is not opened")
        let requesting = IntentTransaction()
        IntentTransaction.$current.withValue(requesting) { requesting.requestReload(ofKind: "FocusWidget") }
        try requesting.commit { () throws(AppGroupError) in
            opened += 1
            return try AppGroupStore(directory: directory.url)
        }
        #expect(opened == 1)
        let store = try AppGroupStore(directory: directory.url, readOnly: true)
        #expect(try store.reloadGeneration(ofKind: "FocusWidget") == 1)
    }
}
