public import Diagnostics

/// A position in YAML input, as libyaml reports it: 1-based line and column (columns counted in
/// characters) and the 0-based character index from the start of the input.
public struct Mark: Sendable, Hashable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int
    /// The 0-based character index from the start of the input.
    public var index: Int

    /// The line and column, for diagnostics.
    public var location: SourceLocation { SourceLocation(line: line, column: column) }
}
