public import JSON
import TerminalText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws diagnostics the way the Swift compiler does, or as JSON.
///
/// ```
/// config/widgets.yaml:6:17: error: 'urgent' is not a priority filter
///       priorityFilter: urgent
///                       ^
/// ```
///
/// The file name, the message, the notes and the quoted line are made visible
/// (``TerminalText/visible(_:)``) before they are written, so a configuration or a plugin cannot
/// write control sequences to the terminal through a diagnostic; the caret is placed by display
/// width, under the right column of wide and combining text.
public struct DiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours.
    public var color: Bool
    /// Whether to quote the source line with a caret under the column.
    public var snippets: Bool
    /// The widest source line quoted; longer lines are cut around the column with `...`.
    public var snippetWidth: Int

    /// Creates a renderer.
    public init(color: Bool, snippets: Bool = true, snippetWidth: Int = 100) {
        self.color = color
        self.snippets = snippets
        self.snippetWidth = max(snippetWidth, 20)
    }

    /// A renderer for standard error: colour only on a terminal, and never when `NO_COLOR` is set
    /// or `TERM` is `dumb`.
    public static func forStandardError() -> DiagnosticRenderer {
        DiagnosticRenderer(color: TerminalColor.isEnabled(forDescriptor: 2))
    }

    /// The text form of one diagnostic, ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var output = ""
        header(
            file: diagnostic.file,
            location: diagnostic.location,
            severity: diagnostic.severity,
            message: diagnostic.message,
            code: diagnostic.code,
            to: &output
        )
        if snippets, let line = diagnostic.sourceLine, let location = diagnostic.location {
            snippet(line: line, column: location.column, to: &output)
        }
        for note in diagnostic.notes {
            header(
                file: note.location == nil ? nil : diagnostic.file,
                location: note.location,
                severity: .note,
                message: note.message,
                code: nil,
                to: &output
            )
        }
        return output
    }

    /// The text form of several diagnostics.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// The JSON form: `{"diagnostics": [...]}` with `file`, `line`, `column`, `severity`, `code`,
    /// `message` and `notes` for each.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        "{\"diagnostics\":[" + diagnostics.map(json).joined(separator: ",") + "]}"
    }

    /// The JSON object of one diagnostic.
    public static func json(_ diagnostic: Diagnostic) -> String {
        jsonValue(diagnostic).description
    }

    /// `{"file", "line", "column", "severity", "code", "message", "notes": [{"message", "line",
    /// "column"}]}`: one diagnostic as `validate --format json` and failure documents write it.
    public static func jsonValue(_ diagnostic: Diagnostic) -> JSONValue {
        func number(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
        let notes = diagnostic.notes.map { note in
            JSONValue.object([
                .init("message", .string(note.message)), .init("line", number(note.location?.line)),
                .init("column", number(note.location?.column)),
            ])
        }
        return .object([
            .init("file", diagnostic.file.map { .string(FileSystemName.escapingRawBytes($0)) } ?? .null),
            .init("line", number(diagnostic.location?.line)),
            .init("column", number(diagnostic.location?.column)),
            .init("severity", .string(diagnostic.severity.rawValue)),
            .init("code", .string(diagnostic.code.rawValue)),
            .init("message", .string(diagnostic.message)),
            .init("notes", .array(notes)),
        ])
    }

    private func header(
        file: String?,
        location: SourceLocation?,
        severity: Diagnostic.Severity,
        message: String,
        code: FailureCode?,
        to output: inout String
    ) {
        var place = file.map(TerminalText.visible) ?? ""
        if let location {
            place += (place.isEmpty ? "" : ":") + "\(location.line):\(location.column)"
        }
        if !place.isEmpty {
            output += paint(place + ":", "1") + " "
        }
        let label: String
        switch severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;30")
        }
        output += label + " " + paint(TerminalText.visible(message), "1") + "\n"
    }

    /// Quotes `line` with a caret under the 1-based character `column`, cutting long lines to
    /// `snippetWidth` characters around the column.
    ///
    /// Each character is made visible on its own (a tab shows as `␉`, an escape as `␛`), and the
    /// caret is indented by the display width of what precedes the column, so it stands under a
    /// wide or combined character's first column.
    private func snippet(line: String, column: Int, to output: inout String) {
        var scalars = Array(line.unicodeScalars)
        var caret = max(column - 1, 0)
        var prefix = ""
        var suffix = ""
        if scalars.count > snippetWidth {
            let half = snippetWidth / 2
            let start = min(max(caret - half, 0), max(scalars.count - snippetWidth, 0))
            let end = min(start + snippetWidth, scalars.count)
            if start > 0 { prefix = "..." }
            if end < scalars.count { suffix = "..." }
            scalars = Array(scalars[start..<end])
            caret = caret - start
        }
        var before = ""
        before.unicodeScalars.append(contentsOf: scalars.prefix(min(caret, scalars.count)))
        var after = ""
        after.unicodeScalars.append(contentsOf: scalars.dropFirst(min(caret, scalars.count)))
        let quotedBefore = prefix + TerminalText.visible(before)
        output += quotedBefore + TerminalText.visible(after) + suffix + "\n"
        let pad = TerminalText.width(of: quotedBefore) + max(caret - scalars.count, 0)
        output += String(repeating: " ", count: pad) + paint("^", "1;32") + "\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
