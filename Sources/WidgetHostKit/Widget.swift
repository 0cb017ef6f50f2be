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
}
