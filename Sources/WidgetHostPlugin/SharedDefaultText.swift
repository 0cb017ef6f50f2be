import Foundation
import JSON
import WidgetHostKit

/// Turns values given to `UserDefaults.set(_:forKey:)` into the text the App Group's defaults keep.
enum SharedDefaultText {
    /// `value` as text, or why it cannot be.
    static func text(of value: Any) -> Result<String, NotText> {
        switch value {
        case let text as String: return .success(text)
        case let flag as Bool: return .success(flag ? "true" : "false")
        case let number as Int: return .success(String(number))
        case let number as Double: return .success(decimal(number))
        case let number as Float: return .success(decimal(Double(number)))
        case let number as NSNumber: return .success(numberText(number))
        case let date as Date: return .success(ISO8601.string(from: date))
        case let url as URL: return .success(url.absoluteURL.path)
        case let data as Data:
            guard let text = String(data: data, encoding: .utf8) else {
                return .failure(
                    NotText(
                        why:
                            "the Data (\(data.count) bytes) is not UTF-8 text; store data.base64EncodedString() "
                            + "and read it back with Data(base64Encoded:)"))
            }
            return .success(text)
        case is [Any], is [String: Any]:
            guard JSONSerialization.isValidJSONObject(value),
                let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
                let text = String(data: data, encoding: .utf8)
            else {
                return .failure(NotText(why: "the \(type(of: value)) holds values JSON cannot write"))
            }
            return .success(text)
        default:
            return .failure(NotText(why: "a \(type(of: value)) is not a property-list value"))
        }
    }

    /// Why a value cannot be kept as text.
    struct NotText: Error {
        var why: String
    }

    /// `text` read as a value of the type of `model` (what the suite held under the key), or
    /// `nil` when it is not one, or the type is text's own.
    static func value(_ text: String, like model: Any) -> Any? {
        switch model {
        case is String: return nil
        case is Bool: return text == "true" ? true : text == "false" ? false : nil
        case is Int: return Int(text)
        case is Double, is Float: return Double(text)
        case is Date: return ISO8601.date(from: text)
        case is Data: return Data(text.utf8)
        case is [Any], is [String: Any]:
            return try? JSONSerialization.jsonObject(with: Data(text.utf8))
        default: return nil
        }
    }

    /// A number as decimal text: `2`, `2.5`.
    static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// An `NSNumber` (what Foundation's typed setters box) as `true`/`false` or decimal text.
    private static func numberText(_ number: NSNumber) -> String {
        if String(cString: number.objCType) == "c", number.int8Value == 0 || number.int8Value == 1 {
            return number.boolValue ? "true" : "false"
        }
        return number.stringValue
    }
}
