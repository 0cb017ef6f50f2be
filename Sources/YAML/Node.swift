public import Diagnostics

/// One node of a composed YAML document: a scalar, a sequence or a mapping, with its resolved tag,
/// style, anchor and where it starts and ends in the input.
///
/// Aliases are already resolved: an alias is the node its anchor names (the same node, so its marks
/// are those of the anchored definition). Merge keys are already applied.
///
/// A node is a cheap view (a reference and an index) of storage shared by its whole stream.
public struct Node: Sendable {
    let storage: NodeStorage
    let index: Int32
    /// The innermost alias (an index of ``NodeStorage/aliases``) on the path by which this node was
    /// reached from its document's root, or -1: the same node reached through two aliases is
    /// reported at each.
    let via: Int32

    init(storage: NodeStorage, index: Int32, via: Int32 = -1) {
        self.storage = storage
        self.index = index
        self.via = via
    }

    /// What a node holds.
    public enum Content: Sendable {
        /// A scalar's text, after YAML's escapes and folding.
        case scalar(String)
        /// A sequence's items, in order.
        case sequence([Node])
        /// A mapping's pairs, in order.
        case mapping([Pair])
    }

    /// One key/value pair of a mapping.
    public struct Pair: Sendable {
        /// The key node.
        public var key: Node
        /// The value node.
        public var value: Node
    }

    /// How a node was written.
    public enum Style: UInt8, Sendable, Hashable {
        /// A plain scalar.
        case plain
        /// A `'single-quoted'` scalar.
        case singleQuoted
        /// A `"double-quoted"` scalar.
        case doubleQuoted
        /// A `|` block scalar.
        case literal
        /// A `>` block scalar.
        case folded
        /// A block (indented) sequence or mapping.
        case block
        /// A `[flow]` sequence or `{flow}` mapping.
        case flow
    }

    var record: NodeRecord { storage.records[Int(index)] }

    /// The node's content. Builds an array for a collection: prefer ``count``, ``item(_:)``,
    /// ``pair(_:)`` and ``subscript(_:)`` on hot paths.
    public var content: Content {
        let record = record
        switch record.kind {
        case .scalar: return .scalar(scalarText(record))
        case .sequence: return .sequence((0..<Int(record.count)).map { item($0) })
        case .mapping: return .mapping((0..<Int(record.count)).map { pair($0) })
        }
    }

    /// The resolved tag.
    public var tag: Tag {
        let raw = record.tag
        if raw >= 0, let core = CoreTag(rawValue: raw) { return core.tag }
        return Tag(rawValue: storage.strings[Int(-1 - raw)])
    }

    /// Whether the resolved tag is `!!null`: `tag == .null` without building a ``Tag``.
    public var isNull: Bool { record.tag == CoreTag.null.rawValue }

    /// Whether the tag is the core-schema tag `core`, without building a ``Tag``.
    func hasTag(_ core: CoreTag) -> Bool { record.tag == core.rawValue }

    /// How the node was written.
    public var style: Style { record.style }

    /// The anchor the node carried (`&name`), if any.
    public var anchor: String? {
        storage.anchors.isEmpty ? nil : storage.anchors[index].map { storage.strings[Int($0)] }
    }

    /// The alias through which the node was reached, innermost first: its name (without `*`) and
    /// where it was written; `nil` for a node reached without one. An alias is the anchored node
    /// itself, so ``start`` is the anchor's place; this is the place that used it.
    public var alias: (name: String, location: SourceLocation)? {
        guard via >= 0 else { return nil }
        let use = storage.aliases[Int(via)]
        return (storage.strings[Int(use.name)], SourceLocation(line: Int(use.line), column: Int(use.column)))
    }

    /// Where the node starts.
    /// - Complexity: O(log n) in the number of lines of the input.
    public var start: Mark {
        let record = record
        return storage.mark(at: record.startIndex, atLineStart: record.startsAtLineStart)
    }

    /// Where the node ends (just past its last character).
    /// - Complexity: O(log n) in the number of lines of the input.
    public var end: Mark {
        let record = record
        return storage.mark(at: record.endIndex, atLineStart: record.endsAtLineStart)
    }

    /// Whether the node is a scalar.
    public var isScalar: Bool { record.kind == .scalar }
    /// Whether the node is a sequence.
    public var isSequence: Bool { record.kind == .sequence }
    /// Whether the node is a mapping.
    public var isMapping: Bool { record.kind == .mapping }

    /// The number of items of a sequence or pairs of a mapping; 0 for a scalar.
    public var count: Int { record.kind == .scalar ? 0 : Int(record.count) }

    /// The scalar text, or `nil` for a collection.
    public var scalar: String? {
        let record = record
        return record.kind == .scalar ? scalarText(record) : nil
    }

    /// Appends what a scalar's value is to `key`: its resolved tag, its style and its text (after
    /// escapes and substitution), so that two scalars read alike append alike; `false`, appending
    /// nothing, for a collection.
    public func appendScalarIdentity(to key: inout [UInt8]) -> Bool {
        let record = record
        guard record.kind == .scalar else { return false }
        withUnsafeBytes(of: record.tag.littleEndian) { key.append(contentsOf: $0) }
        key.append(record.style.rawValue)
        withUnsafeBytes(of: record.count.littleEndian) { key.append(contentsOf: $0) }
        let start = Int(record.first)
        key.append(contentsOf: storage.text[start..<start + Int(record.count)])
        return true
    }

    /// The items of a sequence, or `nil`.
    public var sequence: [Node]? {
        guard isSequence else { return nil }
        return (0..<count).map { item($0) }
    }

    /// The pairs of a mapping, or `nil`.
    public var mapping: [Pair]? {
        guard isMapping else { return nil }
        return (0..<count).map { pair($0) }
    }

    /// The `position`th item of a sequence.
    /// - Precondition: the node is a sequence and `position < count`.
    public func item(_ position: Int) -> Node {
        let slot = Int(record.first) + position
        return Node(
            storage: storage, index: storage.children[slot],
            via: storage.alias(ofChildAt: slot, inherited: via))
    }

    /// The `position`th pair of a mapping.
    /// - Precondition: the node is a mapping and `position < count`.
    public func pair(_ position: Int) -> Pair {
        let first = Int(record.first) + 2 * position
        return Pair(
            key: Node(
                storage: storage, index: storage.children[first],
                via: storage.alias(ofChildAt: first, inherited: via)),
            value: Node(
                storage: storage, index: storage.children[first + 1],
                via: storage.alias(ofChildAt: first + 1, inherited: via))
        )
    }

    /// The value of the first pair whose key is the string `key`, in a mapping.
    /// - Complexity: O(n) in the number of pairs, comparing bytes.
    public subscript(key: String) -> Node? {
        guard isMapping else { return nil }
        var key = key
        return key.withUTF8 { wanted -> Node? in
            for position in 0..<count {
                let pair = pair(position)
                if pair.key.hasTag(.str), pair.key.scalarBytesEqual(wanted) { return pair.value }
            }
            return nil
        }
    }

    /// What kind of node this is, in words for messages: "a string", "an integer", "a mapping"...
    public var kindDescription: String {
        switch record.kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar:
            switch tag {
            case .str: return "a string"
            case .int: return "an integer"
            case .float: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            default: return "a \(tag) scalar"
            }
        }
    }

    // MARK: - Scalar bytes

    func scalarText(_ record: NodeRecord) -> String {
        storage.text.withUnsafeBufferPointer { text in
            String(
                decoding: UnsafeBufferPointer(
                    rebasing: text[Int(record.first)..<Int(record.first + record.count)]), as: UTF8.self)
        }
    }

    /// Calls `body` with the scalar's bytes (empty for a collection).
    func withScalarBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let record = record
        let range = record.kind == .scalar ? Int(record.first)..<Int(record.first + record.count) : 0..<0
        return storage.text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    func scalarBytesEqual(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        withScalarBytes { $0.count == other.count && $0.elementsEqual(other) }
    }

    /// Calls `body` with the node's record and every scalar byte of its stream (a scalar's own are
    /// `first..<first + count`), reading the shared storage once for hot paths.
    func withRecord<Result>(_ body: (NodeRecord, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let record = record
        return storage.text.withUnsafeBufferPointer { body(record, $0) }
    }
}
