import ArgumentParsing
import Diagnostics
import Foundation
import PluginHosting
import TerminalText
import WidgetHost

/// The plugins a configuration brings (the `Plugins/` folder beside it, its `plugins:` list), for
/// the commands that take no configuration of their own (`describe`, `perform`, `schema`,
/// `plugins list` and `check`), so they see the plugins `run` and `validate` see in the same
/// folder: `./config`'s when it exists, or those of each `--config PATH`.
enum ConfigurationPlugins {
    /// `--config <path>`, repeatable.
    static let option = ArgumentSpec.option(
        "config", valueName: "path",
        help:
            "A configuration file or directory whose plugins to take (its Plugins folder and plugins: "
            + "list), as run takes them; repeat for more. (default: ./config, when it exists)",
        isRepeatable: true, completion: .file(extensions: ["yaml", "yml"]))

    /// Adds to `session` the plugins of each `--config PATH` (of `./config` when none is given and
    /// it exists; none when it does not). Nothing is started: a plugin that comes with a
    /// configuration still runs only once trusted.
    ///
    /// - Returns: What kept a configuration named with `--config` (or `./config`) or one of its
    ///   `plugins:` entries from being read: a missing file, a folder with no plugin. Its other
    ///   problems are `validate`'s to report, not these commands'.
    static func add(_ values: ParsedValues, to session: HostSession) throws(ParseError) -> [Diagnostic] {
        let paths = try values.strings("config")
        if paths.isEmpty && !FileManager.default.fileExists(atPath: "config") { return [] }
        let brought = session.pluginsBrought(by: paths.isEmpty ? ["config"] : paths)
        return brought.diagnostics
    }

    /// Runs `body` with a session made as ``SessionOptions/withSession(_:store:plugins:live:clock:_:)``
    /// makes it, the plugins of the configurations added (``add(_:to:)``); when one of them could
    /// not be read, reports it and returns its status without running `body`.
    static func withSession(
        _ values: ParsedValues, store: Bool, _ body: (HostSession) async throws(ParseError) -> Int32
    ) async throws(ParseError) -> Int32 {
        try await SessionOptions.withSession(values, store: store) { session throws(ParseError) in
            let brought = try add(values, to: session)
            guard brought.isEmpty else {
                CommandOptions.report(brought)
                return CommandOptions.status(afterReporting: brought)
            }
            return try await body(session)
        }
    }

    /// Where plugins were looked for, and how to point at others: what a command adds to "no
    /// such kind" or "no such intent".
    static func whereLooked(_ session: HostSession) -> String {
        let places = session.plugins.searchedPlaces.map { TerminalText.visible($0) }
        let looked =
            places.isEmpty
            ? "No plugin folder was searched."
            : "Plugins were looked for in " + places.joined(separator: ", ") + "."
        return looked
            + " Name a plugin folder with --plugins DIR, or a configuration whose plugins to take with "
            + "--config PATH."
    }
}
