/// A string to show a person, as Foundation's `LocalizedStringResource` on Apple platforms (which
/// swift-corelibs-foundation lacks): intents' titles, parameter titles and dialogs are written with
/// it. widgethost has no string tables, so a resource reads as its default value.
///
/// ```swift
/// static var title: LocalizedStringResource = "Toggle Task"
/// ```
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    /// The key a string table would look up.
    public var key: String
    /// The text shown (no string table overrides it).
    public var defaultValue: String
    /// The string table's name, kept for source compatibility.
    public var table: String?

    /// A resource whose default value is its key.
    public init(_ key: String) {
        self.init(key, defaultValue: key)
    }

    /// A resource with a key and a default value.
    public init(_ key: String, defaultValue: String, table: String? = nil) {
        self.key = key
        self.defaultValue = defaultValue
        self.table = table
    }

    /// A resource from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A resource from an interpolation: the interpolated text is both key and default value.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// The default value.
    public var description: String { defaultValue }
}

extension String {
    /// The text of `resource` (its default value: widgethost has no string tables).
    public init(localized resource: LocalizedStringResource) {
        self = resource.defaultValue
    }
}
