public import Diagnostics

/// Why a `store import` file was refused: every problem found in it, each located at its
/// file:line:column. Nothing of a refused file is imported.
public struct StoreFileError: Error, Sendable, Hashable {
    /// The problems, in the order they appear in the file.
    public var diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
