import Diagnostics
import WidgetHostKit

/// The widgets a configuration loads to, stored flat: a 40-byte row each, their ids' bytes in one
/// buffer, and each kind, App Group and file once. ``WidgetInstance``s are views of its rows.
///
/// Twenty thousand widgets held as separate values cost over 2.5 MB for the whole of a run (a
/// hundred bytes each, and an allocation for each id past 15 bytes); as rows, under a megabyte.
final class InstanceTable: Sendable {
    let rows: InstanceRows

    init(_ rows: InstanceRows) {
        self.rows = rows
    }

}

/// The rows of an ``InstanceTable`` while a configuration is read.
struct InstanceRows: Sendable {
    /// One widget.
    struct Row: Sendable {
        var configuration: [String: JSONValue]
        /// Its id's bytes in ``InstanceRows/idBytes``.
        var idStart: Int32
        var idCount: Int32
        /// An index of ``InstanceRows/kinds``.
        var kind: Int32
        /// An index of ``InstanceRows/contexts``.
        var context: Int32
        var line: Int32
        var column: Int32
        /// An index of ``InstanceRows/families``.
        var family: UInt8
    }

    /// Where a widget is declared, and the App Group it takes: alike for most widgets of a file.
    struct Context: Hashable, Sendable {
        var appGroup: String
        var file: String
    }

    static let families = WidgetFamily.allCases

    private(set) var rows: [Row] = []
    private(set) var idBytes: [UInt8] = []
    private(set) var kinds: [String] = []
    private var kindIndex: [String: Int32] = [:]
    private(set) var contexts: [Context] = []
    private var contextIndex: [Context: Int32] = [:]
    /// Each row's origins, once any row has them (``hasOrigins``); otherwise empty.
    private(set) var origins: [[String: String]?] = []
    private(set) var hasOrigins = false

    var count: Int { rows.count }

    /// Adds a widget.
    mutating func append(_ values: WidgetInstance.Values) {
        let idStart = idBytes.count
        idBytes.append(contentsOf: values.id.utf8)
        if values.origins != nil && !hasOrigins {
            origins = Array(repeating: nil, count: rows.count)
            hasOrigins = true
        }
        rows.append(
            Row(
                configuration: values.configuration, idStart: Int32(truncatingIfNeeded: idStart),
                idCount: Int32(truncatingIfNeeded: idBytes.count - idStart), kind: intern(kind: values.kind),
                context: intern(Context(appGroup: values.appGroup, file: values.file)),
                line: Int32(truncatingIfNeeded: values.location.line),
                column: Int32(truncatingIfNeeded: values.location.column),
                family: UInt8(truncatingIfNeeded: Self.families.firstIndex(of: values.family) ?? 0)))
        if hasOrigins { origins.append(values.origins) }
    }

    /// Reserves room for `count` rows in all.
    mutating func reserve(_ count: Int) {
        guard rows.capacity < count else { return }
        rows.reserveCapacity(max(count, 2 * rows.capacity))
    }

    /// Forgets the rows from `count` on (the bytes of their ids stay, unused).
    mutating func removeRows(from count: Int) {
        rows.removeSubrange(count...)
        if hasOrigins { origins.removeSubrange(count...) }
    }

    /// Every value of a row.
    func values(of row: Int) -> WidgetInstance.Values {
        WidgetInstance.Values(
            id: id(of: row), kind: kind(of: row), family: family(of: row),
            configuration: configuration(of: row), appGroup: appGroup(of: row), file: file(of: row),
            location: location(of: row), origins: origins(of: row))
    }

    func id(of row: Int) -> String {
        let values = rows[row]
        let start = Int(values.idStart)
        return String(decoding: idBytes[start..<start + Int(values.idCount)], as: UTF8.self)
    }

    /// Whether a row's id is empty (a default one is still to be given).
    func hasNoID(_ row: Int) -> Bool { rows[row].idCount == 0 }

    func kind(of row: Int) -> String { kinds[Int(rows[row].kind)] }
    func family(of row: Int) -> WidgetFamily { Self.families[Int(rows[row].family)] }
    func configuration(of row: Int) -> [String: JSONValue] { rows[row].configuration }
    func appGroup(of row: Int) -> String { contexts[Int(rows[row].context)].appGroup }
    func file(of row: Int) -> String { contexts[Int(rows[row].context)].file }
    func origins(of row: Int) -> [String: String]? { hasOrigins ? origins[row] : nil }

    func location(of row: Int) -> SourceLocation {
        SourceLocation(line: Int(rows[row].line), column: Int(rows[row].column))
    }

    /// Gives a row the id `id`.
    mutating func setID(_ id: String, of row: Int) {
        let start = idBytes.count
        idBytes.append(contentsOf: id.utf8)
        rows[row].idStart = Int32(truncatingIfNeeded: start)
        rows[row].idCount = Int32(truncatingIfNeeded: idBytes.count - start)
    }

    /// Gives a row the App Group `appGroup`, noting `origin` where origins are recorded.
    mutating func setAppGroup(_ appGroup: String, origin: String, of row: Int) {
        let context = contexts[Int(rows[row].context)]
        if context.appGroup != appGroup {
            rows[row].context = intern(Context(appGroup: appGroup, file: context.file))
        }
        if hasOrigins { origins[row]?["appGroup"] = origin }
    }

    private mutating func intern(kind: String) -> Int32 {
        Self.intern(kind, last: rows.last?.kind, in: &kinds, index: &kindIndex)
    }

    private mutating func intern(_ context: Context) -> Int32 {
        Self.intern(context, last: rows.last?.context, in: &contexts, index: &contextIndex)
    }

    /// The position of `value` in `values`, added if new; most widgets take the value of the
    /// one before (`last`), which is looked at first.
    private static func intern<Value: Hashable>(
        _ value: Value, last: Int32?, in values: inout [Value], index: inout [Value: Int32]
    ) -> Int32 {
        if let last, values[Int(last)] == value { return last }
        if let found = index[value] { return found }
        let added = Int32(truncatingIfNeeded: values.count)
        values.append(value)
        index[value] = added
        return added
    }
}
