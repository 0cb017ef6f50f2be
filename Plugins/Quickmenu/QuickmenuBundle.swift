public import WidgetHostKit

/// What the Quickmenu module gives the host: the widget (its links need no intents).
public struct QuickmenuBundle: WidgetBundle {
    /// Creates the bundle.
    public init() {}

    /// The Quickmenu's configuration.
    public var widgets: [any WidgetConfiguration] { [Quickmenu().body] }

    /// Its links, resolved to the app's tabs as seed 004's `DeeplinkCoordinator` does.
    public var deepLinkResolvers: [any DeepLinkResolver] { [DeeplinkCoordinator()] }

    /// Its tabs' symbols, drawn in text.
    public var symbolFallbacks: [String: String] {
        [
            "house.fill": "⌂", "house": "⌂", "creditcard.fill": "▭", "creditcard": "▭",
            "arrow.left.arrow.right": "⇄", "qrcode.viewfinder": "▦", "qrcode": "▦",
        ]
    }
}
