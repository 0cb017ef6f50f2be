import CSQLite
import Diagnostics
public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared store of an App Group container: the tasks and the shared defaults that the app,
/// its widgets and their intents all see, kept in `<directory>/widgethost.sqlite`.
///
/// It replaces the seed's `TaskDataManager` (a JSON array in `UserDefaults(suiteName:)`): every
/// process opens the same SQLite database, each change is one transaction (a read-modify-write
/// cannot lose another process's write), and widgets read only the tasks they show.
///
/// ```swift
/// let store = try AppGroupStore(directory: container.directory)
/// let shown = try store.tasks(matching: TaskQuery(priority: .high, includeCompleted: false, limit: 3))
/// ```
///
/// `@unchecked Sendable`: the SQLite connection is not thread-safe, and every use of it, from
/// every method, happens inside `lock`.
public final class AppGroupStore: @unchecked Sendable {
    /// The name of the database file inside the container directory.
    public static let databaseFileName = "widgethost.sqlite"

    /// The shared-defaults key of the focus mode (the FocusWidget's state).
    public static let focusModeKey = "focus.isOn"

    /// The container directory.
    public let directory: URL
    /// The database file.
    public let databaseURL: URL
    /// Whether the store was opened read only.
    public let isReadOnly: Bool

    private let database: SQLiteDatabase
    private let lock = Mutex<Void>(())

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
    ///   for a file that is not a widgethost store, `store.newer-version` for a store a newer
    ///   widgethost wrote, `store.busy` when a new store cannot be set up within `lockTimeout`.
    public init(
        directory: URL, readOnly: Bool = false, lockTimeout: Duration = StoreLockTimeout.default.duration
    ) throws(AppGroupError) {
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
        var opened: SQLiteDatabase?
        let version: Int
        do {
            // Reading a writable store over a connection that refuses writes leaves no -wal and
            // -shm files behind, as a read-only connection would.
            let writable = access(directory.path, W_OK) == 0 && access(path, W_OK) == 0
            let mode: SQLiteDatabase.Mode =
                !readOnly ? .readWriteCreate : writable ? .readExisting : .readOnly
            let database = try SQLiteDatabase(path: path, mode: mode, busyTimeout: lockTimeout)
            opened = database
            if !readOnly {
                // A commit writes the log without waiting for the disk (fsync): the write lock is
                // held for the statements only, not for a disk flush during which the holder sleeps
                // and, among a burst of processes, waits long to run again (in one run, a
                // 1,000-process burst took 2.3 times as long with a flush per commit). A committed
                // intent survives its process being killed; a power cut may undo the last moments'
                // commits, and never corrupts the store. Checkpoints still flush.
                try database.execute("PRAGMA synchronous = NORMAL")
                database.queueWriters()
            }
            let found = try Self.userVersion(database)
            version = !readOnly && found < Self.schemaVersion ? try Self.migrate(database) : found
        } catch {
            throw Self.openingError(error, path: path, waited: opened?.lastBusyWait)
        }
        guard let database = opened else {
            throw AppGroupError(
                code: .storeFailed, message: "cannot open the store at '\(path)'", path: path)
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
        self.database = database
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
    func withConnection<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
        do {
            return try lock.withLock { _ throws(SQLiteError) -> Result in try body(database) }
        } catch {
            let waited = lock.withLock { _ in database.lastBusyWait }
            throw AppGroupError.store(at: databaseURL.path, error, opening: false, waited: waited)
        }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`), holding the lock.
    ///
    /// Inside an app intent (``IntentTransaction/current``), the transaction is the intent's: the
    /// first write begins it and it stays open, each write a savepoint in it, until the host
    /// commits it with the intent's reload requests.
    func write<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
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

    // MARK: - Reading tasks

    /// The tasks a TaskWidget shows for `query`, in store order.
    ///
    /// Each of the query's eight shapes (which filters are present) has its own prepared statement
    /// and its own index, so SQLite reads exactly the rows it returns.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be read.
    /// - Complexity: O(log n + k) for n stored tasks and k returned: independent of the number of
    ///   tasks that do not match.
    public func tasks(matching query: TaskQuery) throws(AppGroupError) -> [StoredTask] {
        guard query.limit > 0 else { return [] }
        let sql = TaskQueryShape(query).selectSQL
        let bindings = TaskQueryShape.bindings(for: query)
        return try withConnection { database throws(SQLiteError) in
            try database.query(sql, bindings, row: Self.task(from:))
        }
    }

    /// Every task, in store order.
    ///
    /// - Complexity: O(n).
    public func allTasks() throws(AppGroupError) -> [StoredTask] {
        try tasks(matching: TaskQuery())
    }

    /// The task with identifier `id`, or `nil`.
    ///
    /// A UUID is found whatever the case of its letters.
    /// - Complexity: O(log n).
    public func task(id: String) throws(AppGroupError) -> StoredTask? {
        let id = Self.canonicalID(id)
        return try withConnection { database throws(SQLiteError) in try Self.task(id: id, in: database) }
    }

    static func task(id: String, in database: SQLiteDatabase) throws(SQLiteError) -> StoredTask? {
        try database.query("SELECT \(taskColumns) FROM tasks WHERE id = ?", [.text(id)], row: task(from:))
            .first
    }

    /// The task in the current row of a statement selecting ``taskColumns``.
    static func task(from row: SQLiteStatement) throws(SQLiteError) -> StoredTask {
        let priorityText = row.string(at: 2) ?? ""
        guard let priority = TaskPriority(rawValue: priorityText) else {
            // The CHECK constraint makes this unreachable unless the file was edited by hand.
            throw SQLiteError(
                code: SQLITE_CORRUPT,
                message: "a task has the unknown priority '\(priorityText)'",
                path: "",
                sql: row.sql
            )
        }
        return StoredTask(
            id: row.string(at: 0) ?? "",
            title: row.string(at: 1) ?? "",
            priority: priority,
            category: row.string(at: 3),
            isCompleted: row.int(at: 4) != 0,
            dueDate: row.isNull(at: 5) ? nil : Date(timeIntervalSince1970: row.double(at: 5))
        )
    }

    /// `id` as `UUID.uuidString` writes it when it is a UUID, else unchanged.
    static func canonicalID(_ id: String) -> String {
        isCanonicalUUID(id) ? id : UUID(uuidString: id)?.uuidString ?? id
    }

    /// Whether `id` is already a UUID as `UUID.uuidString` writes it (`8-4-4-4-12` uppercase hex
    /// digits); checked by hand because Foundation's parsing and printing of UUIDs go through
    /// `sscanf`/`sprintf`, a measurable cost when importing hundreds of thousands of tasks.
    static func isCanonicalUUID(_ id: String) -> Bool {
        var count = 0
        for byte in id.utf8 {
            switch count {
            case 8, 13, 18, 23:
                guard byte == UInt8(ascii: "-") else { return false }
            default:
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                else { return false }
            }
            count += 1
        }
        return count == 36
    }

    // MARK: - Changing tasks

    /// Stores `tasks` and optionally the focus mode, in one transaction: all of it or nothing.
    ///
    /// A task whose id is not stored yet is appended, in the order given, after those already
    /// stored; a task whose id is stored replaces that task in place (it keeps its position).
    ///
    /// - Parameters:
    ///   - tasks: The tasks, in the order to append new ones.
    ///   - focus: The focus mode to set, or `nil` to leave it.
    /// - Returns: How many tasks were added and how many updated.
    /// - Throws: ``AppGroupError``; the store is then unchanged. `store.invalid-task` for a task
    ///   with an empty title.
    /// - Complexity: O(m log n) for m tasks imported into n.
    @discardableResult
    public func importTasks(_ tasks: [StoredTask], focus: Bool?) throws(AppGroupError) -> TaskImportSummary {
        try write { database throws(SQLiteError) in
            var summary = TaskImportSummary(added: 0, updated: 0)
            for var task in tasks {
                task.id = Self.canonicalID(task.id)
                if try Self.insert(task, in: database) {
                    summary.added += 1
                } else {
                    try Self.update(task, in: database)
                    summary.updated += 1
                }
            }
            if let focus {
                try Self.setDefault(focus ? "true" : "false", forKey: Self.focusModeKey, in: database)
            }
            return summary
        }
    }

    /// Appends `task` unless its id is already stored.
    ///
    /// - Returns: Whether the task was appended.
    private static func insert(_ task: StoredTask, in database: SQLiteDatabase) throws(SQLiteError) -> Bool {
        // DO NOTHING covers only the id's uniqueness: a CHECK still fails the statement.
        try database.run(
            """
            INSERT INTO tasks(id, title, priority, category, isCompleted, dueDate) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO NOTHING
            """,
            [.text(task.id)] + values(of: task)
        )
        return database.changes == 1
    }

    /// Replaces the stored task with `task`'s id by `task`, keeping its position.
    private static func update(_ task: StoredTask, in database: SQLiteDatabase) throws(SQLiteError) {
        try database.run(
            """
            UPDATE tasks SET title = ?, priority = ?, category = ?, isCompleted = ?, dueDate = ?
            WHERE id = ?
            """,
            values(of: task) + [.text(task.id)]
        )
    }

    /// The values of every column of `task` but its id, in table order.
    private static func values(of task: StoredTask) -> [SQLiteValue] {
        [
            .text(task.title), .text(task.priority.rawValue), SQLiteValue(task.category),
            SQLiteValue(task.isCompleted), SQLiteValue(task.dueDate?.timeIntervalSince1970),
        ]
    }

    /// Flips the task's completion, as the seed's `ToggleTaskIntent` does, in one transaction.
    ///
    /// - Returns: The task as stored now, or `nil` when no task has that id.
    @discardableResult
    public func toggleTask(id: String) throws(AppGroupError) -> StoredTask? {
        let id = Self.canonicalID(id)
        return try write { database throws(SQLiteError) in
            try database.run("UPDATE tasks SET isCompleted = 1 - isCompleted WHERE id = ?", [.text(id)])
            return try Self.task(id: id, in: database)
        }
    }

    /// Sets the task's completion, as the seed's `SetTaskCompletionIntent` does, in one transaction.
    ///
    /// - Returns: The task as stored now, or `nil` when no task has that id.
    @discardableResult
    public func setTaskCompletion(id: String, isCompleted: Bool) throws(AppGroupError) -> StoredTask? {
        let id = Self.canonicalID(id)
        return try write { database throws(SQLiteError) in
            try database.run(
                "UPDATE tasks SET isCompleted = ? WHERE id = ?", [SQLiteValue(isCompleted), .text(id)])
            return try Self.task(id: id, in: database)
        }
    }

    /// Appends a new, not completed task with a new UUID, as the seed's `AddTaskIntent` does.
    ///
    /// - Parameters:
    ///   - title: What to do; must not be empty.
    ///   - priority: How urgent it is.
    ///   - category: Its group, if any.
    ///   - dueDate: When it is due, if ever.
    /// - Returns: The task as stored.
    /// - Throws: ``AppGroupError`` (`store.invalid-task` for an empty title).
    @discardableResult
    public func addTask(
        title: String,
        priority: TaskPriority = .medium,
        category: String? = nil,
        dueDate: Date? = nil
    ) throws(AppGroupError) -> StoredTask {
        let task = StoredTask(title: title, priority: priority, category: category, dueDate: dueDate)
        try write { database throws(SQLiteError) in _ = try Self.insert(task, in: database) }
        return task
    }

    // MARK: - Shared defaults

    /// Whether focus mode is on (the FocusWidget's state); off until set.
    ///
    /// Any stored value other than `true` reads as off.
    public func isFocusModeOn() throws(AppGroupError) -> Bool {
        try string(forKey: Self.focusModeKey) == "true"
    }

    /// Turns focus mode on or off.
    public func setFocusMode(_ isOn: Bool) throws(AppGroupError) {
        try setString(isOn ? "true" : "false", forKey: Self.focusModeKey)
    }

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

    private static func setDefault(_ value: String?, forKey key: String, in database: SQLiteDatabase)
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

    /// SQLite's plan for `query` (`EXPLAIN QUERY PLAN`), one line per step.
    func queryPlan(for query: TaskQuery) throws(AppGroupError) -> [String] {
        let sql = "EXPLAIN QUERY PLAN " + TaskQueryShape(query).selectSQL
        let bindings = TaskQueryShape.bindings(for: query)
        return try withConnection { database throws(SQLiteError) in
            try database.query(sql, bindings) { row throws(SQLiteError) in row.string(at: 3) ?? "" }
        }
    }

    /// The tasks for `query` with the virtual machine steps SQLite took to find them, for tests that
    /// the cost of a query does not grow with the number of tasks.
    func measuredTasks(matching query: TaskQuery) throws(AppGroupError) -> (tasks: [StoredTask], steps: Int) {
        let sql = TaskQueryShape(query).selectSQL
        let bindings = TaskQueryShape.bindings(for: query)
        return try withConnection { database throws(SQLiteError) in
            let statement = try database.prepare(sql)
            _ = statement.virtualMachineSteps(reset: true)
            let tasks = try database.query(sql, bindings, row: Self.task(from:))
            return (tasks, statement.virtualMachineSteps(reset: true))
        }
    }

    /// Runs `body` on the connection inside one transaction, for tests of rollback.
    func withTransaction<Result: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result
    ) throws(AppGroupError) -> Result {
        try write(body)
    }
}
