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
}

extension WidgetBundle {
    /// No intents.
    public var intents: [any AppIntent.Type] { [] }
}
