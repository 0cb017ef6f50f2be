/// A flag: a name without a value, as `--name` or `-x`, that is either present or not.
public struct FlagSpec: Sendable, Equatable {
    /// The long name, without the leading `--`; also the key the flag is looked up by.
    public var name: String

    /// A single-character short name, used as `-x`.
    public var short: Character?

    /// A one-sentence description for the help's `OPTIONS:` section.
    public var help: String

    /// Creates a flag declaration.
    ///
    /// - Parameters:
    ///   - name: The long name, without the leading `--`.
    ///   - short: A single-character short name.
    ///   - help: A one-sentence description.
    public init(name: String, short: Character? = nil, help: String = "") {
        self.name = name
        self.short = short
        self.help = help
    }
}
