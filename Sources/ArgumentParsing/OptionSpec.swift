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

    /// Creates an option declaration.
    ///
    /// - Parameters:
    ///   - name: The long name, without the leading `--`.
    ///   - short: A single-character short name.
    ///   - valueName: The name shown as `<value>`; defaults to `name`.
    ///   - help: A one-sentence description.
    ///   - isRepeatable: Whether each of several values is kept.
    ///   - isRequired: Whether the option must be given.
    ///   - allowedValues: The only values accepted; empty for any.
    ///   - defaultValue: The value used when the option is absent.
    ///   - completion: What a shell completes for the value; `nil` for the allowed values.
    public init(
        name: String,
        short: Character? = nil,
        valueName: String? = nil,
        help: String = "",
        isRepeatable: Bool = false,
        isRequired: Bool = false,
        allowedValues: [String] = [],
        defaultValue: String? = nil,
        completion: CompletionKind? = nil
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName ?? name
        self.help = help
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.allowedValues = allowedValues
        self.defaultValue = defaultValue
        self.completion = completion ?? (allowedValues.isEmpty ? .none : .values(allowedValues))
    }
}
