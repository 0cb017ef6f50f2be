import AppGroup
import TaskStore
@_spi(WidgetHost) public import WidgetHostKit

/// Turns focus mode on or off: the FocusWidget toggle's intent, as seed 002's
/// `ToggleFocusModeIntent` (a `SetValueIntent`, so the toggle sets `value`).
public struct ToggleFocusModeIntent: SetValueIntent {
    /// "Toggle Focus Mode".
    public static let title = "Toggle Focus Mode"
    /// What the intent does.
    public static let description = IntentDescription("Turns focus mode on or off.")

    /// The focus mode to set: `true` on, `false` off.
    @Parameter(title: "Focus Mode")
    public var value: Bool

    /// An intent with no value yet; the host (or the toggle) sets it.
    public init() {}

    /// The intent setting focus mode to `value`.
    public init(value: Bool) {
        self.value = value
    }

    /// Stores the focus mode and asks FocusWidgets to reload.
    ///
    /// - Returns: The focus mode set, as the value.
    /// - Throws: ``IntentEnvironment/Missing`` outside a host, or ``AppGroupError``.
    public func perform() async throws -> some IntentResult {
        try IntentEnvironment.current(for: Self.intentType).container.appGroupStoreToChange()
            .setFocusMode(value)
        WidgetCenter.shared.reloadTimelines(ofKind: FocusWidget.kind)
        return .result(value: value)
    }
}
