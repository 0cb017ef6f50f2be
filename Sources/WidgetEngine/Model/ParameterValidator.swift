import Diagnostics
import JSON
import WidgetHostKit
import YAML

/// Checks a YAML value against a parameter's declared type, giving its JSON value or recording
/// located diagnostics that say what was expected.
struct ParameterValidator {
    /// The JSON value of `node` for `parameter`, or `nil` after recording what is wrong.
    ///
    /// - Parameters:
    ///   - cases: for an enumeration, its cases prepared once (see ``ScalarVocabulary``), so that a
    ///     valid value is found by its bytes.
    static func value(
        of node: Node,
        for parameter: ParameterDescription,
        cases: ScalarVocabulary? = nil,
        reader: inout NodeReader
    ) -> JSONValue? {
        if parameter.isOptional, node.isNull { return .null }
        return value(
            of: node, type: parameter.type, parameter: parameter, name: parameter.name, cases: cases,
            reader: &reader)
    }

    private static func value(
        of node: Node,
        type: ParameterType,
        parameter: ParameterDescription,
        name: String,
        cases vocabulary: ScalarVocabulary?,
        reader: inout NodeReader
    ) -> JSONValue? {
        switch type {
        case .string:
            return reader.string(node, named: name).map(JSONValue.string)
        case .boolean:
            return reader.bool(node, named: name).map(JSONValue.bool)
        case .integer:
            let range: ClosedRange<Int>? =
                parameter.minimum == nil && parameter.maximum == nil
                ? nil : (parameter.minimum ?? Int.min)...(parameter.maximum ?? Int.max)
            return reader.int(node, named: name, in: range).map(JSONValue.int)
        case .number:
            let read: Double?
            switch node.scalarValue {
            case .int(let value)? where node.tag == .int: read = Double(value)
            // An integer longer than 64 bits is a number too: the nearest double, as JSON readers take it.
            case .bigInt(let digits)? where node.tag == .int:
                read = Double(digits).flatMap { $0.isFinite ? $0 : nil }
            case .float(let value)? where node.tag == .float && value.isFinite: read = value
            default: read = nil
            }
            guard let number = read else {
                reader.report(
                    node,
                    code: .configTypeMismatch,
                    message: "'\(name)' must be a number, not \(describe(node))"
                )
                return nil
            }
            if let problem = parameter.numberBoundProblem(number, name: name) {
                reader.report(node, code: .configOutOfRange, message: problem)
                return nil
            }
            return .double(number)
        case .date:
            guard let text = reader.string(node, named: name) else { return nil }
            do throws(StrictISO8601.Failure) {
                _ = try StrictISO8601.date(from: text)
            } catch {
                reader.report(
                    node,
                    code: .configTypeMismatch,
                    message: "'\(name)' must be an ISO 8601 date such as 2026-11-29 or 2026-11-29T12:00:00Z, "
                        + "not '\(text)'" + (error.outOfRangeReason.map { ": " + $0 } ?? "")
                )
                return nil
            }
            return .string(text)
        case .enumeration(let typeName, let cases):
            // Most values are valid: look the bytes, then the text, up before building the case list
            // or the message.
            if let vocabulary, let index = vocabulary.index(ofChoice: node) {
                return .string(vocabulary.words[index])
            }
            if let text = node.scalar, node.tag != .null, cases.contains(where: { $0.value == text }) {
                return .string(text)
            }
            return reader.choice(
                node,
                named: name,
                cases: cases.map(\.value),
                what: article(Self.words(typeName.isEmpty ? name : typeName))
            ).map(JSONValue.string)
        case .array(let itemType):
            guard let items = reader.list(node, named: name) else { return nil }
            var values: [JSONValue] = []
            var valid = true
            for (index, item) in items.enumerated() {
                if let value = value(
                    of: item, type: itemType, parameter: parameter, name: "\(name)[\(index)]", cases: nil,
                    reader: &reader
                ) {
                    values.append(value)
                } else {
                    valid = false
                }
            }
            return valid ? .array(values) : nil
        }
    }

    private static func describe(_ node: Node) -> String {
        guard let text = node.scalar else { return node.kindDescription }
        return "\(node.kindDescription) '\(text.count > 40 ? String(text.prefix(37)) + "..." : text)'"
    }

    /// A type's name as words in lower case: `Priority Filter` and `taskType` are `priority filter`
    /// and `task type` (a plugin's enumeration is known by its parameter's name).
    static func words(_ name: String) -> String {
        var words = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                words.append(" ")
            }
            words.append(character)
            previous = character
        }
        return words.lowercased()
    }

    /// `a priority filter`, `an entity`.
    static func article(_ noun: String) -> String {
        guard let first = noun.first else { return noun }
        return ("aeiou".contains(first) ? "an " : "a ") + noun
    }
}
