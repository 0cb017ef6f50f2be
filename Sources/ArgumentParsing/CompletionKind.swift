/// What a shell completes for a positional argument or an option's value.
///
/// Completion scripts and the man page are generated from the command specs, so this is declared
/// beside the argument it describes:
///
/// ```swift
/// .option("widget", valueName: "id", completion: .dynamic("widget-ids"))
/// ```
public enum CompletionKind: Sendable, Equatable {
    /// Nothing in particular: the shell completes nothing.
    case none
    /// One of these words, known when the script is generated.
    case values([String])
    /// File names; with `extensions` (without the dot), only files ending so, and directories.
    case file(extensions: [String])
    /// Directory names.
    case directory
    /// Words the tool computes when asked: the script runs `<tool> __complete <name> -- <words>`,
    /// which prints one candidate a line.
    case dynamic(String)
}
