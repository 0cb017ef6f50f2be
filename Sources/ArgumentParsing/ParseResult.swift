/// What the command line asks for: run a command, or print help, the version or a usage error.
public enum ParseResult: Sendable, Equatable {
    /// Run the command ``ParsedValues/commandNames`` names, with these values.
    case run(ParsedValues)
    /// Print this help text to standard output and exit with 0.
    case help(String)
    /// Print this version to standard output and exit with 0.
    case version(String)
    /// Print the error to standard error and exit with 64.
    case failure(ParseError)

    /// What to print and how to exit, for every outcome but `.run`; `nil` for `.run`.
    ///
    /// Help and version text get the newline `print` would add, so the output matches
    /// swift-argument-parser's byte for byte.
    public var terminalOutput: TerminalOutput? {
        switch self {
        case .run: nil
        case .help(let text), .version(let text):
            TerminalOutput(stream: .standardOutput, text: text + "\n", exitCode: 0)
        case .failure(let error): error.terminalOutput
        }
    }
}
