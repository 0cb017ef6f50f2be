public import Diagnostics

extension JSONWriter {
    /// The first mapping of `node` with two keys that are different in YAML but the same in JSON
    /// (`1` and `"1"`, `null` and `"null"`): JSON object keys are text, so printing both would give
    /// an object with a duplicate key, which JSON readers take differently (most keep the last).
    ///
    /// - Parameters:
    ///   - node: A composed document.
    ///   - source: Its source, for the diagnostic's file and line.
    /// - Returns: A `yaml.json-key-clash` diagnostic at the second key, with a note at the first; `nil`
    ///   when every mapping's keys stay apart.
    /// - Complexity: O(n) in the nodes of the document, each node reached through aliases visited once;
    ///   a mapping whose keys are all strings costs no allocation.
    public static func keyClash(in node: Node, source: SourceText) -> Diagnostic? {
        var stack = [node]
        var visited: Set<Int32> = []
        while let next = stack.popLast() {
            guard !next.isScalar, visited.insert(next.index).inserted else { continue }
            if next.isSequence {
                for position in 0..<next.count { stack.append(next.item(position)) }
                continue
            }
            var needsCheck = false
            for position in 0..<next.count {
                let pair = next.pair(position)
                stack.append(pair.key)
                stack.append(pair.value)
                if !(pair.key.isScalar && pair.key.hasTag(.str)) { needsCheck = true }
            }
            // Keys that are all strings were already checked for duplicates by their text.
            guard needsCheck else { continue }
            var seen: [String: Node] = [:]
            for position in 0..<next.count {
                let key = next.pair(position).key
                let text =
                    key.isScalar ? key.withScalarBytes { String(decoding: $0, as: UTF8.self) } : json(key)
                guard let first = seen.updateValue(key, forKey: text) else { continue }
                let shown = MappingKeys.excerpt(text)
                return source.diagnostic(
                    at: key.start.location,
                    code: .yamlJSONKeyClash,
                    message:
                        "the keys \(spelling(of: first)) (line \(first.start.line)) and \(spelling(of: key)) "
                        + "are different in YAML but the same key '\(shown)' in JSON; rename or quote one",
                    notes: [
                        Diagnostic.Note("the first key written '\(shown)' in JSON", at: first.start.location)
                    ]
                )
            }
        }
        return nil
    }

    /// How a key is named in the message: its text and what it is, so `1` and `"1"` read apart.
    private static func spelling(of key: Node) -> String {
        guard key.isScalar else { return key.isMapping ? "{...} (a mapping)" : "[...] (a list)" }
        let text = MappingKeys.excerpt(key.withScalarBytes { String(decoding: $0, as: UTF8.self) })
        if key.hasTag(.str) { return "'\(text)' (a string)" }
        return "'\(text)' (\(key.kindDescription))"
    }
}
