import ArgumentParsing
import Diagnostics
import Foundation
import PluginHosting
import PluginProtocol
import Rendering
import TerminalText
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost plugins list|check|new|trust|untrust`: the plugins found, whether they answer, new
    /// ones, and which of those a configuration brings may run.
    enum PluginsCommand: Subcommand {
        /// Where plugins are looked for, shared by both subcommands' help.
        static let discussion = """
            Plugins are folders holding a plugin.yaml (name, executable, optional arguments, \
            timeouts, and the kinds and intents it serves), looked for in \
            $XDG_DATA_HOME/widgethost/plugins and in each --plugins DIR (a configuration also \
            brings the Plugins folder beside it and its plugins: list, whose plugins run only once \
            trusted with 'widgethost plugins trust'; list and check take those of ./config, or of \
            each --config PATH); never in the current directory.
            """

        /// The options both subcommands take.
        static let arguments: [ArgumentSpec] =
            [SessionOptions.plugins, ConfigurationPlugins.option, CommandOptions.format()]
            + SessionOptions.pluginLogging

        /// The command's declaration.
        static let spec = CommandSpec(
            name: "plugins",
            abstract: "Lists, checks, writes and trusts plugins.",
            discussion: discussion,
            subcommands: [listSpec, checkSpec, New.spec, Trust.trustSpec, Trust.untrustSpec]
        )

        /// `plugins list`.
        static let listSpec = CommandSpec(
            name: "list",
            abstract: "Lists the plugins found and any manifest problems, without running them.",
            discussion: discussion,
            arguments: arguments
        )

        /// `plugins check`.
        static let checkSpec = CommandSpec(
            name: "check",
            abstract: "Runs each plugin's handshake and reports its kinds, or why it failed.",
            discussion: discussion + " Exit 1 when a plugin fails its handshake.",
            arguments: arguments
        )

        /// Runs `plugins list`, `plugins check` or `plugins new`.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            switch values.subcommandPath.last {
            case "new": return try New.run(values)
            case "trust": return try await Trust.run(values, untrust: false)
            case "untrust": return try await Trust.run(values, untrust: true)
            default: break
            }
            let check = values.subcommandPath.last == "check"
            let json = try CommandOptions.outputFormat(values) == .json
            return try await ConfigurationPlugins.withSession(values, store: false) {
                session throws(ParseError) in
                if check { await session.handshakeAllPlugins() }
                return report(session.plugins, check: check, json: json)
            }
        }

        /// Reports the plugins of `host`, and the handshakes when `check`.
        static func report(_ host: PluginHost, check: Bool, json: Bool) -> Int32 {
            let diagnostics = host.takeDiagnostics()
            let plugins = host.plugins
            if json {
                let items = plugins.map { object($0, check: check) }
                StandardStream.output.writeData(
                    JSONValue.object([.init("plugins", .array(items))]).description + "\n")
            } else {
                // A failed handshake is printed with its plugin below, not twice.
                CommandOptions.report(
                    diagnostics.filter { diagnostic in
                        !plugins.contains { $0.failure?.diagnosticMessage == diagnostic.message }
                    })
                StandardStream.output.write(
                    plugins.isEmpty
                        ? nothingFound(in: host.searchedPlaces)
                        : plugins.map { text($0, check: check) }.joined())
            }
            if check && plugins.contains(where: { $0.failure != nil || $0.manifest == nil }) {
                return ExitStatus.failure
            }
            return diagnostics.contains { $0.severity == .error } ? ExitStatus.dataError : ExitStatus.success
        }

        /// What `list` and `check` say when no plugin was found: where they looked, and how to name
        /// another place.
        static func nothingFound(in places: [String]) -> String {
            guard !places.isEmpty else {
                return
                    "No plugins found: no place to look in (XDG_DATA_HOME and HOME are unset, empty or relative); "
                    + "name a folder with --plugins DIR.\n"
            }
            let list = places.map { TerminalText.visible($0) }.joined(separator: ", ")
            return "No plugins found in \(list); name another folder with --plugins DIR.\n"
        }

        /// One plugin as text.
        static func text(_ plugin: PluginHost.Plugin, check: Bool) -> String {
            // Everything here comes from a manifest, a folder name or the plugin itself: made visible.
            let visible = TerminalText.visible
            let name = visible(plugin.manifest?.name ?? "(invalid manifest)")
            var text =
                "\(name)  \(visible(plugin.folder))  (found in \(visible(plugin.origin.description)))\n"
            if let manifest = plugin.manifest {
                let command = ([manifest.executable] + manifest.arguments).joined(separator: " ")
                text += "  executable: \(visible(command))\n"
            } else {
                text +=
                    "  not usable: " + visible(plugin.diagnostics.map(\.message).joined(separator: "; "))
                    + "\n"
            }
            guard check, plugin.manifest != nil else { return text }
            if let failure = plugin.failure {
                if failure.details.isEmpty {
                    text += "  failed: \(visible(failure.diagnosticMessage))\n"
                    text += failure.stderrLines.map { "    | \(visible($0))\n" }.joined()
                } else {
                    // Every problem on a line of its own, so a plugin author fixes them all at once.
                    var summary = failure
                    summary.details = []
                    summary.stderrTail = ""
                    text += "  failed: \(visible(summary.description)):\n"
                    text += failure.details.map { "    - \(visible($0))\n" }.joined()
                    let lines = failure.stderrLines
                    if !lines.isEmpty {
                        text += "  its stderr ended with:\n" + lines.map { "    | \(visible($0))\n" }.joined()
                    }
                }
            } else if let handshake = plugin.connection?.knownHandshake {
                text += "  ok: protocol \(handshake.protocolVersion)"
                if !handshake.name.isEmpty {
                    text += ", \(visible(handshake.name)) \(visible(handshake.version))"
                }
                text += "\n  kinds: " + list(handshake.widgets.map(\.metadata.kind)) + "\n"
                text += "  intents: " + list(handshake.intents.map(\.type)) + "\n"
            }
            return text
        }

        /// One plugin as JSON.
        static func object(_ plugin: PluginHost.Plugin, check: Bool) -> JSONValue {
            var members: [JSONValue.Member] = [
                .init("name", plugin.manifest.map { .string($0.name) } ?? .null),
                .init("folder", .string(plugin.folder)),
                .init("origin", .string(plugin.origin.description)),
                .init("executable", plugin.manifest.map { .string($0.executable) } ?? .null),
                .init("problems", .array(plugin.diagnostics.map { .string($0.description) })),
            ]
            if check, plugin.manifest != nil {
                let handshake = plugin.connection?.knownHandshake
                members.append(.init("ok", .bool(plugin.failure == nil && handshake != nil)))
                if let handshake {
                    members.append(.init("protocolVersion", .int(handshake.protocolVersion)))
                    members.append(
                        .init("kinds", .array(handshake.widgets.map { .string($0.metadata.kind) })))
                    members.append(.init("intents", .array(handshake.intents.map { .string($0.type) })))
                }
                if let failure = plugin.failure {
                    members.append(.init("error", failure.code.json(message: failure.description)))
                }
            }
            return .object(members)
        }

        static func list(_ names: [String]) -> String {
            names.isEmpty ? "none" : names.joined(separator: ", ")
        }
    }
}
