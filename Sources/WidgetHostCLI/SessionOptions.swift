import AppGroup
import ArgumentParsing
import BuiltInWidgets
import Foundation
import PluginHosting
import TerminalText
import WidgetEngine
import WidgetHost

/// `--plugins DIR` and the session every command that hosts widgets makes from its options.
enum SessionOptions {
    /// `--plugins <dir>`, repeatable.
    static let plugins = ArgumentSpec.option(
        "plugins",
        valueName: "dir",
        help: "A plugin folder, or a folder of plugin folders; repeat for more.",
        isRepeatable: true,
        completion: .directory
    )

    /// `--set <key=value>`, repeatable: an override of the configuration, applied after every file.
    /// Every command that loads a configuration declares it; ``session(_:store:plugins:)`` reads it.
    static let set = ArgumentSpec.option(
        "set",
        valueName: "key=value",
        help: "Override a configuration value after every file: appGroup=ID, WIDGET-ID.family=F or "
            + "WIDGET-ID.configuration.PARAMETER=VALUE (VALUE read as YAML); repeat for more.",
        isRepeatable: true
    )

    /// `--verbose` and `--trace-plugins <file>`: seeing what plugins do.
    static let pluginLogging: [ArgumentSpec] = [
        .flag("verbose", help: "Pass each plugin's stderr through, each line prefixed with its name."),
        .option(
            "trace-plugins", valueName: "file",
            help: "Write every message to and from plugins to this file, with timestamps.",
            completion: .file(extensions: [])),
    ]

    /// The plugin log `--verbose` and `--trace-plugins` ask for, when the command declares them.
    static func pluginLog(_ values: ParsedValues) throws(ParseError) -> PluginLog? {
        guard values.declares("verbose") else { return nil }
        let verbose = try values.flag("verbose")
        let trace = try values.string("trace-plugins")
        guard verbose || trace != nil else { return nil }
        do throws(PluginLog.OpenError) {
            return try PluginLog(verbose: verbose, traceFile: trace)
        } catch {
            throw values.validationError(error.message)
        }
    }

    /// The clock plugins read: `--at DATE` when the command declares it and it is given; the wall
    /// clock (`nil`) otherwise.
    static func pluginClock(_ values: ParsedValues) throws(ParseError) -> PluginClock? {
        guard values.declares("at"), try values.string("at") != nil else { return nil }
        return PluginClock(date: try CommandOptions.date(values))
    }

    /// A session of the built-in widgets and the plugins found (the default places and each
    /// `--plugins DIR`, when the command declares it), with `--store DIR` and `--lock-timeout` (or
    /// `WIDGETHOST_LOCK_TIMEOUT`) when it uses the store. The caller ends it with
    /// ``HostSession/close()`` before it returns.
    /// `clock`, when given, is the clock plugins read instead of `--at`'s stopped one (`snapshot`
    /// verifies at the date its snapshots were recorded at; `watch --at` runs from its date).
    static func session(
        _ values: ParsedValues, store: Bool = true, plugins: Bool = true, clock: PluginClock? = nil
    ) throws(ParseError) -> HostSession {
        var pluginClock = try pluginClock(values)
        if let clock { pluginClock = clock }
        let storeOption = store ? try values.string("store") : nil
        if storeOption == "" { throw CommandOptions.emptyStoreError(values) }
        let overrides = values.declares("set") ? try values.strings("set") : []
        // A --set without '=' is a malformed argument (64), as any other; what its key or value
        // says of the configuration is the configuration's problem (65).
        if let malformed = overrides.first(where: { !$0.contains("=") }) {
            throw values.validationError(
                "--set '\(TerminalText.visible(malformed))' is not KEY=VALUE; KEY is appGroup, "
                    + "WIDGET-ID.family or WIDGET-ID.configuration.PARAMETER, VALUE is read as YAML.")
        }
        let settings = HostSession.Settings(
            storeOption: storeOption,
            lockTimeout: store ? try CommandOptions.lockTimeout(values) : .default,
            pluginFolders: plugins ? try values.strings("plugins") : [],
            hostVersion: WidgetHostCommand.version,
            overrides: overrides,
            pluginLog: plugins ? try pluginLog(values) : nil,
            pluginClock: plugins ? pluginClock : nil)
        do throws(RegistryError) {
            return try HostSession(bundles: BuiltInWidgets.bundles, settings: settings)
        } catch {
            // The built-ins are fixed at compile time and their kinds differ; a clash is a bug
            // the tests catch, not something input can cause.
            preconditionFailure("the built-in widgets clash: \(error)")
        }
    }

    /// Runs `body` with a session made as ``session(_:store:plugins:)`` makes it, and closes the
    /// session after, whether `body` returns or throws. Unless the command is `live` (`watch`,
    /// `serve`: the live host ends in steps of its own), SIGINT, SIGTERM and SIGHUP meanwhile kill
    /// the plugins it started (``TerminationSignals``).
    static func withSession(
        _ values: ParsedValues, store: Bool = true, plugins: Bool = true, live: Bool = false,
        clock: PluginClock? = nil, _ body: (HostSession) async throws(ParseError) -> Int32
    ) async throws(ParseError) -> Int32 {
        if plugins && !live { TerminationSignals.endPluginsWithTheProcess() }
        let session = try session(values, store: store, plugins: plugins, clock: clock)
        do {
            let status = try await body(session)
            await session.close()
            return status
        } catch {
            await session.close()
            throw error
        }
    }
}
