/// A fixed list of words (a mapping's known keys, an enumeration's cases) prepared once so that
/// scalars can be looked up among them by their bytes, without making a `String` of each scalar.
///
/// A match is byte for byte, which implies `String` equality. The converse does not hold: text
/// equal to a word only under Unicode canonical equivalence is not found here, so a caller that
/// gets `nil` reads the node the ordinary way (``NodeReader``), which decides and reports exactly as
/// before. Hot loaders take the byte path for the common case and keep one way of judging the rest.
///
/// ```swift
/// static let widgetKeys = ScalarVocabulary(["id", "kind", "family", "configuration"])
/// if let index = reader.keyIndex(pair, in: "widget", among: Self.widgetKeys) { ... }
/// ```
public struct ScalarVocabulary: Sendable {
    /// The words, in the order given.
    public let words: [String]
    /// Every word's UTF-8, one after the other.
    private let bytes: [UInt8]
    /// Where each word's bytes start in `bytes`, and one past the last word's end.
    private let starts: [Int]

    /// Prepares `words`.
    public init(_ words: [String]) {
        self.words = words
        var bytes: [UInt8] = []
        var starts = [0]
        for word in words {
            bytes += word.utf8
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The position of the first word a mapping key is, byte for byte, when the key is a `!!str`
    /// scalar (the only keys ``NodeReader/entry(_:in:isKnown:knownKeys:)`` accepts).
    /// - Complexity: O(w) in the total length of the words.
    public func index(ofKey key: Node) -> Int? {
        index(of: key) { $0 == CoreTag.str.rawValue }
    }

    /// The position of the first word `node` is, byte for byte, when ``NodeReader/string(_:named:)``
    /// reads it as a string: any scalar but a boolean or null.
    /// - Complexity: O(w) in the total length of the words.
    public func index(ofString node: Node) -> Int? {
        index(of: node) { $0 != CoreTag.bool.rawValue && $0 != CoreTag.null.rawValue }
    }

    /// The position of the first word `node` is, byte for byte, when
    /// ``NodeReader/choice(_:named:cases:what:)`` reads it as a choice: any scalar but null.
    /// - Complexity: O(w) in the total length of the words.
    public func index(ofChoice node: Node) -> Int? {
        index(of: node) { $0 != CoreTag.null.rawValue }
    }

    /// The position of the first word whose bytes are the scalar's, when `node` is a scalar whose
    /// stored tag `accepts`.
    private func index(of node: Node, where accepts: (Int32) -> Bool) -> Int? {
        node.withRecord { record, text -> Int? in
            guard record.kind == .scalar, accepts(record.tag) else { return nil }
            let first = Int(record.first)
            let count = Int(record.count)
            return bytes.withUnsafeBufferPointer { bytes -> Int? in
                for position in 0..<starts.count - 1 where starts[position + 1] - starts[position] == count {
                    let start = starts[position]
                    var offset = 0
                    while offset < count, bytes[start + offset] == text[first + offset] { offset += 1 }
                    if offset == count { return position }
                }
                return nil
            }
        }
    }
}
