public import Diagnostics
public import WidgetHostKit

/// The plugins a run can bring, as the engine sees them: configurations add the folders they
/// name, and kinds no built-in declares are looked up here. The plugin processes behind it live in
/// a module above the engine (`PluginHosting`), so the engine never names them.
public protocol PluginCatalog: Sendable {
    /// Adds the `Plugins/` folder beside configuration `file`, if there is one.
    func add(besideConfiguration file: String)
    /// Adds the folders a configuration's `plugins:` entry `path` names (relative to `file`):
    /// what each added folder warns about, or why the entry names none.
    func add(configurationEntry path: String, file: String) -> Result<[Diagnostic], Diagnostic>
    /// What the plugins found have said since the last call, once each.
    func takeDiagnostics() -> [Diagnostic]
    /// The widget of `kind` a plugin serves (or a stand-in naming why it cannot), if any declares it.
    func widget(kind: String) -> (any WidgetConfiguration)?
    /// The kinds of the plugin widgets known so far.
    var kinds: [String] { get }
    /// Every kind a plugin's manifest declares, started or not.
    var declaredKinds: [String] { get }
    /// The folders plugins were looked for in, for messages about a kind no one declares.
    var searchedPlaces: [String] { get }
    /// Why the built-in kind `kind`, named bare, is ambiguous (a plugin's manifest lists it too),
    /// or `nil`; found without starting anything.
    func builtInKindClash(_ kind: String) -> String?
    /// `kind` without its qualifier when it names a built-in as `widgethost/KIND`, or `nil`.
    func builtInKind(qualified kind: String) -> String?
}

extension PluginCatalog {
    /// No plugin claims a built-in's kind.
    public func builtInKindClash(_ kind: String) -> String? { nil }

    /// No qualified built-in names.
    public func builtInKind(qualified kind: String) -> String? { nil }
}

/// A widget a plugin serves: the engine asks it only for the plugin's name.
public protocol PluginServedWidget: WidgetConfiguration {
    /// The name of the plugin serving it.
    var pluginName: String { get }
}

/// A stand-in for a widget whose plugin is not available: its kind is known, it draws nothing,
/// and it takes no configuration.
public protocol UnavailableWidget: WidgetConfiguration {}
