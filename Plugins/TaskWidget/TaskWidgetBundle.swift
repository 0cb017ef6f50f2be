public import WidgetHostKit

/// What the TaskWidget module gives the host: the widget and the four intents its controls and
/// scripts run.
public struct TaskWidgetBundle: WidgetBundle {
    /// Creates the bundle.
    public init() {}

    /// The TaskWidget's configuration.
    public var widgets: [any WidgetConfiguration] { [TaskWidget().body] }

    /// `ToggleTaskIntent`, `SetTaskCompletionIntent`, `CompleteTaskIntent`, `AddTaskIntent`,
    /// `ToggleTaskWithFeedbackIntent`.
    public var intents: [any AppIntent.Type] {
        [
            ToggleTaskIntent.self, SetTaskCompletionIntent.self, CompleteTaskIntent.self, AddTaskIntent.self,
            ToggleTaskWithFeedbackIntent.self,
        ]
    }

    /// Its symbols drawn in text: the header's list and seal, the check circle and the priority
    /// badges.
    public var symbolFallbacks: [String: String] {
        [
            "circle": "○", "checkmark.circle.fill": "✔", "checkmark.circle": "✔",
            "exclamationmark.circle.fill": "!", "minus.circle.fill": "−", "checklist": "☰",
            "checkmark.seal.fill": "✔",
        ]
    }
}
