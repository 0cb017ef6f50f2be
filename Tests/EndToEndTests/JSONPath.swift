import Foundation
import TestSupport

/// A step-by-step view into parsed JSON for tests: `try JSONPath(text)["widgets"]?[0]?["id"]?.string`.
struct JSONPath {
    /// The value here, as `JSONSerialization` gives it.
    let value: Any

    /// The document `text` parses to.
    init(_ text: String) throws {
        value = try JSONText.parse(text)
    }

    private init(value: Any) {
        self.value = value
    }

    /// The member `key` of an object.
    subscript(key: String) -> JSONPath? {
        ((value as? [String: Any])?[key]).map { JSONPath(value: $0) }
    }

    /// The item at `index` of an array.
    subscript(index: Int) -> JSONPath? {
        guard let array = value as? [Any], array.indices.contains(index) else { return nil }
        return JSONPath(value: array[index])
    }

    /// A string.
    var string: String? { value as? String }
    /// An integer.
    var int: Int? { (value as? NSNumber).map(\.intValue) }
    /// An array's items.
    var count: Int? { (value as? [Any])?.count }
    /// An array of strings.
    var strings: [String]? { value as? [String] }
}
