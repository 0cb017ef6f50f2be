import Diagnostics

/// Turns a mapping's key and value nodes into pairs: rejects duplicate keys and applies merge
/// keys (`<<`).
enum MappingBuilder {
    /// What makes two keys the same key: equal values under their resolved tags.
    ///
    /// Collection keys are never equal to one another: the YAML test suite (X38W) accepts a
    /// mapping keyed by a sequence and by an alias of that same sequence.
    enum KeyIdentity: Hashable {
        case value(ScalarValue)
        case tagged(String, String)
        case collection(Int)

        init(_ node: Node, position: Int) {
            switch node.content {
            case .scalar(let text):
                switch node.tag {
                case .str: self = .value(.string(text))
                case .int, .float, .bool, .null:
                    self = node.scalarValue.map(KeyIdentity.value) ?? .tagged(node.tag.rawValue, text)
                default: self = .tagged(node.tag.rawValue, text)
                }
            case .sequence, .mapping:
                self = .collection(position)
            }
        }
    }

    /// Mappings up to this many keys check duplicates by linear scan: cheaper than hashing.
    private static let linearScanLimit = 8

    /// The pairs of a mapping whose key and value nodes alternate in `children`.
    /// - Complexity: O(n) expected in the number of pairs, plus the merged pairs.
    static func build(_ children: [Node], source: SourceText) throws(Diagnostic) -> [Node.Pair] {
        var pairs: [Node.Pair] = []
        pairs.reserveCapacity(children.count / 2)
        var index = 0
        while index + 1 < children.count {
            pairs.append(Node.Pair(key: children[index], value: children[index + 1]))
            index += 2
        }
        let identities = pairs.enumerated().map { KeyIdentity($0.element.key, position: $0.offset) }
        if pairs.count <= linearScanLimit {
            for later in identities.indices {
                for earlier in 0..<later where identities[earlier] == identities[later] {
                    throw duplicate(pairs[earlier].key, pairs[later].key, source: source)
                }
            }
        } else {
            var seen: [KeyIdentity: Int] = [:]
            seen.reserveCapacity(pairs.count)
            for (position, identity) in identities.enumerated() {
                if let earlier = seen.updateValue(position, forKey: identity) {
                    throw duplicate(pairs[earlier].key, pairs[position].key, source: source)
                }
            }
        }
        guard pairs.contains(where: { $0.key.tag == .merge }) else { return pairs }
        return try merge(pairs, identities: identities, source: source)
    }

    /// Replaces each `<<` pair by the pairs of the mapping(s) it names, skipping keys the mapping
    /// sets itself (explicit keys win) and keys an earlier merged mapping gave.
    private static func merge(
        _ pairs: [Node.Pair],
        identities: [KeyIdentity],
        source: SourceText
    ) throws(Diagnostic) -> [Node.Pair] {
        var taken = Set(zip(pairs, identities).filter { $0.0.key.tag != .merge }.map(\.1))
        var result: [Node.Pair] = []
        var mergedCount = 0
        for pair in pairs {
            guard pair.key.tag == .merge else {
                result.append(pair)
                continue
            }
            let sources: [Node]
            switch pair.value.content {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar: throw mergeError(pair.value, source: source)
            }
            for merged in sources {
                guard case .mapping(let mergedPairs) = merged.content else {
                    throw mergeError(merged, source: source)
                }
                for mergedPair in mergedPairs {
                    // Negative positions keep merged collection keys apart from the explicit ones.
                    mergedCount += 1
                    guard taken.insert(KeyIdentity(mergedPair.key, position: -mergedCount)).inserted else {
                        continue
                    }
                    result.append(mergedPair)
                }
            }
        }
        return result
    }

    private static func mergeError(_ node: Node, source: SourceText) -> Diagnostic {
        source.diagnostic(
            at: node.start.location,
            code: "yaml.invalid-merge",
            message: "a merge key '<<' takes a mapping or a list of mappings, not \(node.kindDescription)"
        )
    }

    private static func duplicate(_ first: Node, _ second: Node, source: SourceText) -> Diagnostic {
        let name = keyText(second)
        return source.diagnostic(
            at: second.start.location,
            code: "yaml.duplicate-key",
            message: "duplicate key '\(name)': first at line \(first.start.line), again at line \(second.start.line)",
            notes: [Diagnostic.Note("'\(name)' first defined here", at: first.start.location)]
        )
    }

    /// A key as shown in messages: its text, cut to a readable length.
    static func keyText(_ node: Node) -> String {
        let text = node.scalar ?? JSONWriter.json(node)
        return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
