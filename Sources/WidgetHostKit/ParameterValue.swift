public import Foundation
import JSON

/// A type an intent's `@Parameter` can hold: converts to and from ``JSONValue`` and says what type
/// it is, so the host can validate configuration and describe parameters without per-widget code.
public protocol ParameterValue: Sendable {
    /// The parameter type of this Swift type.
    static var parameterType: ParameterType { get }
    /// Whether a value may be absent (an `Optional` parameter).
    static var isOptional: Bool { get }
    /// The value a parameter holds before anything sets it (the empty string, `false`, 0, ...).
    static var unsetValue: Self { get }
    /// The value from JSON, or `nil` when `json` is not of this type.
    init?(json: JSONValue)
    /// The value as JSON.
    var json: JSONValue { get }
    /// The value of `json`, looked up in the app's data when it is an entity's id.
    static func resolve(json: JSONValue, title: String) async throws -> Self?
    /// The values the app's data suggests, as JSON; `nil` when the type has no such source.
    static func suggestedValues() async throws -> [JSONValue]?
    /// Whether ``suggestedValues()`` has a source (an ``AppEntity``'s query).
    static var suggestsValues: Bool { get }
}

extension ParameterValue {
    /// Parameters are required unless their type is an `Optional`.
    public static var isOptional: Bool { false }

    /// The value of `json`: ``init(json:)``; an ``AppEntity`` looks itself up with its query.
    /// - Parameter title: The parameter's title, for the error.
    public static func resolve(json: JSONValue, title: String) async throws -> Self? {
        Self(json: json)
    }

    /// The values the app's data suggests: none, except an ``AppEntity``'s suggested entities.
    public static func suggestedValues() async throws -> [JSONValue]? { nil }

    /// No source of suggestions, except an ``AppEntity``'s query.
    public static var suggestsValues: Bool { false }
}

extension String: ParameterValue {
    /// `string`.
    public static var parameterType: ParameterType { .string }
    /// The empty string.
    public static var unsetValue: String { "" }
    /// A JSON string.
    public init?(json: JSONValue) {
        guard case .string(let value) = json else { return nil }
        self = value
    }
    /// A JSON string.
    public var json: JSONValue { .string(self) }
}

extension UUID: ParameterValue {
    /// `string`: the UUID's text.
    public static var parameterType: ParameterType { .string }
    /// All zeros.
    public static var unsetValue: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    /// A JSON string that is a UUID's text.
    public init?(json: JSONValue) {
        guard case .string(let text) = json, let value = UUID(uuidString: text) else { return nil }
        self = value
    }
    /// Its text, upper case, as `uuidString` writes it.
    public var json: JSONValue { .string(uuidString) }
}

extension Bool: ParameterValue {
    /// `boolean`.
    public static var parameterType: ParameterType { .boolean }
    /// `false`.
    public static var unsetValue: Bool { false }
    /// A JSON boolean.
    public init?(json: JSONValue) {
        guard case .bool(let value) = json else { return nil }
        self = value
    }
    /// A JSON boolean.
    public var json: JSONValue { .bool(self) }
}

extension Int: ParameterValue {
    /// `integer`.
    public static var parameterType: ParameterType { .integer }
    /// 0.
    public static var unsetValue: Int { 0 }
    /// A JSON integer (or a double with an integral value).
    public init?(json: JSONValue) {
        guard let value = json.intValue else { return nil }
        self = value
    }
    /// A JSON integer.
    public var json: JSONValue { .int(self) }
}

extension Double: ParameterValue {
    /// `number`.
    public static var parameterType: ParameterType { .number }
    /// 0.
    public static var unsetValue: Double { 0 }
    /// A JSON number.
    public init?(json: JSONValue) {
        switch json {
        case .int(let value): self = Double(value)
        case .double(let value): self = value
        default: return nil
        }
    }
    /// A JSON number.
    public var json: JSONValue { .double(self) }
}

extension Date: ParameterValue {
    /// `date`.
    public static var parameterType: ParameterType { .date }
    /// The reference date (2001-01-01).
    public static var unsetValue: Date { Date(timeIntervalSinceReferenceDate: 0) }
    /// ISO 8601 text.
    public init?(json: JSONValue) {
        guard case .string(let text) = json, let date = ISO8601.date(from: text) else { return nil }
        self = date
    }
    /// ISO 8601 text.
    public var json: JSONValue { .string(ISO8601.string(from: self)) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    /// The wrapped type's.
    public static var parameterType: ParameterType { Wrapped.parameterType }
    /// `true`.
    public static var isOptional: Bool { true }
    /// `nil`.
    public static var unsetValue: Wrapped? { nil }
    /// `nil` for JSON null, else the wrapped value.
    public init?(json: JSONValue) {
        if case .null = json {
            self = .none
        } else if let value = Wrapped(json: json) {
            self = .some(value)
        } else {
            return nil
        }
    }
    /// JSON null or the wrapped value.
    public var json: JSONValue { map(\.json) ?? .null }
    /// `nil` for JSON null, else the wrapped value, looked up as the wrapped type looks it up.
    public static func resolve(json: JSONValue, title: String) async throws -> Wrapped?? {
        if case .null = json { return .some(.none) }
        return try await Wrapped.resolve(json: json, title: title).map { .some($0) }
    }
    /// The wrapped type's suggestions.
    public static func suggestedValues() async throws -> [JSONValue]? { try await Wrapped.suggestedValues() }
    /// Whether the wrapped type suggests values.
    public static var suggestsValues: Bool { Wrapped.suggestsValues }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// An array of the element type.
    public static var parameterType: ParameterType { .array(Element.parameterType) }
    /// The empty array.
    public static var unsetValue: [Element] { [] }
    /// A JSON array whose every item is an element.
    public init?(json: JSONValue) {
        guard case .array(let items) = json else { return nil }
        var values: [Element] = []
        for item in items {
            guard let value = Element(json: item) else { return nil }
            values.append(value)
        }
        self = values
    }
    /// A JSON array.
    public var json: JSONValue { .array(map(\.json)) }
}
