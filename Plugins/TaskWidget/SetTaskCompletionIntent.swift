import AppGroup
import TaskStore
public import WidgetHostKit

/// Sets whether a task is completed (not a toggle): the intent of a task toggle, as the seed's
/// `SetTaskCompletionIntent`.
public struct SetTaskCompletionIntent: AppIntent {
    /// "Set Task Completion".
    public static let title = "Set Task Completion"
    /// What the intent does.
    public static let description = IntentDescription("Marks a task as completed, or as not completed.")

    /// The identifier of the task to change (a UUID's text, any letter case).
    @Parameter(title: "Task ID")
    public var taskID: String

    /// The completion to set: `true` completed, `false` not completed.
    @Parameter(title: "Completed")
    public var isCompleted: Bool

    /// An intent with no task yet; the host sets the parameters.
    public init() {}

    /// The intent setting task `taskID`'s completion to `isCompleted`.
    public init(taskID: String, isCompleted: Bool) {
        self.taskID = taskID
        self.isCompleted = isCompleted
    }

    /// Sets the completion in one store transaction and asks TaskWidgets to reload.
    ///
    /// - Returns: The task's completion now, as the value.
    /// - Throws: ``TaskIntentError`` (`task.not-found`, with the store unchanged) or
    ///   ``AppGroupError``.
    public func perform() async throws -> some IntentResult {
        .result(
            value: try changeTask(id: taskID) {
                try $0.setTaskCompletion(id: taskID, isCompleted: isCompleted)
            })
    }
}
