public import Diagnostics
import JSON
import WidgetEngine

/// What a `--format json` command prints on standard output when it fails before it has a
/// document of its own (an invalid configuration for `run`, a refused value for `perform`, an
/// unknown widget for `tap`), so that a script reading standard output always gets JSON:
///
/// ```json
/// {"error":{"code":"config.invalid","message":"the configuration has 2 errors"},"diagnostics":[...]}
/// ```
///
/// The `error` member is the one every failure in JSON output has (``FailureCode/json(message:reason:)``,
/// as `serve` answers too); the text on standard error and the exit status stay as without it.
public struct FailureDocument: Sendable {
    /// The failure's code.
    public var code: FailureCode
    /// What went wrong, as the text on standard error says it.
    public var message: String
    /// The code of the widget's or intent's own error, when it gave one.
    public var reason: String?
    /// The diagnostics behind it, in the form of `validate --format json`.
    public var diagnostics: [Diagnostic]

    /// The document of `code` with `message`, `reason` and `diagnostics`.
    public init(code: FailureCode, message: String, reason: String? = nil, diagnostics: [Diagnostic] = []) {
        self.code = code
        self.message = message
        self.reason = reason
        self.diagnostics = diagnostics
    }

    /// The object, one line.
    public var json: String {
        JSONValue.object([
            .init("error", code.json(message: message, reason: reason)),
            .init("diagnostics", .array(diagnostics.map(DiagnosticRenderer.jsonValue))),
        ]).description + "\n"
    }

    /// The failure of a configuration with errors: `config.invalid`, counting them.
    public static func invalidConfiguration(_ diagnostics: [Diagnostic]) -> FailureDocument {
        let errors = diagnostics.count { $0.severity == .error }
        return FailureDocument(
            code: .configInvalid,
            message: "the configuration has \(errors) error\(errors == 1 ? "" : "s"); nothing ran",
            diagnostics: diagnostics)
    }
}
