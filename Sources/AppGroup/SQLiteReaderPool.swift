import Foundation
import Synchronization

/// Connections to one database that only read, opened on demand up to a capacity, so that the
/// widgets of a run read the store on every core at once: write-ahead logging lets readers read
/// beside each other and beside a writer. Each reader holds its own statement cache.
///
/// `@unchecked Sendable`: a connection is used by one thread at a time. It is taken out of `idle`
/// under `lock`, used outside it by the thread that took it, and put back under `lock`; `idle` and
/// `opened` are touched only under `lock`.
final class SQLiteReaderPool: @unchecked Sendable {
    private let path: String
    private let mode: SQLiteDatabase.Mode
    private let busyTimeout: Duration
    private let capacity: Int
    private let lock = Mutex<Void>(())
    private var idle: [SQLiteDatabase] = []
    private var opened = 0
    /// The batch each idle reader keeps a read transaction for (see ``ReadBatch``).
    private var batchOf: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// A pool of at most `capacity` readers of the database at `path`, opened with `mode`, never
    /// through a symbolic link (`path` has none: the store resolves its folder's).
    init(path: String, mode: SQLiteDatabase.Mode, busyTimeout: Duration, capacity: Int) {
        self.path = path
        self.mode = mode
        self.busyTimeout = busyTimeout
        self.capacity = capacity
    }

    /// As many readers as the machine has cores, at most four: a read is short, so more would only
    /// hold more page caches.
    static var defaultCapacity: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Runs `body` on an idle reader, or on one opened now while there are fewer than the
    /// capacity; `nil` when every reader is busy or a new one cannot be opened (the caller then
    /// reads over its own connection). Inside a ``ReadBatch``, the reader's read transaction is
    /// kept for the batch's next reads.
    func withReader<Result>(_ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(SQLiteError)
        -> Result?
    {
        let (taken, mayOpen, owner) = lock.withLock { _ -> (SQLiteDatabase?, Bool, ObjectIdentifier?) in
            if let reader = idle.popLast() {
                return (reader, false, batchOf.removeValue(forKey: ObjectIdentifier(reader)))
            }
            guard opened < capacity else { return (nil, false, nil) }
            opened += 1
            return (nil, true, nil)
        }
        var reader = taken
        if reader == nil && mayOpen {
            reader = try? SQLiteDatabase(
                path: path, mode: mode, busyTimeout: busyTimeout, followsLinks: false)
            if reader == nil { lock.withLock { _ in opened -= 1 } }
        }
        guard let reader else { return nil }
        let batch = ReadBatch.current
        let batchID = batch.map(ObjectIdentifier.init)
        // A transaction kept for another batch (or left by none) ends before this read.
        if reader.isInTransaction && owner != batchID { try? reader.execute("COMMIT") }
        if let batch, owner != batchID, !reader.isInTransaction {
            try reader.execute("BEGIN")
            batch.join(self)
        }
        var keptFor = reader.isInTransaction ? batchID : nil
        defer {
            lock.withLock { _ in
                idle.append(reader)
                if let keptFor { batchOf[ObjectIdentifier(reader)] = keptFor }
            }
        }
        do {
            return try body(reader)
        } catch {
            if reader.isInTransaction { try? reader.execute("ROLLBACK") }
            keptFor = nil
            throw error
        }
    }

    /// Ends the read transactions the idle readers keep for `batch`.
    func end(_ batch: ReadBatch) {
        let id = ObjectIdentifier(batch)
        lock.withLock { _ in
            for reader in idle where batchOf[ObjectIdentifier(reader)] == id {
                try? reader.execute("COMMIT")
                batchOf[ObjectIdentifier(reader)] = nil
            }
        }
    }
}
