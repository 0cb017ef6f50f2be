/// A positional argument: a value identified by where it appears among the command's values.
public struct PositionalSpec: Sendable, Equatable {
    /// The name shown as `<name>` in help and used to look the value up.
    public var name: String

    /// A one-sentence description for the help's `ARGUMENTS:` section.
    public var help: String

    /// Whether the argument may be left out.
    public var isOptional: Bool

    /// Whether the argument takes every remaining value, shown as `<name> ...`.
    public var isRepeating: Bool

    /// Text shown as `(default: ...)` and returned by the getters when the argument is absent.
    public var defaultValue: String?

    /// What a shell completes for the value.
    public var completion: CompletionKind
}
