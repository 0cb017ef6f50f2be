import CSQLite
import Diagnostics
public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared store of an App Group container: the shared defaults, reload requests and
/// evaluations that the app, its widgets and their intents all see, kept in
/// `<directory>/widgethost.sqlite`. An app's own data (the seed app's tasks: module `TaskStore`)
/// extends it with methods that run their statements through ``write(_:)`` and
/// ``withConnection(_:)``.
///
/// It replaces the seed's `UserDefaults(suiteName:)`: every process opens the same SQLite
/// database, each change is one transaction (a read-modify-write cannot lose another process's
/// write), and widgets read only the rows they show.
///
/// ```swift
/// let store = try AppGroupStore(directory: container.directory)
/// try store.setString("on", forKey: "mode")
/// ```
///
/// `@unchecked Sendable`: the SQLite connection is not thread-safe, and every use of it, from
/// every method, happens inside `lock`.
public final class AppGroupStore: @unchecked Sendable {
    /// The name of the database file inside the container directory.
    public static let databaseFileName = "widgethost.sqlite"

    /// The container directory.
    public let directory: URL
    /// The database file.
    public let databaseURL: URL
    /// Whether the store was opened read only.
    public let isReadOnly: Bool
    /// Whether opening made the store's tables: the file was new, or an SQLite database holding
    /// nothing yet.
    public let madeSchema: Bool

    private let database: SQLiteDatabase
    /// The container directory, open: the store's own files are opened in it, never through a link.
    let folder: StoreDirectory
    private let lock = Mutex<Void>(())
    /// Connections that only read, for ``read(_:)`` on several threads at once.
    private let readers: SQLiteReaderPool
    /// Why every write fails at once, when the store was opened read-only for lack of room on the
    /// disk: the write says the disk is full, not that the store is read-only.
    private let writeRefusal: AppGroupError?

    /// Opens the store in `directory`, creating the directory and the database when writing.
    ///
    /// Opening a store whose schema is current writes nothing and takes no lock: the schema version
    /// is read as any reader reads (write-ahead logging lets it read while another process writes).
    /// Only a new or older store is set up, under the write lock, by the first process to take it.
    ///
    /// - Parameters:
    ///   - directory: The App Group container directory.
    ///   - readOnly: Whether to open read only; the store must then exist.
    ///   - lockTimeout: How long a write waits for another process's write lock before it fails
    ///     with `store.busy`.
    /// - Throws: ``AppGroupError``: `store.unwritable` when the directory cannot be created or is
    ///   read-only, `store.not-found` when reading a store that does not exist, `store.corrupt`
    ///   for a file that is not a widgethost store (another program's SQLite database is left as it
    ///   is, read or written), `store.newer-version` for a store a newer
    ///   widgethost wrote, `store.busy` when a new store cannot be set up within `lockTimeout`,
    ///   `store.insecure` (before anything is read or written) when another user could change the
    ///   directory or a file of the store in it, or such a file is a symbolic link, `store.full` when
    ///   the disk has no room for what opening writes (a store read on a full disk is read without
    ///   it when it can be).
    public convenience init(
        directory: URL, readOnly: Bool = false, lockTimeout: Duration = StoreLockTimeout.default.duration
    ) throws(AppGroupError) {
        try self.init(directory: directory, readOnly: readOnly, lockTimeout: lockTimeout, writeRefusal: nil)
    }

    /// Opens the store as ``init(directory:readOnly:lockTimeout:)`` does; every write then fails with
    /// `writeRefusal`, when there is one.
    init(directory: URL, readOnly: Bool, lockTimeout: Duration, writeRefusal: AppGroupError?)
        throws(AppGroupError)
    {
        let directory = directory.standardizedFileURL
        let databaseURL = directory.appendingPathComponent(Self.databaseFileName)
        let path = databaseURL.path
        if !readOnly {
            try AppGroupContainer.createDirectory(atPath: directory.path)
            // SQLite would say "unable to open database file"; say why. Write-ahead logging needs
            // the directory writable even when the file already exists.
            if access(directory.path, W_OK) != 0 {
                throw AppGroupError(
                    code: .storeUnwritable,
                    message: "cannot open the store at '\(path)': the directory is read-only",
                    path: path
                )
            }
        }
        let folder = try StoreDirectory(path: directory.path, storePath: path)
        try folder.checkFiles(StoreDirectory.fileNames(database: Self.databaseFileName), storePath: path)
        // SQLite is given the folder's path without links, and refuses any link in it: the database
        // is never opened through a link planted in its place.
        let sqlitePath = (folder.resolvedPath as NSString).appendingPathComponent(Self.databaseFileName)
        var opened: SQLiteDatabase?
        var noRoom: AppGroupError?
        var readerMode: SQLiteDatabase.Mode = .readOnly
        var schema = StoreSchema.version(0)
        do {
            // Reading a writable store over a connection that refuses writes leaves no -wal and
            // -shm files behind, as a read-only connection would.
            let writable = access(directory.path, W_OK) == 0 && access(path, W_OK) == 0
            let mode: SQLiteDatabase.Mode
            if !readOnly {
                mode = .readWriteCreate
            } else if writable {
                mode = .readExisting
            } else if access(directory.path, W_OK) != 0 && access(path + "-shm", F_OK) != 0 {
                // A shared, read-only App Group directory: SQLite could not make the `-shm` file.
                mode = .readImmutable
            } else {
                mode = .readOnly
            }
            var database: SQLiteDatabase
            do {
                database = try SQLiteDatabase(
                    path: sqlitePath, mode: mode, busyTimeout: lockTimeout, followsLinks: false)
                opened = database
                readerMode = readOnly ? mode : .readExisting
                // Another program's database is refused before anything is written to it or beside
                // it (the writers' queue file, write-ahead logging, widgethost's tables); a file of
                // no table (a new, empty one) may become a store.
                schema = try Self.schema(database)
            } catch
                where readOnly && mode != .readImmutable && Self.foundNoRoom(error)
                && folder.isEmptyOrAbsent(Self.databaseFileName + "-wal")
            {
                // A full disk leaves no room for the -shm file a reader needs. A store whose log is
                // empty is whole in its file, and read as an immutable file it needs none: its
                // widgets still show, and writes fail saying the disk is full.
                noRoom = Self.openingError(error, path: path, waited: nil)
                database = try SQLiteDatabase(
                    path: sqlitePath, mode: .readImmutable, busyTimeout: lockTimeout, followsLinks: false)
                opened = database
                readerMode = .readImmutable
                schema = try Self.schema(database)
            }
            if !readOnly, case .version(let found) = schema {
                // A commit writes the log without waiting for the disk (fsync): the write lock is
                // held for the statements only, not for a disk flush during which the holder sleeps
                // and, among a burst of processes, waits long to run again (in one run, a
                // 1,000-process burst took 2.3 times as long with a flush per commit). A committed
                // intent survives its process being killed; a power cut may undo the last moments'
                // commits, and never corrupts the store. Checkpoints still flush.
                try database.execute("PRAGMA synchronous = NORMAL")
                database.queueWriters(in: folder, databaseName: Self.databaseFileName)
                if found < Self.schemaVersion { schema = try Self.migrate(database) }
            }
        } catch {
            throw Self.openingError(error, path: path, waited: opened?.lastBusyWait)
        }
        guard let database = opened else {
            throw AppGroupError(
                code: .storeFailed, message: "cannot open the store at '\(path)'", path: path)
        }
        let version: Int
        switch schema {
        case .version(let found): version = found
        case .foreign(let objects):
            // Another program's database: neither an empty store to show as empty, nor one to make
            // a store of.
            throw AppGroupError(
                code: .storeCorrupt,
                message: "cannot open the store at '\(path)': the file is not a widgethost store "
                    + "(an SQLite database of \(objects) \(objects == 1 ? "table or index" : "tables and indexes") "
                    + "without widgethost's schema); "
                    + "name another store with --store",
                path: path
            )
        }
        if version > Self.schemaVersion {
            throw AppGroupError(
                code: .storeNewerVersion,
                message: "cannot open the store at '\(path)': it was written by a newer widgethost "
                    + "(schema version \(version); this one reads up to \(Self.schemaVersion))",
                path: path
            )
        }
        if readOnly && version == 0 {
            throw AppGroupError(
                code: .storeNotFound,
                message: "cannot open the store at '\(path)': the file holds no widgethost store yet",
                path: path
            )
        }
        self.directory = directory
        self.databaseURL = databaseURL
        self.isReadOnly = readOnly
        self.madeSchema = version == 0
        self.database = database
        self.folder = folder
        self.writeRefusal = writeRefusal ?? noRoom
        self.readers = SQLiteReaderPool(
            path: sqlitePath, mode: readerMode, busyTimeout: lockTimeout,
            capacity: SQLiteReaderPool.defaultCapacity
        )
    }

    /// Whether `error` says the disk (or a quota, or the file size limit) left no room to write.
    private static func foundNoRoom(_ error: SQLiteError) -> Bool {
        error.primaryCode == SQLITE_FULL
            || ((error.primaryCode == SQLITE_IOERR || error.primaryCode == SQLITE_CANTOPEN)
                && AppGroupError.isNoRoom(error.systemErrorNumber))
    }

    /// Fails with the reason every write fails, when the store was opened read-only for lack of room.
    func refuseWriteIfNoRoom() throws(AppGroupError) {
        if let writeRefusal { throw writeRefusal }
    }

    /// An error while opening, said the way a person can act on it: SQLite's generic error
    /// (`no such column`, say) while reading or creating the schema means the file is some other
    /// program's database.
    private static func openingError(_ error: SQLiteError, path: String, waited: Duration?) -> AppGroupError {
        if error.primaryCode == SQLITE_ERROR {
            return AppGroupError(
                code: .storeCorrupt,
                message: "cannot open the store at '\(path)': the file is not a widgethost store "
                    + "(\(error.message)); move it aside to start a new store",
                path: path
            )
        }
        return AppGroupError.store(at: path, error, opening: true, waited: waited)
    }

    /// How long a write waits for another process's write lock.
    public var lockTimeout: Duration { database.busyTimeout }

    /// Runs `body` on the connection, holding the lock; SQLite's errors become ``AppGroupError``s.
    package func withConnection<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
        do {
            return try lock.withLock { _ throws(SQLiteError) -> Result in try body(database) }
        } catch {
            let waited = lock.withLock { _ in database.lastBusyWait }
            throw AppGroupError.store(at: databaseURL.path, error, opening: false, waited: waited)
        }
    }

    /// Runs `body`, which only reads, on one of the store's read connections (several threads read
    /// at once, each on its own), or on the store's connection when every reader is busy. Inside
    /// an app intent it reads over the intent's connection, so it sees the intent's own writes.
    package func read<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
        if IntentTransaction.current == nil {
            do {
                if let result = try readers.withReader(body) { return result }
            } catch {
                throw AppGroupError.store(at: databaseURL.path, error, opening: false, waited: nil)
            }
        }
        return try withConnection(body)
    }

    /// The rows `sql` with `bindings` selects, each made by `row`, read as ``read(_:)`` reads. Inside
    /// a ``ReadBatch`` (outside an app intent), a query the batch asked already is answered as it
    /// was then, without reading again.
    package func query<Row: Sendable>(
        _ sql: String, _ bindings: [SQLiteValue], row: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(AppGroupError) -> [Row] {
        guard let batch = ReadBatch.current, IntentTransaction.current == nil else {
            return try read { database throws(SQLiteError) in try database.query(sql, bindings, row: row) }
        }
        return try batch.answer(sql, bindings, of: self) { () throws(AppGroupError) -> [Row] in
            try read { database throws(SQLiteError) in try database.query(sql, bindings, row: row) }
        }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`), holding the lock.
    ///
    /// Inside an app intent (``IntentTransaction/current``), the transaction is the intent's: the
    /// first write begins it and it stays open, each write a savepoint in it, until the host
    /// commits it with the intent's reload requests.
    package func write<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
        try refuseWriteIfNoRoom()
        let joinsIntent = IntentTransaction.current?.join(self) ?? false
        return try withConnection { database throws(SQLiteError) in
            if joinsIntent && !database.isInTransaction { try database.beginTransaction() }
            return try database.transaction { () throws(SQLiteError) -> Result in try body(database) }
        }
    }

    /// Writes `reloads` into the intent's transaction (begun now when the intent wrote nothing)
    /// and commits it.
    ///
    /// - Returns: The generation of the last reload request, or `nil` when there was none.
    func commitIntentTransaction(reloads: [String]) throws(AppGroupError) -> Int? {
        try refuseWriteIfNoRoom()
        // The stamp rewritten after the commit must not need room the disk lacks: a commit whose
        // watchers are never told would be reported as done.
        if !reloads.isEmpty { try prepareStamp() }
        let date = Date()
        return try withConnection { database throws(SQLiteError) -> Int? in
            if !database.isInTransaction { try database.beginTransaction() }
            do throws(SQLiteError) {
                var generation: Int?
                for kind in reloads {
                    generation = try Self.insertReloadRequest(ofKind: kind, at: date, in: database)
                }
                try database.commitTransaction()
                return generation
            } catch {
                database.rollBackTransaction()
                throw error
            }
        }
    }

    /// Undoes the intent's transaction, if it began.
    func rollBackIntentTransaction() {
        lock.withLock { _ in database.rollBackTransaction() }
    }

    // MARK: - Shared defaults

    /// The shared default stored under `key`, or `nil`.
    public func string(forKey key: String) throws(AppGroupError) -> String? {
        try withConnection { database throws(SQLiteError) -> String? in
            guard
                case .text(let value)? = try database.scalar(
                    "SELECT value FROM defaults WHERE key = ?", [.text(key)])
            else { return nil }
            return value
        }
    }

    /// Stores `value` under `key`, or removes the key for `nil`.
    public func setString(_ value: String?, forKey key: String) throws(AppGroupError) {
        try write { database throws(SQLiteError) in try Self.setDefault(value, forKey: key, in: database) }
    }

    /// Stores `value` under `key` over `database`, or removes the key for `nil`, for writes that
    /// set a default inside a larger transaction.
    package static func setDefault(_ value: String?, forKey key: String, in database: SQLiteDatabase)
        throws(SQLiteError)
    {
        if let value {
            try database.run(
                "INSERT INTO defaults(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [.text(key), .text(value)]
            )
        } else {
            try database.run("DELETE FROM defaults WHERE key = ?", [.text(key)])
        }
    }

    // MARK: - Diagnostics for tests

    /// Runs `body` on the connection inside one transaction, for tests of rollback.
    func withTransaction<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
        try write(body)
    }
}
