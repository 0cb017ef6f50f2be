import WidgetHostKit

/// What the Quickmenu module gives the host: the widget (its links need no intents).
public struct QuickmenuBundle: WidgetBundle {
    /// Creates the bundle.
    public init() {}

    /// The Quickmenu's configuration.
    public var widgets: [any WidgetConfiguration] { [Quickmenu().body] }
}
