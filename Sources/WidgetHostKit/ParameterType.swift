/// The type of an intent parameter, as the host validates it and the plugin protocol names it.
public indirect enum ParameterType: Sendable, Hashable {
    /// Text.
    case string
    /// `true` or `false`.
    case boolean
    /// A whole number, optionally within bounds.
    case integer
    /// Any number.
    case number
    /// A date (ISO 8601 text in YAML and JSON).
    case date
    /// One of a fixed set of cases.
    case enumeration(name: String, cases: [EnumCase])
    /// A list of values of one type.
    case array(ParameterType)

    /// The name the plugin protocol and JSON Schema use: `string`, `boolean`, `integer`, `number`,
    /// `date`, `enum`, `array`.
    public var name: String {
        switch self {
        case .string: return "string"
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .number: return "number"
        case .date: return "date"
        case .enumeration: return "enum"
        case .array: return "array"
        }
    }

    /// The type named `name` when it has no parts (`string`, `boolean`, `integer`, `number`,
    /// `date`); `nil` for `enum` and `array`, which need their cases or items, and for any other.
    package init?(scalarName name: String) {
        guard let type = [Self.string, .boolean, .integer, .number, .date].first(where: { $0.name == name })
        else { return nil }
        self = type
    }
}

/// One case of an enumeration parameter: the value written in YAML and its display title.
public struct EnumCase: Sendable, Hashable {
    /// The value, as written in configuration (`high`).
    public var value: String
    /// What a person sees (`High`).
    public var title: String

    /// Creates a case.
    public init(value: String, title: String) {
        self.value = value
        self.title = title
    }
}
