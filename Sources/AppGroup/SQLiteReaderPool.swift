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

    /// A pool of at most `capacity` readers of the database at `path`, opened with `mode`.
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
    /// reads over its own connection).
    func withReader<Result>(_ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(SQLiteError)
        -> Result?
    {
        let (taken, mayOpen) = lock.withLock { _ -> (SQLiteDatabase?, Bool) in
            if let reader = idle.popLast() { return (reader, false) }
            guard opened < capacity else { return (nil, false) }
            opened += 1
            return (nil, true)
        }
        var reader = taken
        if reader == nil && mayOpen {
            reader = try? SQLiteDatabase(path: path, mode: mode, busyTimeout: busyTimeout)
            if reader == nil { lock.withLock { _ in opened -= 1 } }
        }
        guard let reader else { return nil }
        defer { lock.withLock { _ in idle.append(reader) } }
        return try body(reader)
    }
}
