import Diagnostics
import WidgetHost

/// How a command that uses the store refuses to run on one that does not exist yet (the store
/// appears only on purpose, through `store init` or `store import`).
enum MissingStore {
    /// Reports `diagnostics` (``HostSession/missingStores(forAppGroups:)``) on standard error, and
    /// as the failure document with `--format json`.
    ///
    /// - Returns: 65 when there is any, so the caller returns it; `nil` when every store exists.
    static func refuse(_ diagnostics: [Diagnostic], format: OutputFormat) -> Int32? {
        guard let first = diagnostics.first else { return nil }
        CommandOptions.report(diagnostics)
        FailureDocument(code: first.code, message: first.message, diagnostics: diagnostics).write(if: format)
        return ExitStatus.dataError
    }
}
