/// One node of a composed YAML document: a scalar, a sequence or a mapping, with its resolved tag,
/// style, anchor and where it starts and ends in the input.
///
/// Aliases are already resolved: an alias is a copy of the node its anchor names (arrays are
/// shared, so the copy is cheap). Merge keys are already applied.
public struct Node: Sendable {
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

        /// Creates a pair.
        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// How a node was written.
    public enum Style: String, Sendable, Hashable {
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

    /// The node's content.
    public var content: Content
    /// The resolved tag.
    public var tag: Tag
    /// How the node was written.
    public var style: Style
    /// The anchor the node carried (`&name`), if any.
    public var anchor: String?
    /// Where the node starts.
    public var start: Mark
    /// Where the node ends (just past its last character).
    public var end: Mark

    /// Creates a node.
    public init(content: Content, tag: Tag, style: Style, anchor: String? = nil, start: Mark, end: Mark) {
        self.content = content
        self.tag = tag
        self.style = style
        self.anchor = anchor
        self.start = start
        self.end = end
    }

    /// The scalar text, or `nil` for a collection.
    public var scalar: String? {
        if case .scalar(let text) = content { return text }
        return nil
    }

    /// The items of a sequence, or `nil`.
    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs of a mapping, or `nil`.
    public var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of the first pair whose key is the string `key`, in a mapping.
    public subscript(key: String) -> Node? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.scalar == key && $0.key.tag == .str }?.value
    }

    /// What kind of node this is, in words for messages: "a string", "an integer", "a mapping"...
    public var kindDescription: String {
        switch content {
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
}
