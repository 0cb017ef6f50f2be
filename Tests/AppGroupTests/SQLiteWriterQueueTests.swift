import Diagnostics
import Foundation
import TaskStore
import TestSupport
import Testing

@testable import AppGroup

/// The writer queue: one holder at a time across connections, a bounded wait, the file shared by
/// every connection, and a holder that dies releasing it.
@Suite struct SQLiteWriterQueueTests {
    /// Runs `body` on a thread of its own and waits for it to end.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }

    /// The queue of the database at `path`, its folder opened for it.
    static func queue(of path: String) -> SQLiteWriterQueue? {
        let url = URL(fileURLWithPath: path)
        guard
            let folder = try? StoreDirectory(
                path: url.deletingLastPathComponent().path, storePath: path)
        else { return nil }
        return SQLiteWriterQueue(directory: folder, databaseName: url.lastPathComponent)
    }

    @Test func oneHolderAtATimeAndAWaitThatEnds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("test.sqlite")
        let first = try #require(Self.queue(of: path))
        #expect(FileManager.default.fileExists(atPath: path + "-writers"))
        #expect(first.lock(timeout: .zero))
        #expect(first.isHeld)
        Self.onAnotherThread {
            guard let second = Self.queue(of: path) else {
                Issue.record("the queue file is shared")
                return
            }
            #expect(!second.lock(timeout: .zero))
            let start = ContinuousClock.now
            #expect(!second.lock(timeout: .milliseconds(100)))
            #expect(ContinuousClock.now - start >= .milliseconds(90))
        }
        first.unlock()
        #expect(!first.isHeld)
        Self.onAnotherThread {
            let second = Self.queue(of: path)
            #expect(second?.lock(timeout: .seconds(5)) == true)
            second?.unlock()
        }
    }

    @Test func aHolderThatDiesReleasesTheQueue() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("test.sqlite")
        // A thread takes it and ends without releasing it, as a killed process would.
        Self.onAnotherThread {
            let holder = Self.queue(of: path)
            #expect(holder?.lock(timeout: .zero) == true)
            // Kept mapped and held (never deinitialized): only the thread's end releases it.
            if let holder { _ = Unmanaged.passRetained(holder) }
        }
        let next = try #require(Self.queue(of: path))
        #expect(next.lock(timeout: .seconds(5)))
        next.unlock()
        #expect(next.lock(timeout: .zero))
        next.unlock()
    }

    @Test func aFileThatIsNotAQueueIsNotUsed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("test.sqlite")
        try Data(repeating: 7, count: 256).write(to: URL(fileURLWithPath: path + "-writers"))
        #expect(Self.queue(of: path) == nil)
        let database = try SQLiteDatabase(path: path)
        let folder = try StoreDirectory(path: directory.url.path, storePath: path)
        #expect(!database.queueWriters(in: folder, databaseName: "test.sqlite"))
        // Writers then poll for the lock, as without a queue.
        try database.transaction { () throws(SQLiteError) in try database.execute("CREATE TABLE t(i)") }
    }

    /// A writer that times out in the queue fails as one that times out polling: busy, with the
    /// time it waited, and nothing changed.
    @Test func aWriterThatTimesOutInTheQueueSaysHowLongItWaited() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url, lockTimeout: .milliseconds(150))
        let path = store.databaseURL.path
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let thread = Thread {
            let holder = Self.queue(of: path)
            _ = holder?.lock(timeout: .zero)
            held.signal()
            release.wait()
            holder?.unlock()
        }
        thread.start()
        held.wait()
        let start = ContinuousClock.now
        #expect {
            try store.addTask(title: "Queued")
        } throws: { error in
            let message = (error as? AppGroupError)?.message ?? ""
            return (error as? AppGroupError)?.code.rawValue == "store.busy"
                && message.contains("other processes kept it locked for the 0.")
                && message.contains("nothing was changed")
        }
        #expect(ContinuousClock.now - start >= .milliseconds(140))
        release.signal()
        try store.addTask(title: "After")
        #expect(try store.allTasks().map(\.title) == ["After"])
    }
}
