/// A flag: a name without a value, as `--name` or `-x`, that is either present or not.
public struct FlagSpec: Sendable, Equatable {
    /// The long name, without the leading `--`; also the key the flag is looked up by.
    public var name: String

    /// A single-character short name, used as `-x`.
    public var short: Character?

    /// A one-sentence description for the help's `OPTIONS:` section.
    public var help: String
}
