import CYAML

/// The nodes of one YAML stream, stored flat: one fixed-size record per node, the children of
/// every collection in one index array, and every scalar's bytes in one buffer.
///
/// Composing appends plain values to three arrays instead of allocating an object or a `String`
/// per node, which is what keeps composition within a small factor of libyaml's bare event parse.
/// ``Node`` is a view of one record. The storage is immutable once composed.
final class NodeStorage: Sendable {
    let records: [NodeRecord]
    let children: [Int32]
    let text: [UInt8]
    /// Anchors and explicit tags outside the core schema, referred to by index.
    let strings: [String]
    /// The anchor (`strings[anchor]`) of each record that carries one, by record.
    let anchors: [Int32: Int32]
    /// Every alias of the stream (`*name`), where it was written.
    let aliases: [AliasUse]
    /// For each element of `children`, the alias through which that child was reached (an index
    /// of `aliases`), or -1; empty when the stream has no alias, so most inputs pay nothing.
    let childAliases: [Int32]

    /// Where each line starts, which turns a record's character indexes into lines and columns.
    let lines: LineStarts

    init(
        records: [NodeRecord], children: [Int32], text: [UInt8], strings: [String], anchors: [Int32: Int32],
        lines: LineStarts, aliases: [AliasUse] = [], childAliases: [Int32] = []
    ) {
        self.records = records
        self.children = children
        self.text = text
        self.strings = strings
        self.anchors = anchors
        self.lines = lines
        self.aliases = aliases
        self.childAliases = childAliases
    }

    /// The mark at character `index`, written at the start of its line or not (see
    /// ``LineStarts/mark(at:atLineStart:)``).
    func mark(at index: Int32, atLineStart: Bool) -> Mark {
        lines.mark(at: index, atLineStart: atLineStart)
    }

    /// The alias through which the child at `slot` of `children` was reached, or `inherited`.
    func alias(ofChildAt slot: Int, inherited: Int32) -> Int32 {
        guard !childAliases.isEmpty else { return inherited }
        let own = childAliases[slot]
        return own >= 0 ? own : inherited
    }
}

/// One alias (`*name`) as written: where, and the anchor it names.
struct AliasUse {
    var line: Int32
    var column: Int32
    /// `strings[name]`.
    var name: Int32
}

/// One node, as plain values: 24 bytes, as a composed configuration holds hundreds of thousands.
///
/// Marks are kept as character indexes only; their lines and columns come from the stream's
/// ``LineStarts``. Anchors, which few nodes carry, are kept beside the records
/// (``NodeStorage/anchors``).
struct NodeRecord {
    enum Kind: UInt8 {
        case scalar
        case sequence
        case mapping
    }

    /// A core-schema tag (``CoreTag``) when non-negative; otherwise `-1 - i` for `strings[i]`.
    var tag: Int32
    /// The character index where the node starts.
    var startIndex: Int32
    /// The character index just past the node's end.
    var endIndex: Int32
    /// A scalar's first byte in `text`; a collection's first child in `children`.
    var first: Int32
    /// A scalar's byte count; a sequence's item count; a mapping's pair count (two children each).
    var count: Int32
    var kind: Kind
    var style: Node.Style
    /// ``startsAtLineStart``, ``endsAtLineStart`` and ``isKey``, as bits.
    var marks: UInt8

    init(
        kind: Kind, style: Node.Style, tag: Int32, start: yaml_mark_t, end: yaml_mark_t?,
        first: Int32, count: Int32
    ) {
        self.tag = tag
        self.startIndex = Int32(truncatingIfNeeded: start.index)
        self.endIndex = Int32(truncatingIfNeeded: end?.index ?? 0)
        self.first = first
        self.count = count
        self.kind = kind
        self.style = style
        self.marks = start.column == 0 ? 1 : 0
        if let end, end.column == 0 { marks |= 2 }
    }

    /// Whether the start mark is in column 1: the line is then the one starting at ``startIndex``.
    var startsAtLineStart: Bool { marks & 1 != 0 }
    /// Whether the end mark is in column 1.
    var endsAtLineStart: Bool { marks & 2 != 0 }
    /// Whether the node was composed as a mapping's key (keys are never substituted).
    var isKey: Bool {
        get { marks & 4 != 0 }
        set { marks = newValue ? marks | 4 : marks & ~4 }
    }

    /// Sets the end mark of a collection, known when it closes.
    mutating func setEnd(_ end: yaml_mark_t) {
        endIndex = Int32(truncatingIfNeeded: end.index)
        marks = (marks & ~2) | (end.column == 0 ? 2 : 0)
    }
}

/// The core-schema tags, as the small integers a ``NodeRecord`` stores.
enum CoreTag: Int32, CaseIterable {
    case str
    case int
    case float
    case bool
    case null
    case seq
    case map
    case merge

    var tag: Tag {
        switch self {
        case .str: return .str
        case .int: return .int
        case .float: return .float
        case .bool: return .bool
        case .null: return .null
        case .seq: return .seq
        case .map: return .map
        case .merge: return .merge
        }
    }

    init?(_ tag: Tag) {
        guard let match = CoreTag.allCases.first(where: { $0.tag == tag }) else { return nil }
        self = match
    }
}
