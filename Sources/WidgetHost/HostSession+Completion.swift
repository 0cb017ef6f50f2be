import PluginHosting
public import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

/// What shell completion asks of a session. Every answer comes from the configuration files, the
/// compiled-in bundles and the plugins' manifests (`kinds:`, `intents:`): no plugin is started,
/// no handshake made, and the store is never opened, so a completion answers at once and a broken
/// plugin or a busy store cannot slow a keystroke down.
extension HostSession {
    /// The widgets of the configuration files `paths` name (the default `./config` when empty), as
    /// far as they can be read: an instance whose kind is a plugin's is listed with its id.
    public func completionWidgets(configurations paths: [String]) -> [WidgetInstance] {
        var loader = ConfigurationLoader(registry: plugins.builtIns)
        // Plugins named by a configuration's `plugins:` have their manifests read, nothing more.
        loader.plugins = plugins
        loader.takesPluginDiagnostics = false
        loader.keepsUnknownKinds = true
        return loader.load(paths).instances
    }

    /// The widget kinds: the built-ins', then each plugin manifest's `kinds:`.
    public var completionKinds: [String] {
        Self.unique(plugins.builtIns.kinds + plugins.plugins.flatMap { $0.manifest?.kinds ?? [] })
    }

    /// The intent types: the built-ins', then each plugin manifest's `intents:`.
    public var completionIntentNames: [String] {
        Self.unique(
            bundles.flatMap(\.intents).map { $0.intentType }
                + plugins.plugins.flatMap { $0.manifest?.intents ?? [] })
    }

    /// The parameters of the built-in intent `name`; `nil` for any other (a plugin's parameters are
    /// known only from its handshake, which completion never makes).
    public func completionParameters(ofIntent name: String) -> [ParameterDescription]? {
        guard let intent = bundles.lazy.flatMap(\.intents).first(where: { $0.intentType == name }) else {
            return nil
        }
        return BuiltInIntent(intent).parameters
    }

    /// The families the widget of `kind` supports, when it is built in; `nil` otherwise.
    public func completionFamilies(ofKind kind: String) -> [WidgetFamily]? {
        plugins.builtIns.widget(kind: kind)?.metadata.supportedFamilies
    }

    /// The URL schemes the bundles' deep-link resolvers open (`widgetquickmenu`).
    public var completionLinkSchemes: [String] {
        bundles.flatMap(\.deepLinkResolvers).map(\.scheme)
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
