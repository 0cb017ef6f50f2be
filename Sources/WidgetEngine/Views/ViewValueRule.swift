import Diagnostics
import WidgetHostKit

/// What one value of the view vocabulary may be (a node's attribute, a modifier's value): one
/// rule gives both the JSON Schema `widgethost schema --views` prints for it and the check a
/// plugin's value gets, so the schema and the warnings never disagree.
enum ViewValueRule: Sendable {
    /// A string.
    case string
    /// `true` or `false`.
    case boolean
    /// Any number.
    case number
    /// A number of points: 0 or more.
    case points
    /// A number above 0.
    case positive
    /// A number from 0 to 1.
    case fraction
    /// A number above 0 and at most 1 (a text's `minimumScaleFactor`).
    case scale
    /// An integer of at least `minimum`.
    case integer(minimum: Int)
    /// One of `cases`.
    case cases([String])
    /// A style: one of ``ViewVocabulary/styles`` or `#RRGGBB`, either at a level (`fill.tertiary`).
    case style
    /// A length: a number of points, or `"infinity"`.
    case length
    /// A set of edges: the name of one (`horizontal`), or a list of edges.
    case edges
    /// A value the reader of a view refuses when it is wrong (the entry fails with
    /// `plugin.invalid-reply`: a node's `children`, `intent`, `date`, a progress's `value`): only
    /// its schema is here, and no warning is given for it.
    case refusedWhenWrong(JSONValue)

    /// The levels a named style or `#RRGGBB` may be taken at (`red.secondary`).
    static let levels = ["secondary", "tertiary", "quaternary"]

    /// The value's JSON Schema.
    var schema: JSONValue {
        switch self {
        case .string: return Self.type("string")
        case .boolean: return Self.type("boolean")
        case .number: return Self.type("number")
        case .points: return .object([.init("type", .string("number")), .init("minimum", .int(0))])
        case .positive:
            return .object([.init("type", .string("number")), .init("exclusiveMinimum", .int(0))])
        case .fraction:
            return .object([
                .init("type", .string("number")), .init("minimum", .int(0)), .init("maximum", .int(1)),
            ])
        case .scale:
            return .object([
                .init("type", .string("number")), .init("exclusiveMinimum", .int(0)),
                .init("maximum", .int(1)),
            ])
        case .integer(let minimum):
            return .object([.init("type", .string("integer")), .init("minimum", .int(minimum))])
        case .cases(let cases): return Self.enumeration(cases)
        case .style:
            // The enumeration first, so that an editor completes the names.
            let names = (ViewVocabulary.styles + ["#[0-9A-Fa-f]{6}(/#[0-9A-Fa-f]{6})?"]).joined(
                separator: "|")
            let levels = Self.levels.joined(separator: "|")
            return Self.anyOf([
                Self.enumeration(ViewVocabulary.styles),
                .object([
                    .init("type", .string("string")),
                    .init("pattern", .string("^(\(names))(\\.(\(levels)))?$")),
                ]),
            ])
        case .length:
            return Self.anyOf([ViewValueRule.points.schema, .object([.init("const", .string("infinity"))])])
        case .edges:
            return Self.anyOf([
                Self.enumeration(ViewVocabulary.edges),
                .object([
                    .init("type", .string("array")),
                    .init("items", Self.enumeration(ViewVocabulary.edgeNames)),
                ]),
            ])
        case .refusedWhenWrong(let schema): return schema
        }
    }

    /// Why `value` is not one of this rule's, as the end of a sentence (`not a number from 0 to 1`,
    /// with a "did you mean" when a case is close); `nil` when it is one.
    func problem(with value: JSONValue) -> String? {
        if accepts(value) { return nil }
        var text = "not " + expectation
        let candidates: [String]
        switch self {
        case .cases(let cases): candidates = cases
        case .style: candidates = ViewVocabulary.styles
        case .edges: candidates = ViewVocabulary.edges
        default: candidates = []
        }
        if let name = value.stringValue, !name.isEmpty,
            let nearest = EditDistance.suggestion(for: name, among: candidates)
        {
            text += "; did you mean '\(nearest)'?"
        }
        return text
    }

    /// Whether `value` is one of this rule's.
    func accepts(_ value: JSONValue) -> Bool {
        switch self {
        case .string: return value.stringValue != nil
        case .boolean: return value.boolValue != nil
        case .number: return Self.number(value) != nil
        case .points: return Self.number(value).map { $0 >= 0 } ?? false
        case .positive: return Self.number(value).map { $0 > 0 } ?? false
        case .fraction: return Self.number(value).map { (0...1).contains($0) } ?? false
        case .scale: return Self.number(value).map { $0 > 0 && $0 <= 1 } ?? false
        case .integer(let minimum): return value.intValue.map { $0 >= minimum } ?? false
        case .cases(let cases): return value.stringValue.map(cases.contains) ?? false
        case .style: return value.stringValue.map(Self.isStyle) ?? false
        case .length: return value.stringValue == "infinity" || ViewValueRule.points.accepts(value)
        case .edges:
            if let name = value.stringValue { return ViewVocabulary.edges.contains(name) }
            guard case .array(let items) = value else { return false }
            return items.allSatisfy { $0.stringValue.map(ViewVocabulary.edgeNames.contains) ?? false }
        case .refusedWhenWrong: return true
        }
    }

    /// What a value of this rule is, after "not" in a warning.
    var expectation: String {
        switch self {
        case .string: return "a string"
        case .boolean: return "true or false"
        case .number: return "a number"
        case .points: return "a number of points, 0 or more"
        case .positive: return "a number above 0"
        case .fraction: return "a number from 0 to 1"
        case .scale: return "a number above 0, at most 1"
        case .integer(let minimum): return "an integer of at least \(minimum)"
        case .cases(let cases): return "one of " + cases.joined(separator: ", ")
        case .style:
            return "a style: " + ViewVocabulary.styles.joined(separator: ", ")
                + " or #RRGGBB (or #RRGGBB/#RRGGBB, light and dark), each maybe at a level (red.secondary, fill.tertiary)"
        case .length: return "a number of points, 0 or more, or \"infinity\""
        case .edges:
            return "one of " + ViewVocabulary.edges.joined(separator: ", ") + ", or a list of "
                + ViewVocabulary.edgeNames.joined(separator: ", ")
        case .refusedWhenWrong: return "what the view vocabulary takes"
        }
    }

    /// Whether `text` names a style: a named one, `#RRGGBB` or `#RRGGBB/#RRGGBB` (light, dark),
    /// each maybe followed by a level.
    static func isStyle(_ text: String) -> Bool {
        var base = Substring(text)
        if let dot = text.lastIndex(of: "."), levels.contains(String(text[text.index(after: dot)...])) {
            base = text[..<dot]
        }
        return ViewVocabulary.styles.contains(String(base)) || isHexColour(base)
    }

    private static func isHexColour(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.count == 15, bytes[7] == UInt8(ascii: "/") {
            return isHexColour(text.prefix(7)) && isHexColour(text.suffix(7))
        }
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102)
            }
    }

    /// An integer or a finite number, as a `Double` (JSON has no other numbers).
    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number) where number.isFinite: return number
        default: return nil
        }
    }

    private static func type(_ name: String) -> JSONValue {
        .object([.init("type", .string(name))])
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        .object([.init("enum", .array(values.map { .string($0) }))])
    }

    /// `{"anyOf": schemas}`: a value one of `schemas` takes.
    static func anyOf(_ schemas: [JSONValue]) -> JSONValue {
        .object([.init("anyOf", .array(schemas))])
    }
}
