import BuiltInWidgets
import FuzzSupport
import WidgetEngine
import WidgetHost
@_spi(WidgetHost) import WidgetHostKit

/// `perform INTENT name=value...`'s reading of its arguments, for every built-in intent: the
/// first byte picks the intent, each line after it is one argument. Accepted values are exactly
/// the intent's parameters, each of its type; refused ones say why, every message non-empty; the
/// same arguments always give the same answer.
let registry = (try? WidgetRegistry(bundles: BuiltInWidgets.bundles)) ?? WidgetRegistry()

func fuzzPerform(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Property.bytes(data, size)
    guard let selector = bytes.first, !registry.intents.isEmpty else { return 0 }
    let intent = registry.intents[Int(selector) % registry.intents.count]
    let arguments = String(decoding: bytes.dropFirst(), as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let parameters = ParameterReflection.descriptions(of: intent.init())
    let first = IntentRunner.values(arguments, for: intent)
    let second = IntentRunner.values(arguments, for: intent)
    Property.check(first == second, "reading the arguments twice gave different answers")
    switch first {
    case .success(let values):
        Property.check(
            Set(values.keys) == Set(parameters.map(\.name)),
            "values \(values.keys.sorted()) are not the parameters \(parameters.map(\.name))")
        for (name, value) in values {
            Property.check(
                (try? JSONValue(parsing: value.description)) == value, "\(name)'s value \(value) as JSON")
        }
        // What a control's intent reference carries (`tap`) is read as JSON: the same values read
        // that way give the same answer.
        let object = JSONValue.object(
            values.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, $0.value) })
        let asJSON = IntentRunner.values(json: object, for: parameters, intent: intent.intentType)
        Property.check(asJSON == .success(values), "\(values) read again as JSON gives \(asJSON)")
    case .failure(let error):
        Property.check(!error.messages.isEmpty, "refused without a message")
        Property.check(error.messages.allSatisfy { !$0.isEmpty }, "an empty message in \(error.messages)")
    }
    return 0
}
