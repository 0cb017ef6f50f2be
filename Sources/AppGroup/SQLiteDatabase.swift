import CSQLite

/// A connection to an SQLite database file, with the settings every widgethost process shares:
/// a busy handler (writers wait for each other, with backoff and jitter, instead of failing), a
/// cache of prepared statements, and on request write-ahead logging (readers never wait for the
/// writer).
///
/// ```swift
/// let database = try SQLiteDatabase(path: "/tmp/tasks.sqlite")
/// try database.transaction { () throws(SQLiteError) in
///     try database.run("INSERT INTO t(x) VALUES (?)", [.integer(1)])
/// }
/// ```
///
/// Not `Sendable`: an SQLite connection and its statements must not be used from two threads at
/// once. One owner uses it at a time; ``AppGroupStore`` shares one behind a `Mutex`.
package final class SQLiteDatabase {
    /// How a database is opened.
    package enum Mode: Sendable, Hashable {
        /// Read and write, creating the file when it does not exist.
        case readWriteCreate
        /// Read only; the file must exist.
        case readOnly
        /// Reading an existing file over a read-write connection that refuses writes
        /// (`PRAGMA query_only`): closing it as the last connection checkpoints the write-ahead log
        /// and removes the `-wal` and `-shm` files, which a read-only connection cannot do and so
        /// leaves behind. Needs the file and its directory writable.
        case readExisting
        /// Read only, as a file nobody changes (`immutable=1`): a write-ahead-logged database in a
        /// directory this process may not write and without its `-shm` file can be read no other
        /// way, since SQLite would have to create that file.
        case readImmutable
    }

    /// The database file, or `:memory:`.
    package let path: String
    /// How the database was opened.
    package let mode: Mode

    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    private var transactionDepth = 0
    /// Kept alive as long as the connection: SQLite holds an unretained pointer to it.
    private let busyHandler: SQLiteBusyHandler
    /// The queue writers wait in before they poll for the write lock, once ``queueWriters()``
    /// set it up.
    private var writerQueue: SQLiteWriterQueue?

    /// The busy timeout used when none is given: how long a statement waits for a lock another
    /// connection holds before it fails with `SQLITE_BUSY`.
    ///
    /// Sized for bursts: on a 2-core machine, 1,000 `widgethost perform` processes started at once
    /// all finish within some 10 seconds (each holds the write lock for well under a millisecond,
    /// but a holder may be descheduled among a thousand runnable processes); three times that
    /// leaves room for a slower or busier machine.
    package static let defaultBusyTimeout: Duration = .seconds(30)

    /// Opens (and for ``Mode/readWriteCreate`` creates) the database at `path`.
    ///
    /// Opening writes nothing: it reads the schema, so a file that is not a database fails here.
    /// ``useWriteAheadLogging()`` switches a new database to write-ahead logging.
    ///
    /// - Parameters:
    ///   - path: The file, or `:memory:` for a private in-memory database.
    ///   - mode: Whether to open for writing (creating the file) or read only.
    ///   - busyTimeout: How long a statement waits for a lock another connection holds.
    ///   - followsLinks: Whether a symbolic link in `path` is followed; when `false`
    ///     (`SQLITE_OPEN_NOFOLLOW`), a path with one fails with `SQLITE_CANTOPEN_SYMLINK`. SQLite
    ///     never opens the `-wal` and `-shm` files through a link either way.
    /// - Throws: ``SQLiteError`` when the file cannot be opened, or is not a database (this shows
    ///   only once the first page is read, which reading the schema does).
    package init(
        path: String, mode: Mode = .readWriteCreate, busyTimeout: Duration = defaultBusyTimeout,
        followsLinks: Bool = true
    ) throws(SQLiteError) {
        var flags: Int32
        switch mode {
        case .readWriteCreate: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags = SQLITE_OPEN_READONLY
        case .readExisting: flags = SQLITE_OPEN_READWRITE
        case .readImmutable: flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        if !followsLinks { flags |= SQLITE_OPEN_NOFOLLOW }
        let name: String
        if mode == .readImmutable {
            // A URI: the characters that would end or escape the path are escaped themselves.
            var escaped = ""
            for character in path {
                switch character {
                case "%": escaped += "%25"
                case "?": escaped += "%3f"
                case "#": escaped += "%23"
                default: escaped.append(character)
                }
            }
            name = "file:" + escaped + "?immutable=1"
        } else {
            name = path
        }
        var connection: OpaquePointer?
        // NOMUTEX: the connection is never used by two threads at once (see the type's comment),
        // so SQLite's own per-connection mutex would only cost time.
        let result = sqlite3_open_v2(name, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard result == SQLITE_OK, let connection else {
            let error = SQLiteError.last(on: connection, code: result, path: path)
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        self.mode = mode
        let busyHandler = SQLiteBusyHandler(timeout: busyTimeout)
        self.busyHandler = busyHandler
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_handler(
            connection,
            { context, attempt in
                guard let context else { return 0 }
                let handler = Unmanaged<SQLiteBusyHandler>.fromOpaque(context).takeUnretainedValue()
                return handler.shouldRetry(attempt: Int(attempt)) ? 1 : 0
            },
            Unmanaged.passUnretained(busyHandler).toOpaque()
        )
        // Up to 32 MiB of page cache (allocated only as pages are read), so a large import keeps
        // its indexes' pages in memory instead of spilling them to the log mid-transaction.
        try execute("PRAGMA cache_size = -32768")
        if mode == .readExisting { try execute("PRAGMA query_only = 1") }
        // Reading the schema now makes a file that is not a database fail here, not later.
        try execute("SELECT count(*) FROM sqlite_schema")
    }

    deinit {
        sqlite3_busy_handler(handle, nil, nil)
        statements.removeAll()
        // close_v2 defers the close until statements still referenced elsewhere are finalized.
        sqlite3_close_v2(handle)
    }

    /// Whether the connection can only read (opened read only, or the file is not writable).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// The number of rows the latest `INSERT`, `UPDATE` or `DELETE` changed.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the latest successful `INSERT`.
    package var lastInsertRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The number of prepared statements kept in the cache.
    package var cachedStatementCount: Int { statements.count }

    /// How long a statement waits for a lock another connection holds.
    package var busyTimeout: Duration { busyHandler.timeout }

    /// Runs `body` with the busy timeout set to `timeout` (`.zero`: take the lock now or fail),
    /// then restores it.
    package func withBusyTimeout<Result>(
        _ timeout: Duration, _ body: () throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        let saved = busyHandler.timeout
        busyHandler.timeout = timeout
        defer { busyHandler.timeout = saved }
        return try body()
    }

    /// How long the latest statement that failed with `SQLITE_BUSY` waited for the lock; `nil` when
    /// it did not wait (a lock that cannot be waited for), or no statement gave up.
    package var lastBusyWait: Duration? { busyHandler.lastGivenUpWait }

    /// Makes this connection's write transactions wait in the database's writer queue (a
    /// process-shared mutex in `<path>-writers`) before polling for SQLite's write lock, so a
    /// burst of writers sleeps instead of polling. Without a usable queue file, writers poll.
    ///
    /// - Returns: Whether the queue is in use.
    /// - Parameters:
    ///   - directory: The database's folder, where the queue's file is opened or made.
    ///   - name: The database file's name in `directory`.
    /// - Returns: Whether the queue is in use.
    @discardableResult
    func queueWriters(in directory: StoreDirectory, databaseName name: String) -> Bool {
        if writerQueue == nil { writerQueue = SQLiteWriterQueue(directory: directory, databaseName: name) }
        return writerQueue != nil
    }

    /// `BEGIN IMMEDIATE`: waits in the writer queue (when there is one), then polls for the write
    /// lock, the time queued counting toward the busy timeout.
    private func beginImmediate() throws(SQLiteError) {
        guard let writerQueue else {
            try execute("BEGIN IMMEDIATE")
            return
        }
        let start = SQLiteBusyHandler.monotonicNanoseconds()
        guard writerQueue.lock(timeout: busyHandler.timeout) else {
            busyHandler.lastGivenUpWait = SQLiteBusyHandler.elapsed(since: start)
            throw SQLiteError(
                code: SQLITE_BUSY, message: "database is locked", path: path, sql: "BEGIN IMMEDIATE")
        }
        defer { writerQueue.unlock() }
        busyHandler.beginWait(at: start, alone: writerQueue.isHeld)
        defer { busyHandler.endWait() }
        try execute("BEGIN IMMEDIATE")
    }

    /// Switches the database to write-ahead logging, which is stored in the file: every connection
    /// opened later uses it, and readers then never wait for the writer. Needs a moment of
    /// exclusive access, so it is done once, when the database is created.
    ///
    /// SQLite refuses the change at once with `SQLITE_BUSY`, without asking the busy handler, while
    /// another process writes to the file in the old mode (in a burst of processes creating one
    /// store, the one switching it); the change is tried again as the busy handler retries a lock,
    /// for the busy timeout at most.
    ///
    /// - Throws: ``SQLiteError`` when the mode cannot be changed (the file is read only, say), or
    ///   `SQLITE_BUSY` once the busy timeout has passed.
    package func useWriteAheadLogging() throws(SQLiteError) {
        var attempt = 0
        while true {
            do throws(SQLiteError) {
                try execute("PRAGMA journal_mode=WAL")
                return
            } catch {
                guard error.primaryCode == SQLITE_BUSY, busyHandler.shouldRetry(attempt: attempt) else {
                    throw error
                }
                attempt += 1
            }
        }
    }

    // MARK: - Statements

    /// The prepared statement for `sql`, from the cache or prepared now and cached.
    ///
    /// - Parameter sql: One SQL statement, with `?` parameters.
    /// - Returns: The statement, reset (ready to run, bindings as last set).
    /// - Throws: ``SQLiteError`` when the SQL does not compile (syntax, unknown table or column).
    /// - Complexity: O(1) for a cached statement.
    package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError.last(on: handle, code: result, path: path, sql: sql)
        }
        let prepared = SQLiteStatement(handle: statement, connection: handle, path: path, sql: sql)
        statements[sql] = prepared
        return prepared
    }

    /// Runs one statement that returns no rows (or whose rows are not wanted).
    ///
    /// - Parameters:
    ///   - sql: The statement.
    ///   - bindings: Values for its parameters, in order.
    /// - Throws: ``SQLiteError`` when it fails.
    package func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// Runs a query and maps each row.
    ///
    /// - Parameters:
    ///   - sql: The query.
    ///   - bindings: Values for its parameters, in order.
    ///   - row: Reads one row from the statement.
    /// - Returns: The mapped rows, in the order SQLite returned them.
    /// - Throws: ``SQLiteError`` from SQLite or from `row`.
    package func query<Row>(
        _ sql: String,
        _ bindings: [SQLiteValue] = [],
        row: (SQLiteStatement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        let statement = try prepare(sql)
        // Reset at once so the statement does not hold its read transaction open.
        defer { statement.reset() }
        try statement.bind(bindings)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    /// The first column of the first row of a query, or `nil` when it returns no row.
    ///
    /// - Throws: ``SQLiteError`` when the query fails.
    package func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        return try statement.step() ? statement.value(at: 0) : nil
    }

    /// Runs SQL text holding any number of statements, without parameters and without caching
    /// (schema creation, pragmas).
    ///
    /// - Throws: ``SQLiteError`` from the first statement that fails.
    package func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            var error = SQLiteError.last(on: handle, code: result, path: path, sql: sql)
            if let message { error.message = String(cString: message) }
            throw error
        }
    }

    // MARK: - Transactions

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// The outermost transaction starts with `BEGIN IMMEDIATE`, taking the write lock before the
    /// first read, so a read-modify-write never fails half-way because another process wrote in
    /// between (with WAL, upgrading a read to a write would fail with `SQLITE_BUSY_SNAPSHOT`
    /// instead of waiting). A transaction inside another is a savepoint.
    ///
    /// - Parameter body: The work; it uses this database.
    /// - Returns: What `body` returns.
    /// - Throws: The error `body` threw (after rolling back), or ``SQLiteError`` when the
    ///   transaction cannot begin or commit.
    package func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        let savepoint = transactionDepth == 0 ? nil : "widgethost_\(transactionDepth)"
        if let savepoint {
            try execute("SAVEPOINT \(savepoint)")
        } else {
            try beginImmediate()
        }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let result: Result
        do {
            result = try body()
            if let savepoint {
                try execute("RELEASE \(savepoint)")
            } else {
                try execute("COMMIT")
            }
        } catch {
            rollBack(to: savepoint)
            throw error
        }
        return result
    }

    /// Begins a transaction that stays open after this call returns, for work done in several
    /// steps (an app intent's statements, then its reload requests): `BEGIN IMMEDIATE`, as
    /// ``transaction(_:)`` does; ``transaction(_:)`` inside it makes savepoints. End it with
    /// ``commitTransaction()`` or ``rollBackTransaction()``.
    ///
    /// - Throws: ``SQLiteError`` when a transaction is already open, or the write lock cannot be
    ///   taken within the busy timeout.
    package func beginTransaction() throws(SQLiteError) {
        guard transactionDepth == 0 else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "a transaction is already open", path: path)
        }
        try beginImmediate()
        transactionDepth = 1
    }

    /// Commits the transaction ``beginTransaction()`` began; rolls it back when the commit fails.
    ///
    /// - Throws: ``SQLiteError`` when no such transaction is open or the commit fails.
    package func commitTransaction() throws(SQLiteError) {
        guard transactionDepth == 1 else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no transaction to commit", path: path)
        }
        do {
            try execute("COMMIT")
        } catch {
            rollBackTransaction()
            throw error
        }
        transactionDepth = 0
    }

    /// Undoes the transaction ``beginTransaction()`` began, if one is open.
    package func rollBackTransaction() {
        guard transactionDepth == 1 else { return }
        rollBack(to: nil)
        transactionDepth = 0
    }

    /// Undoes the current transaction or savepoint. A failed rollback is not reported: SQLite may
    /// already have rolled back (after `SQLITE_FULL`, say), and the caller reports the error that
    /// caused the rollback.
    private func rollBack(to savepoint: String?) {
        guard isInTransaction else { return }
        if let savepoint {
            try? execute("ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
        } else {
            try? execute("ROLLBACK")
        }
    }
}
