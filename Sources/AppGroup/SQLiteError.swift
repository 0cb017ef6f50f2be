import CSQLite

/// A failure reported by SQLite: its result code, its message and the database it concerns.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CANTOPEN`, `SQLITE_CONSTRAINT_CHECK`, ...).
    package var code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or a message of the wrapper's own.
    package var message: String
    /// The database file, or `:memory:`.
    package var path: String
    /// The statement that failed, when one did.
    package var sql: String?
    /// The operating system's `errno` behind an I/O or open failure (`sqlite3_system_errno`); 0 when
    /// none was recorded.
    package var systemErrorNumber: Int32

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The (extended) SQLite result code.
    ///   - message: What went wrong.
    ///   - path: The database file.
    ///   - sql: The statement that failed, if any.
    ///   - systemErrorNumber: The `errno` behind the failure, or 0.
    package init(code: Int32, message: String, path: String, sql: String? = nil, systemErrorNumber: Int32 = 0)
    {
        self.code = code
        self.message = message
        self.path = path
        self.sql = sql
        self.systemErrorNumber = systemErrorNumber
    }

    /// The primary result code (the low byte of ``code``): `SQLITE_CONSTRAINT` for
    /// `SQLITE_CONSTRAINT_CHECK`, and so on.
    package var primaryCode: Int32 { code & 0xFF }

    /// `path: message (SQLite result code N)`.
    package var description: String {
        "\(path): \(message) (SQLite result code \(code))"
    }

    /// The error SQLite recorded on `connection` for the result `code`.
    static func last(
        on connection: OpaquePointer?,
        code: Int32,
        path: String,
        sql: String? = nil
    ) -> SQLiteError {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // `sqlite3_errmsg` describes the latest failure; keep the code that goes with it when it is
        // a refinement of the code returned.
        let chosen = extended & 0xFF == code & 0xFF ? extended : code
        let system = connection.map { sqlite3_system_errno($0) } ?? 0
        return SQLiteError(code: chosen, message: message, path: path, sql: sql, systemErrorNumber: system)
    }
}
