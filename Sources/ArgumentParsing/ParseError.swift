/// A usage error: the command line does not match the command's declaration.
///
/// It carries everything needed to tell the user, in swift-argument-parser's layout:
///
/// ```
/// Error: Unknown option '--fromat'. Did you mean '--format'?
/// Usage: widgethost yaml [<file>]
///   See 'widgethost yaml --help' for more information.
/// ```
///
/// The tool exits with ``exitCode`` (64, `EX_USAGE`) after printing ``renderedText`` to standard error.
public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, with the values involved.
    public enum Reason: Sendable, Equatable {
        /// An option no command on the path declares, with the nearest declared option if close.
        case unknownOption(String, suggestion: String?)
        /// An option given last, or followed by another option, so without its value.
        case missingValue(option: String, key: String)
        /// An option followed by a word that starts with `-` and names no option (`--at
        /// -0001-01-01`): its value, which must be attached with `=` to be read as one.
        case dashedValue(option: String, key: String, value: String)
        /// An option that takes one value, given more than once.
        case repeatedOption(option: String, key: String)
        /// A flag given a value with `--flag=value`.
        case unexpectedValue(option: String, value: String)
        /// A value outside the allowed values, or not of the expected type.
        ///
        /// `option` is the option as typed, or `nil` for a positional argument; `detail` explains what
        /// was expected when the allowed values do not.
        case invalidValue(String, option: String?, key: String, detail: String?)
        /// Values left over after every positional argument took its share.
        case unexpectedArguments([String])
        /// A required positional argument or option that was not given.
        case missingArgument(key: String)
        /// A word where a subcommand was expected, with the nearest subcommand if close.
        case unknownSubcommand(String, suggestion: String?, available: [String])
        /// A check made by the command itself, worded by it.
        case validation(String)
        /// A mistake in the program, such as asking for an argument the command does not declare.
        case internalError(String)
    }

    /// What went wrong.
    public let reason: Reason

    /// The names from the root to the command being parsed, e.g. `["widgethost", "yaml"]`.
    public let commandNames: [String]

    /// The sentence after `Error: `.
    public let message: String

    /// The argument's own help, shown after `Help:  `; empty when there is none.
    public let help: String

    /// The `Usage: ...` line and the line pointing at `--help`.
    public let usage: String

    /// Creates the error for `reason` met while parsing the last command of `stack`.
    init(_ reason: Reason, stack: [CommandSpec]) {
        let generator = ErrorMessageGenerator(stack: stack)
        self.reason = reason
        self.commandNames = stack.map(\.name)
        self.message = generator.message(for: reason)
        self.help = generator.help(for: reason)
        self.usage = UsageGenerator.usageMessage(for: stack)
    }

    /// The exit status for a usage error: 64, `EX_USAGE`, as swift-argument-parser uses.
    public var exitCode: Int32 { 64 }

    /// The error line alone: `Error: <message>`.
    public var description: String { "Error: \(message)" }

    /// The whole text for standard error, ending with a newline.
    public var renderedText: String {
        let helpLine = help.isEmpty ? "" : "Help:  \(help)\n"
        return "Error: \(message)\n" + helpLine + usage + "\n"
    }

    /// What to print and how to exit.
    public var terminalOutput: TerminalOutput {
        TerminalOutput(stream: .standardError, text: renderedText, exitCode: exitCode)
    }
}
