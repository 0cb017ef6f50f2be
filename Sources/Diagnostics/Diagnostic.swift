/// A problem found in some input, located where a person can find it.
///
/// Diagnostics are values: loaders collect every one of a file rather than stopping at the first,
/// and renderers draw them like the Swift compiler (``DiagnosticRenderer``) or as JSON.
public struct Diagnostic: Sendable, Hashable, Error {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The input is unusable; nothing runs.
        case error
        /// The input works, but probably not as meant.
        case warning
        /// Extra information attached to another diagnostic.
        case note
    }

    /// A secondary message, optionally at its own location (e.g. the first of two duplicate keys).
    public struct Note: Sendable, Hashable {
        /// The note's text.
        public var message: String
        /// Where the note points, if anywhere.
        public var location: SourceLocation?

        /// Creates a note.
        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    /// The file (or `<stdin>`) the problem is in; `nil` when no file is involved.
    public var file: String?
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// How serious it is.
    public var severity: Severity
    /// A stable, machine-readable code (e.g. `yaml.duplicate-key`).
    public var code: FailureCode
    /// A sentence a person can act on.
    public var message: String
    /// Further notes.
    public var notes: [Note]
    /// The source line the location points into, kept so the renderer can show it even when the
    /// input (standard input, say) cannot be read again.
    public var sourceLine: String?

    /// Creates a diagnostic.
    public init(
        file: String?,
        location: SourceLocation? = nil,
        severity: Severity = .error,
        code: FailureCode,
        message: String,
        notes: [Note] = [],
        sourceLine: String? = nil
    ) {
        self.file = file
        self.location = location
        self.severity = severity
        self.code = code
        self.message = message
        self.notes = notes
        self.sourceLine = sourceLine
    }
}

extension Diagnostic: CustomStringConvertible {
    /// The compact form: `file:line:column: error: message`, then one line per note; no source
    /// snippet, no colour, no final newline.
    public var description: String {
        var text = DiagnosticRenderer(color: false, snippets: false).render(self)
        text.removeLast()
        return text
    }
}
