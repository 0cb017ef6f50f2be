/// The widgets and intents one module (a built-in widget, a plugin) gives the host.
///
/// ```swift
/// public struct FocusWidgetBundle: WidgetBundle {
///     public init() {}
///     public var widgets: [any WidgetConfiguration] { [FocusWidget().body] }
///     public var intents: [any AppIntent.Type] { [ToggleFocusModeIntent.self] }
/// }
/// ```
public protocol WidgetBundle: Sendable {
    /// Creates the bundle.
    init()
    /// The widgets' configurations.
    var widgets: [any WidgetConfiguration] { get }
    /// The intents the widgets' controls run.
    var intents: [any AppIntent.Type] { get }
    /// What resolves the widgets' deep links, as the app's `onOpenURL` would.
    var deepLinkResolvers: [any DeepLinkResolver] { get }
    /// How a text renderer draws the SF Symbols the widgets use: one or two characters a name
    /// (`"moon.fill": "☾"`); a name not listed is drawn by the host's own fallbacks.
    var symbolFallbacks: [String: String] { get }
}

extension WidgetBundle {
    /// No intents.
    public var intents: [any AppIntent.Type] { [] }
    /// No deep links.
    public var deepLinkResolvers: [any DeepLinkResolver] { [] }
    /// No symbols of its own.
    public var symbolFallbacks: [String: String] { [:] }
}
