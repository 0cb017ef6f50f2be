import Foundation
import Testing

/// JSON widgethost wrote, read back with `JSONSerialization` (not with widgethost's own JSON code,
/// so the tests check the text any client would read), and compared whole.
public enum JSONText {
    /// The value `text` holds.
    public static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// The object `text` holds.
    public static func object(_ text: String) throws -> [String: Any] {
        try #require(try parse(text) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// `value` as compact JSON with sorted keys, to compare values whole and print them readably.
    public static func canonical(_ value: Any?) -> String {
        guard let value else { return "(missing)" }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "(not JSON: \(value))" }
        return String(decoding: data, as: UTF8.self)
    }
}
