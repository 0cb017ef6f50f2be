/// One argument of a command: a positional argument, an option taking a value, or a flag.
///
/// The static functions read like a declaration:
///
/// ```swift
/// arguments: [
///     .positional("config", help: "A configuration file or directory.", isOptional: true, isRepeating: true),
///     .option("widget", short: "w", valueName: "id", help: "Only run this widget.", isRepeatable: true),
///     .option("format", help: "Output format.", allowedValues: ["text", "json"], defaultValue: "text"),
///     .flag("timeline", help: "Print the whole timeline."),
/// ]
/// ```
public enum ArgumentSpec: Sendable, Equatable {
    /// A value identified by its position among the command's values.
    case positional(PositionalSpec)
    /// A named option followed by a value: `--name value` or `--name=value`.
    case option(OptionSpec)
    /// A named flag without a value: `--name`.
    case flag(FlagSpec)

    /// The name `ParsedValues` looks the argument up by: the positional's name or the long name.
    public var key: String {
        switch self {
        case .positional(let positional): positional.name
        case .option(let option): option.name
        case .flag(let flag): flag.name
        }
    }

    /// Declares a positional argument.
    ///
    /// - Parameters:
    ///   - name: The name shown as `<name>` and used to look the value up.
    ///   - help: A one-sentence description.
    ///   - isOptional: Whether the argument may be left out.
    ///   - isRepeating: Whether it takes every remaining value (`<name> ...`).
    ///   - defaultValue: Text shown as `(default: ...)` and returned when the argument is absent.
    ///   - completion: What a shell completes for the value.
    /// - Returns: The declaration.
    public static func positional(
        _ name: String,
        help: String = "",
        isOptional: Bool = false,
        isRepeating: Bool = false,
        defaultValue: String? = nil,
        completion: CompletionKind = .none
    ) -> ArgumentSpec {
        .positional(
            PositionalSpec(
                name: name,
                help: help,
                isOptional: isOptional,
                isRepeating: isRepeating,
                defaultValue: defaultValue,
                completion: completion
            )
        )
    }

    /// Declares an option that takes a value.
    ///
    /// - Parameters:
    ///   - name: The long name, without the leading `--`.
    ///   - short: A single-character short name, used as `-x`.
    ///   - valueName: The name shown as `<value>`; defaults to `name`.
    ///   - help: A one-sentence description.
    ///   - isRepeatable: Whether the option may be given several times, each value kept.
    ///   - isRequired: Whether parsing fails when the option is absent.
    ///   - allowedValues: The only values accepted, shown as `(values: ...)`; empty for any value.
    ///   - defaultValue: Text shown as `(default: ...)` and returned when the option is absent.
    ///   - completion: What a shell completes for the value; `nil` for the allowed values.
    /// - Returns: The declaration.
    public static func option(
        _ name: String,
        short: Character? = nil,
        valueName: String? = nil,
        help: String = "",
        isRepeatable: Bool = false,
        isRequired: Bool = false,
        allowedValues: [String] = [],
        defaultValue: String? = nil,
        completion: CompletionKind? = nil
    ) -> ArgumentSpec {
        .option(
            OptionSpec(
                name: name,
                short: short,
                valueName: valueName ?? name,
                help: help,
                isRepeatable: isRepeatable,
                isRequired: isRequired,
                allowedValues: allowedValues,
                defaultValue: defaultValue,
                completion: completion ?? (allowedValues.isEmpty ? .none : .values(allowedValues))
            )
        )
    }

    /// Declares a flag.
    ///
    /// - Parameters:
    ///   - name: The long name, without the leading `--`.
    ///   - short: A single-character short name, used as `-x`.
    ///   - help: A one-sentence description.
    /// - Returns: The declaration.
    public static func flag(_ name: String, short: Character? = nil, help: String = "") -> ArgumentSpec {
        .flag(FlagSpec(name: name, short: short, help: help))
    }
}
