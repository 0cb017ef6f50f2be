import AppGroup
import TaskStore
public import WidgetHostKit

/// Marks a task completed or not completed, whichever it is not: the action of each task row's
/// button, as the seed's `ToggleTaskIntent`.
public struct ToggleTaskIntent: AppIntent {
    /// "Toggle Task".
    public static let title = "Toggle Task"
    /// What the intent does.
    public static let description = IntentDescription("Marks a task as completed or not completed.")

    /// The identifier of the task to change (a UUID's text, any letter case).
    @Parameter(title: "Task ID")
    public var taskID: String

    /// An intent with no task yet; the host sets `taskID`.
    public init() {}

    /// The intent toggling the task `taskID`, as a row's button makes it.
    public init(taskID: String) {
        self.taskID = taskID
    }

    /// Flips the task's completion in one store transaction and asks TaskWidgets to reload.
    ///
    /// - Returns: The task's completion now, as the value.
    /// - Throws: ``TaskIntentError`` (`task.not-found`, with the store unchanged) or
    ///   ``AppGroupError``.
    public func perform() async throws -> some IntentResult {
        .result(value: try changeTask(id: taskID) { try $0.toggleTask(id: taskID) })
    }
}
