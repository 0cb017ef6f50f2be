/// Text to print and the status to exit with, for outcomes that end the program before any command
/// runs: help, the version, or a usage error.
public struct TerminalOutput: Sendable, Equatable {
    /// Where the text goes.
    public enum Stream: Sendable, Equatable {
        /// Help and the version go to standard output.
        case standardOutput
        /// Usage errors go to standard error.
        case standardError
    }

    /// Where the text goes.
    public var stream: Stream

    /// The exact text to write, ending with a newline.
    public var text: String

    /// The status to exit with: 0 for help and the version, 64 for a usage error.
    public var exitCode: Int32
}
