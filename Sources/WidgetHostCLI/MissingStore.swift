import Diagnostics
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

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

    /// Runs `body` with the container of `appGroup`, the one App Group a command names, once its
    /// store is known to exist. A missing store is refused as ``refuse(_:format:)`` refuses it (65);
    /// an App Group that has no container (a name no folder can have) is a usage error (64), said on
    /// standard error and, with `--format json`, as the failure document.
    ///
    /// - Returns: what `body` returns, or the status of the refusal.
    static func withContainer(
        of appGroup: String, in session: HostSession, format: OutputFormat,
        _ body: (SharedContainer) async -> Int32
    ) async -> Int32 {
        if let status = refuse(session.missingStores(forAppGroups: [appGroup]), format: format) {
            return status
        }
        let container: SharedContainer
        do throws(WidgetFailure) {
            container = try session.containers.container(forAppGroup: appGroup)
        } catch {
            StandardStream.error.write("error: \(TerminalText.visible(error.message))\n")
            FailureDocument(code: error.code, message: error.message).write(if: format)
            return ExitStatus.usage
        }
        return await body(container)
    }
}
