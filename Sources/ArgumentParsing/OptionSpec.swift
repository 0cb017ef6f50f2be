/// An option: a name followed by a value, as `--name value`, `--name=value` or `-x value`.
public struct OptionSpec: Sendable, Equatable {
    /// The long name, without the leading `--`; also the key values are looked up by.
    public var name: String

    /// A single-character short name, used as `-x`.
    public var short: Character?

    /// The name shown as `<value>` in help, usage and error messages.
    public var valueName: String

    /// A one-sentence description for the help's `OPTIONS:` section.
    public var help: String

    /// Whether the option may be given several times, each value kept in order.
    ///
    /// A non-repeatable option given twice is a usage error naming it: a second value would
    /// otherwise silently replace the first.
    public var isRepeatable: Bool

    /// Whether parsing fails with `Missing expected argument` when the option is absent.
    public var isRequired: Bool

    /// The only values accepted, shown as `(values: ...)`; empty to accept any value.
    public var allowedValues: [String]

    /// Text shown as `(default: ...)` and returned by the getters when the option is absent.
    public var defaultValue: String?

    /// What a shell completes for the value: by default the allowed values, if any.
    public var completion: CompletionKind
}
