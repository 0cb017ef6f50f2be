import Foundation
import Testing

/// JSON the binary printed, read back with `JSONSerialization` (not with widgethost's own JSON code,
/// so the tests check the text any client would read).
enum JSONText {
    /// The value `text` holds.
    static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// The object `text` holds.
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try parse(text) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// `value` as compact JSON with sorted keys, to compare values whole and print them readably.
    static func canonical(_ value: Any?) -> String {
        guard let value else { return "(missing)" }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "(not JSON: \(value))" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every node of the view tree `view`, depth first (the order controls are numbered in).
    static func nodes(of view: Any?) -> [[String: Any]] {
        guard let node = view as? [String: Any] else { return [] }
        let children = node["children"] as? [Any] ?? []
        return [node] + children.flatMap { nodes(of: $0) }
    }

    /// The nodes of `view` of type `type`.
    static func nodes(of view: Any?, type: String) -> [[String: Any]] {
        nodes(of: view).filter { $0["type"] as? String == type }
    }
}
