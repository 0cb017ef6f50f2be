import CSQLite

/// The SQLite the process runs on.
public enum LibSQLite {
    /// Its version, as the loaded library reports it (`3.40.1`), which may differ from the headers'.
    public static var version: String { String(cString: sqlite3_libversion()) }
}
