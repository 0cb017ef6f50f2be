import TestSupport

@testable import AppGroup

/// A store as widgethost's first schema (version 1) left it: tasks and defaults, no reload tables.
enum VersionOneStore {
    /// Writes a version 1 store into `directory` and closes it.
    static func create(in directory: TemporaryDirectory) throws {
        let database = try SQLiteDatabase(path: directory.path(AppGroupStore.databaseFileName))
        try database.execute(
            """
            CREATE TABLE tasks(position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL, priority TEXT NOT NULL, category TEXT, isCompleted INTEGER NOT NULL,
                dueDate REAL);
            CREATE TABLE defaults(key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
            PRAGMA user_version = 1;
            """
        )
    }
}
