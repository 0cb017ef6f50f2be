import AppGroup
import ArgumentParsing
import Diagnostics
import Foundation
import PluginHosting
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost reload [<kind> ...]`: WidgetCenter from outside the app, `reloadTimelines(ofKind:)`
    /// for each kind named, `reloadAllTimelines()` for none; a running `watch` reloads them at once.
    enum ReloadCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "reload",
            abstract: "Asks the widgets of some kinds, or all, to reload their timelines.",
            discussion: """
                As WidgetCenter's reloadTimelines(ofKind:) and reloadAllTimelines() do: the request is \
                recorded in the shared container, a running 'widgethost watch' reloads the widgets \
                within a moment, and 'widgethost run' shows them as reload requested. A kind near one \
                widgethost knows (built in, or in a plugin found) is warned of as a typo, and recorded \
                all the same.
                """,
            usage: "widgethost reload [<kind> ...] [<options>]",
            arguments: [
                .positional(
                    "kinds", help: "Widget kinds, e.g. TaskWidget; every kind when none is given.",
                    isOptional: true, isRepeating: true,
                    completion: .dynamic(CompletionSource.kindsAndIntents.rawValue)),
                CommandOptions.store(),
                CommandOptions.appGroup,
                CommandOptions.lockTimeout,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let kinds = try values.strings("kinds")
            // An empty kind, or one a control character would hide, names no widget anyone could
            // declare (`reload "$KIND"` with KIND unset, say): a usage error, nothing recorded.
            if let bad = kinds.first(where: {
                $0.isEmpty || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
            }) {
                throw values.validationError(
                    bad.isEmpty
                        ? "A kind cannot be empty (is a variable unset?); give none to reload every kind."
                        : "The kind '\(TerminalText.visible(bad))' holds a control character; no widget has such a kind."
                )
            }
            let appGroup = try values.requiredString("app-group")
            return try await SessionOptions.withSession(values, plugins: false) {
                session throws(ParseError) in
                // A request needs a store to be recorded in, and a store appears only on purpose.
                await MissingStore.withContainer(of: appGroup, in: session, format: .text) { container in
                    record(kinds, in: container, of: session)
                }
            }
        }

        /// Records a request to reload `kinds` in `container`, warning of a kind that looks like a typo.
        /// - Returns: 0; 1 when the store failed.
        private static func record(_ kinds: [String], in container: SharedContainer, of session: HostSession)
            -> Int32
        {
            // A typo of a kind widgethost knows is recorded all the same (a configuration's
            // plugins may have any kind), but said: nothing would reload. Plugin manifests are
            // read only for a kind no built-in has.
            let builtIns = session.plugins.builtIns.kinds
            let unknown = kinds.filter { !builtIns.contains($0) }
            let known = unknown.isEmpty ? builtIns : builtIns + session.plugins.declaredKinds
            for kind in unknown where !known.contains(kind) {
                guard let nearest = EditDistance.suggestion(for: kind, among: known) else { continue }
                StandardStream.error.write(
                    "warning: no built-in widget or plugin found has the kind '\(TerminalText.visible(kind))'; "
                        + "did you mean '\(nearest)'? (recorded all the same)\n")
            }
            if case .failure(let error) = session.requestReload(ofKinds: kinds, in: container) {
                StandardStream.error.write("error: \(TerminalText.visible(error.message))\n")
                return ExitStatus.failure
            }
            return ExitStatus.success
        }
    }
}
