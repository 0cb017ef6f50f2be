/// The widgets and intents one module (a built-in widget, a plugin) gives the host.
///
/// Written as Xcode's widget-extension template writes it, the widgets are the `body`, and an
/// executable's `@main` bundle serves them as a plugin (`import WidgetKit`):
///
/// ```swift
/// @main
/// struct TasksBundle: WidgetBundle {
///     var body: some Widget {
///         TaskWidget()
///         FocusWidget()
///     }
/// }
/// ```
///
/// A bundle compiled into the host lists its configurations and intents instead:
///
/// ```swift
/// public struct FocusWidgetBundle: WidgetBundle {
///     public init() {}
///     public var widgets: [any WidgetConfiguration] { [FocusWidget().body] }
///     public var intents: [any AppIntent.Type] { [ToggleFocusModeIntent.self] }
/// }
/// ```
public protocol WidgetBundle: Sendable {
    /// The widgets of ``body``.
    associatedtype Body: Widget = BundledWidgets
    /// Creates the bundle.
    init()
    /// The widgets, one statement each, as in WidgetKit; none when the bundle lists ``widgets``.
    @WidgetBundleBuilder var body: Body { get }
    /// The widgets' configurations: ``body``'s unless the bundle lists them.
    var widgets: [any WidgetConfiguration] { get }
    /// The intents the widgets' controls run.
    var intents: [any AppIntent.Type] { get }
    /// What resolves the widgets' deep links, as the app's `onOpenURL` would.
    var deepLinkResolvers: [any DeepLinkResolver] { get }
    /// How a text renderer draws the SF Symbols the widgets use: one or two characters a name
    /// (`"moon.fill": "☾"`); a name not listed is drawn by the host's own fallbacks.
    var symbolFallbacks: [String: String] { get }
}

extension WidgetBundle where Body == BundledWidgets {
    /// No widgets in a body: the bundle lists its ``widgets``.
    public var body: BundledWidgets { BundledWidgets() }
}

extension WidgetBundle {
    /// The configurations of the widgets in ``body``.
    public var widgets: [any WidgetConfiguration] { body._configurations() }
    /// No intents.
    public var intents: [any AppIntent.Type] { [] }
    /// No deep links.
    public var deepLinkResolvers: [any DeepLinkResolver] { [] }
    /// No symbols of its own.
    public var symbolFallbacks: [String: String] { [:] }
}
