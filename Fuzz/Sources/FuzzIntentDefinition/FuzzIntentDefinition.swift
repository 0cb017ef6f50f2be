import Foundation
import FuzzSupport
import XcodeGenerators

/// The bytes of an `.intentdefinition` file (an XML or binary property list), read as the
/// IntentDefinitions build plugin reads one: a file that is not a definition is an error with a
/// message; one that is becomes Swift that declares each of its intents, enumerations and types,
/// the same Swift each time, and the definition read again from the same bytes is the same.
func fuzzIntentDefinition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(Property.bytes(data, size))
    let definition: IntentDefinition
    do {
        definition = try IntentDefinition(propertyList: bytes)
    } catch {
        Property.check(!error.message.isEmpty, "an error without a message")
        return 0
    }
    Property.check(
        (try? IntentDefinition(propertyList: bytes)) == definition, "the same bytes read differently")
    let swift = definition.swift(source: "Fuzz.intentdefinition")
    Property.check(
        swift == definition.swift(source: "Fuzz.intentdefinition"), "the same definition written differently")
    Property.check(
        swift.hasSuffix("}\n") || swift.hasSuffix("WidgetHostKit\n"), "the Swift ends mid-declaration")
    for intent in definition.intents {
        Property.check(
            swift.contains("public class \(intent.className): INIntent"),
            "intent \(intent.className) not declared")
        for parameter in intent.parameters {
            Property.check(
                swift.contains(" \(parameter.name): ") || swift.contains("`\(parameter.name)`: "),
                "parameter \(parameter.name) not declared")
        }
    }
    for enumeration in definition.enumerations {
        Property.check(!enumeration.cases.isEmpty, "enumeration \(enumeration.typeName) without cases")
        Property.check(
            swift.contains("public enum \(enumeration.typeName): Int"),
            "enumeration \(enumeration.typeName) not declared")
    }
    for type in definition.types {
        Property.check(
            swift.contains("public class \(type.className): INObject"), "type \(type.className) not declared")
    }
    // Every line of a literal stays on its line: no raw line break inside a string.
    for line in swift.split(separator: "\n") where line.filter({ $0 == "\"" }).count % 2 == 1 {
        Property.check(line.contains("\\\""), "a string literal breaks its line: \(line)")
    }
    return 0
}
