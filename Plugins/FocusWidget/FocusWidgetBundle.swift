public import WidgetHostKit

/// What the FocusWidget module gives the host: the widget and its toggle's intent.
public struct FocusWidgetBundle: WidgetBundle {
    /// Creates the bundle.
    public init() {}

    /// The FocusWidget's configuration.
    public var widgets: [any WidgetConfiguration] { [FocusWidget().body] }

    /// `ToggleFocusModeIntent`.
    public var intents: [any AppIntent.Type] { [ToggleFocusModeIntent.self] }

    /// The moon of the focus mode, on and off, drawn in text.
    public var symbolFallbacks: [String: String] { ["moon.fill": "☾", "moon": "☽"] }
}
