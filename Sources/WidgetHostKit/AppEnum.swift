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

    /// Creates a representation of a resource's default value (`.init(name: .init("key",
    /// defaultValue: "Calendar"))`).
    public init(name: LocalizedStringResource) {
        self.name = name.defaultValue
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
    /// A line under the title, where a list shows one.
    public var subtitle: String?
    /// A picture beside the title, where a list shows one.
    public var image: Image?

    /// An image beside a title, as AppIntents' `DisplayRepresentation.Image`.
    public struct Image: Sendable, Hashable {
        /// The SF Symbol, or nil for an image of the app's assets.
        public var systemName: String?
        /// The asset's name.
        public var named: String?

        /// A symbol.
        public init(systemName: String) {
            self.systemName = systemName
        }

        /// An image of the app's assets.
        public init(named name: String) {
            self.named = name
        }
    }

    /// Creates a representation.
    public init(title: String, subtitle: String? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// Creates a representation of resources' default values (`subtitle: name.map {
    /// LocalizedStringResource(stringLiteral: $0) }`).
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil)
    {
        self.init(title: title.defaultValue, subtitle: subtitle?.defaultValue, image: image)
    }

    /// Creates a representation from a literal.
    public init(stringLiteral value: String) {
        self.title = value
    }
}
