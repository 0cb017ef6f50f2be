/// A widget, as in WidgetKit: a kind and a configuration that says how to provide and draw it.
///
/// ```swift
/// struct FocusWidget: Widget {
///     let kind = "FocusWidget"
///     var body: some WidgetConfiguration {
///         StaticConfiguration(kind: kind, provider: FocusProvider()) { entry in
///             FocusWidgetView(entry: entry)
///         }
///         .configurationDisplayName("Focus")
///         .supportedFamilies([.systemSmall])
///     }
/// }
/// ```
public protocol Widget: Sendable {
    /// The configuration type.
    associatedtype Body: WidgetConfiguration
    /// Creates the widget.
    init()
    /// The widget's configuration.
    var body: Body { get }
    /// The configurations this widget gives a bundle: its body's, or for the widgets a
    /// ``WidgetBundleBuilder`` collects, each of theirs. The SDK implements it; a widget never does.
    func _configurations() -> [any WidgetConfiguration]
}

extension Widget {
    /// The body's configuration; none for an ``EmptyWidgetConfiguration`` or one widgethost
    /// ignores (a Live Activity's).
    public func _configurations() -> [any WidgetConfiguration] {
        body is EmptyWidgetConfiguration || body is any IgnoredWidgetConfiguration ? [] : [body]
    }
}
