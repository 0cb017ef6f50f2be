import Diagnostics
import WidgetHost

/// What a `--format json` command prints on standard output when it fails before it has a
/// document of its own (an invalid configuration for `run`, a refused value for `perform`, an
/// unknown widget for `tap`), so that a script reading standard output always gets JSON:
///
/// ```json
/// {"error":{"code":"config.invalid","message":"the configuration has 2 errors"},"diagnostics":[...]}
/// ```
///
/// The text on standard error and the exit status stay as without it.
struct FailureDocument {
    /// The failure's code.
    var code: FailureCode
    /// What went wrong, as the text on standard error says it.
    var message: String
    /// The code of the widget's or intent's own error, when it gave one (``WidgetFailure/reason``).
    var reason: String? = nil
    /// The diagnostics behind it, in the form of `validate --format json`.
    var diagnostics: [Diagnostic] = []

    /// The object, one line.
    var json: String {
        "{\"error\":{\"code\":" + JSONText.quoted(code.rawValue) + ",\"message\":" + JSONText.quoted(message)
            + (reason.map { ",\"reason\":" + JSONText.quoted($0) } ?? "") + "},\"diagnostics\":["
            + diagnostics.map(DiagnosticRenderer.json).joined(separator: ",") + "]}\n"
    }

    /// The failure of a configuration with errors: `config.invalid`, counting them.
    static func invalidConfiguration(_ diagnostics: [Diagnostic]) -> FailureDocument {
        let errors = diagnostics.count { $0.severity == .error }
        return FailureDocument(
            code: .configInvalid,
            message: "the configuration has \(errors) error\(errors == 1 ? "" : "s"); nothing ran",
            diagnostics: diagnostics)
    }

    /// Prints the document on standard output when `format` is JSON or NDJSON (the document is
    /// one line: a script reading a line at a time gets it too); otherwise nothing.
    func write(if format: OutputFormat) {
        guard format == .json || format == .ndjson else { return }
        StandardStream.output.writeData(json)
    }
}
