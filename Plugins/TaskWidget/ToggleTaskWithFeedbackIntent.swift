import AppGroup
import Foundation
import TaskStore
@_spi(WidgetHost) public import WidgetHostKit

/// Toggles a task and says whether it did, as the seeds' `ToggleTaskWithFeedbackIntent`: for an
/// id that is not a UUID, or no stored task's, it returns `false` and changes nothing (the seed's
/// silent failure: a widget cannot show an alert), else `true` after the toggle.
public struct ToggleTaskWithFeedbackIntent: AppIntent {
    /// "Toggle Task with Feedback".
    public static let title = "Toggle Task with Feedback"
    /// What the intent does.
    public static let description = IntentDescription(
        "Toggles a task and returns whether it did: false, with nothing changed, for an unknown id.")

    /// The identifier of the task to toggle (a UUID's text, any letter case).
    @Parameter(title: "Task ID")
    public var taskID: String

    /// An intent with no task yet; the host sets `taskID`.
    public init() {}

    /// The intent toggling the task `taskID`.
    public init(taskID: String) {
        self.taskID = taskID
    }

    /// Flips the task's completion in one store transaction and asks TaskWidgets to reload.
    ///
    /// - Returns: `true` when a task was toggled, `false` (nothing changed, no reload) when
    ///   `taskID` is not a UUID or no task has it.
    /// - Throws: ``AppGroupError`` when the store cannot be used.
    public func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
        guard UUID(uuidString: taskID) != nil else { return .result(value: false) }
        let store = try IntentEnvironment.appGroupStoreToChange(for: Self.intentType)
        guard try store.toggleTask(id: taskID) != nil else { return .result(value: false) }
        WidgetCenter.shared.reloadTimelines(ofKind: TaskWidget.kind)
        return .result(value: true)
    }
}
