import CSQLite

/// A prepared SQL statement: bind parameters, step through rows, read columns.
///
/// Statements come from ``SQLiteDatabase/prepare(_:)``, which caches them by their SQL text, so a
/// statement run again skips parsing and planning. Parameters are numbered from 1 and columns from
/// 0, as in SQLite's C API.
///
/// Not `Sendable`: a statement belongs to its connection, and both are used by one owner at a time
/// (``AppGroupStore`` keeps its connection behind a mutex).
package final class SQLiteStatement {
    let handle: OpaquePointer
    /// The connection, kept for error messages; valid for the statement's life because the
    /// database closes with `sqlite3_close_v2`, which waits for its statements to be finalized.
    private let connection: OpaquePointer
    private let path: String

    /// The SQL text the statement was prepared from.
    package let sql: String

    init(handle: OpaquePointer, connection: OpaquePointer, path: String, sql: String) {
        self.handle = handle
        self.connection = connection
        self.path = path
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The number of columns of each result row.
    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of the 0-based column `index`.
    package func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    // MARK: - Binding

    /// Resets the statement, clears earlier bindings and binds `values` to parameters 1, 2, ...
    ///
    /// - Throws: ``SQLiteError`` when there are more values than parameters, or SQLite refuses one.
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        reset()
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Binds `value` to the 1-based parameter `index`.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the statement has no such parameter.
    package func bind(_ value: SQLiteValue, at index: Int) throws(SQLiteError) {
        let position = Int32(clamping: index)
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, position)
        case .integer(let integer):
            result = sqlite3_bind_int64(handle, position, sqlite3_int64(integer))
        case .real(let real):
            result = sqlite3_bind_double(handle, position, real)
        case .text(let text):
            // The byte count, not -1, so text holding NUL characters is bound whole; SQLite copies
            // the bytes (SQLITE_TRANSIENT) since Swift's buffer lives only for the call.
            result = text.withCString { pointer in
                sqlite3_bind_text64(
                    handle, position, pointer, sqlite3_uint64(text.utf8.count), Self.transient,
                    UInt8(SQLITE_UTF8))
            }
        }
        guard result == SQLITE_OK else { throw error(result) }
    }

    /// SQLite's `SQLITE_TRANSIENT` destructor: copy the bytes before returning.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    // MARK: - Stepping

    /// Runs the statement to its next row.
    ///
    /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` for any failure (busy, constraint, corrupt file, ...); the statement
    ///   is reset then, so it can run again.
    @discardableResult
    package func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(result)
            reset()
            throw failure
        }
    }

    /// Rewinds the statement so it can run again, keeping its bindings; releases the read it held.
    package func reset() {
        sqlite3_reset(handle)
    }

    // MARK: - Columns

    /// Whether the 0-based column `index` of the current row is `NULL`.
    package func isNull(at index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
    }

    /// The 0-based column `index` of the current row as an integer (0 for `NULL`).
    package func int(at index: Int) -> Int {
        Int(sqlite3_column_int64(handle, Int32(index)))
    }

    /// The 0-based column `index` of the current row as a double (0 for `NULL`).
    package func double(at index: Int) -> Double {
        sqlite3_column_double(handle, Int32(index))
    }

    /// The 0-based column `index` of the current row as text, or `nil` for `NULL`.
    package func string(at index: Int) -> String? {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) != SQLITE_NULL,
            let text = sqlite3_column_text(handle, column)
        else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The 0-based column `index` of the current row in its storage class (blobs read as text).
    package func value(at index: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(int(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        default: return .text(string(at: index) ?? "")
        }
    }

    // MARK: - Cost

    /// How many virtual machine steps the statement has run since the counter was last reset:
    /// a measure of the rows SQLite visited, independent of the machine's speed.
    ///
    /// - Parameter reset: Whether to set the counter back to 0 after reading it.
    package func virtualMachineSteps(reset: Bool = false) -> Int {
        Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, reset ? 1 : 0))
    }

    /// How many times the statement stepped forward in a full table scan since the counter was last
    /// reset; 0 for a statement served by an index.
    ///
    /// - Parameter reset: Whether to set the counter back to 0 after reading it.
    package func fullScanSteps(reset: Bool = false) -> Int {
        Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_FULLSCAN_STEP, reset ? 1 : 0))
    }

    private func error(_ code: Int32) -> SQLiteError {
        SQLiteError.last(on: connection, code: code, path: path, sql: sql)
    }
}
