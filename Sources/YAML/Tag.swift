/// A node's tag, resolved: `tag:yaml.org,2002:str` and friends for the core schema, or whatever
/// explicit tag the input gave.
public struct Tag: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The full tag text.
    public var rawValue: String

    /// Creates a tag from its full text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The tag as written with the `!!` shorthand where it is a core-schema tag.
    public var description: String {
        rawValue.hasPrefix(Tag.prefix) ? "!!" + rawValue.dropFirst(Tag.prefix.count) : rawValue
    }

    static let prefix = "tag:yaml.org,2002:"

    /// `!!str`.
    public static let str = Tag(rawValue: "tag:yaml.org,2002:str")
    /// `!!int`.
    public static let int = Tag(rawValue: "tag:yaml.org,2002:int")
    /// `!!float`.
    public static let float = Tag(rawValue: "tag:yaml.org,2002:float")
    /// `!!bool`.
    public static let bool = Tag(rawValue: "tag:yaml.org,2002:bool")
    /// `!!null`.
    public static let null = Tag(rawValue: "tag:yaml.org,2002:null")
    /// `!!seq`.
    public static let seq = Tag(rawValue: "tag:yaml.org,2002:seq")
    /// `!!map`.
    public static let map = Tag(rawValue: "tag:yaml.org,2002:map")
    /// `!!merge`, the tag of a plain `<<` key.
    public static let merge = Tag(rawValue: "tag:yaml.org,2002:merge")
}
