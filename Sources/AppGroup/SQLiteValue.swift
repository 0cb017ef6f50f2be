/// A value bound to a statement's parameter or read from a result column, in SQLite's storage
/// classes (blobs are not used by widgethost).
package enum SQLiteValue: Sendable, Hashable {
    /// `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)

    /// `text`, or `NULL` when it is `nil`.
    package init(_ text: String?) {
        self = text.map(SQLiteValue.text) ?? .null
    }

    /// `real`, or `NULL` when it is `nil`.
    package init(_ real: Double?) {
        self = real.map(SQLiteValue.real) ?? .null
    }

    /// `integer`, or `NULL` when it is `nil`.
    package init(_ integer: Int?) {
        self = integer.map(SQLiteValue.integer) ?? .null
    }

    /// The integer 1 or 0, the way SQLite stores booleans.
    package init(_ bool: Bool) {
        self = .integer(bool ? 1 : 0)
    }
}
