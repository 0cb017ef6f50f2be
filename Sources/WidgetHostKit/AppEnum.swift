/// An enumeration an intent parameter can hold, with the names a person sees, as in AppIntents.
///
/// ```swift
/// enum PriorityFilter: String, AppEnum {
///     case all, high, medium, low
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"
///     static let caseDisplayRepresentations: [PriorityFilter: DisplayRepresentation] = [
///         .all: "All", .high: "High", .medium: "Medium", .low: "Low",
///     ]
/// }
/// ```
public protocol AppEnum: ParameterValue, CaseIterable, Hashable, RawRepresentable
where RawValue == String, AllCases: Sendable {
    /// The type's name as a person sees it.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// Each case's name as a person sees it.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// An enumeration of the cases, in declaration order.
    public static var parameterType: ParameterType {
        .enumeration(
            name: typeDisplayRepresentation.name,
            cases: allCases.map {
                EnumCase(value: $0.rawValue, title: caseDisplayRepresentations[$0]?.title ?? $0.rawValue)
            }
        )
    }

    /// The first case.
    public static var unsetValue: Self {
        guard let first = allCases.first else { preconditionFailure("an AppEnum has at least one case") }
        return first
    }

    /// The case whose raw value is the JSON string.
    public init?(json: JSONValue) {
        guard case .string(let raw) = json else { return nil }
        self.init(rawValue: raw)
    }

    /// The raw value as a JSON string.
    public var json: JSONValue { .string(rawValue) }
}

/// How an enumeration type is named for people.
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The name.
    public var name: String

    /// Creates a representation.
    public init(name: String) {
        self.name = name
    }

    /// Creates a representation from a literal.
    public init(stringLiteral value: String) {
        self.name = value
    }
}

/// How one value is shown to people.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The title.
    public var title: String

    /// Creates a representation.
    public init(title: String) {
        self.title = title
    }

    /// Creates a representation from a literal.
    public init(stringLiteral value: String) {
        self.title = value
    }
}
