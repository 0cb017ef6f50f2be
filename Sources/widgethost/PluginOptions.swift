import ArgumentParsing
import Foundation
import WidgetHost

/// `--plugins DIR` and the plugin host of a run, shared by every command that runs widgets.
enum PluginOptions {
    /// `--plugins <dir>`, repeatable.
    static let option = ArgumentSpec.option(
        "plugins",
        valueName: "dir",
        help: "A plugin folder, or a folder of plugin folders; repeat for more.",
        isRepeatable: true
    )

    /// The plugins of this run: the default places and each `--plugins DIR`. The caller ends them
    /// with ``PluginHost/shutdown()`` before it returns.
    static func host(_ values: ParsedValues) throws(ParseError) -> PluginHost {
        PluginHost(
            builtIns: BuiltInWidgets.registry(),
            hostVersion: WidgetHostCommand.version,
            options: try values.strings("plugins")
        )
    }

    /// A configuration loader that knows the plugins' widgets.
    static func loader(_ host: PluginHost) -> ConfigurationLoader {
        var loader = ConfigurationLoader(registry: host.builtIns)
        loader.plugins = host
        return loader
    }
}
