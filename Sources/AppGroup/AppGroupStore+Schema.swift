extension AppGroupStore {
    /// The schema version this widgethost writes, kept in `PRAGMA user_version`.
    ///
    /// A store of a newer version is refused rather than misread; an older one would be migrated
    /// step by step in ``migrate(_:)`` (version 1 is the first).
    static let schemaVersion = 2

    /// The seed app's `tasks` table of version 1 (its indexes: ``taskIndexesSQL``), read and
    /// written by the `TaskStore` module (`AppGroupStore+Tasks.swift`).
    ///
    /// They stay here, in the one migration every process runs under the write lock, rather than
    /// being created by `TaskStore` on first use: a store opened by the engine alone (`run`,
    /// `reload`) must have the same tables as one opened by a task intent, and a store written by
    /// an earlier widgethost must upgrade in one step. The text is that of version 1 and never
    /// changes; a change to the tasks would be a new version with its own step in ``migrate(_:)``.
    ///
    /// `position` is the rowid, so the table itself is in insertion order; `AUTOINCREMENT` keeps a
    /// removed task's position from being reused. `dueDate` is seconds since 1970-01-01 UTC. Each
    /// index serves one shape of a task query (`TaskQueryShape`: which filters are present) and
    /// ends in `position`, so a query reads its rows already in store order.
    ///
    /// The table, the defaults and the indexes are created in that order, as version 1 always
    /// did: the order decides which page of the file holds each, and so what a damaged file still
    /// reads.
    static let taskTableSQL = """
        CREATE TABLE IF NOT EXISTS tasks(
            position INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL CHECK(title <> ''),
            priority TEXT NOT NULL CHECK(priority IN ('low', 'medium', 'high')),
            category TEXT,
            isCompleted INTEGER NOT NULL CHECK(isCompleted IN (0, 1)),
            dueDate REAL
        );
        """

    /// The indexes of the `tasks` table of version 1 (see ``taskTableSQL``).
    package static let taskIndexesSQL = """
        CREATE INDEX IF NOT EXISTS tasks_by_category ON tasks(category, position);
        CREATE INDEX IF NOT EXISTS tasks_by_completed ON tasks(isCompleted, position);
        CREATE INDEX IF NOT EXISTS tasks_by_completed_category ON tasks(isCompleted, category, position);
        CREATE INDEX IF NOT EXISTS tasks_by_priority ON tasks(priority, position);
        CREATE INDEX IF NOT EXISTS tasks_by_priority_category ON tasks(priority, category, position);
        CREATE INDEX IF NOT EXISTS tasks_by_priority_completed ON tasks(priority, isCompleted, position);
        CREATE INDEX IF NOT EXISTS tasks_by_priority_completed_category
            ON tasks(priority, isCompleted, category, position);
        """

    /// The shared defaults of version 1, as `UserDefaults(suiteName:)` held them in the seed.
    static let defaultsTableSQL = """
        CREATE TABLE IF NOT EXISTS defaults(
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    /// `reload_requests`: the latest request per kind (`*` for every kind), numbered by a generation
    /// that only grows; `evaluations`: the generation each widget instance was last evaluated at.
    static let reloadTablesSQL = """
        CREATE TABLE IF NOT EXISTS reload_requests(
            kind TEXT PRIMARY KEY NOT NULL,
            generation INTEGER NOT NULL,
            requestedAt REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS evaluations(
            widget TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            generation INTEGER NOT NULL,
            evaluatedAt REAL NOT NULL
        ) WITHOUT ROWID;
        """

    /// What a database file holds, as opening a store judges it.
    enum StoreSchema: Equatable {
        /// widgethost's schema of this version; 0 for a file that holds nothing yet.
        case version(Int)
        /// Another program's database: `objects` tables and indexes, and no widgethost version.
        case foreign(objects: Int)
    }

    /// What `database` holds, its version and its tables read in one statement (one snapshot: a
    /// process creating the store meanwhile is seen before or after, never half way).
    static func schema(_ database: SQLiteDatabase) throws(SQLiteError) -> StoreSchema {
        let row = try database.query(
            "SELECT user_version, (SELECT count(*) FROM sqlite_schema) FROM pragma_user_version"
        ) { row throws(SQLiteError) in (version: row.int(at: 0), objects: row.int(at: 1)) }
        guard let (version, objects) = row.first else { return .version(0) }
        return version == 0 && objects > 0 ? .foreign(objects: objects) : .version(version)
    }

    /// Creates the schema in a new store, or upgrades an older one, in one transaction with reading
    /// the version again, so of two processes opening a new store at once only the first creates
    /// it. Only called when the version read without the lock is older than ``schemaVersion``:
    /// opening a current store takes no write lock.
    ///
    /// A new store is switched to write-ahead logging first (a mode change cannot be made inside a
    /// transaction); the mode is kept in the file, so later opens need not set it.
    ///
    /// - Returns: What the file held before migrating (`.version(0)` for a new store); for
    ///   another program's database (tables written since it was judged empty), `.foreign`, and
    ///   nothing was created.
    static func migrate(_ database: SQLiteDatabase) throws(SQLiteError) -> StoreSchema {
        try database.useWriteAheadLogging()
        return try database.transaction { () throws(SQLiteError) -> StoreSchema in
            let schema = try schema(database)
            guard case .version(let version) = schema else { return schema }
            if version == 0 {
                try database.execute(taskTableSQL)
                try database.execute(defaultsTableSQL)
                try database.execute(taskIndexesSQL)
            }
            if version < 2 {
                // Version 2: reload requests (WidgetCenter) and when each widget was last evaluated.
                try database.execute(reloadTablesSQL)
            }
            if version < schemaVersion {
                try database.execute("PRAGMA user_version = \(schemaVersion)")
            }
            return schema
        }
    }
}
