import AppGroup
import TaskStore
public import WidgetHostKit

/// Marks a task completed, as the seed's `CompleteTaskIntent` (whose parameter is spelled `taskId`).
public struct CompleteTaskIntent: AppIntent {
    /// "Complete Task".
    public static let title = "Complete Task"
    /// What the intent does.
    public static let description = IntentDescription("Marks a task as completed.")

    /// The identifier of the task to complete (a UUID's text, any letter case).
    @Parameter(title: "Task ID")
    public var taskId: String

    /// An intent with no task yet; the host sets `taskId`.
    public init() {}

    /// The intent completing task `taskId`.
    public init(taskId: String) {
        self.taskId = taskId
    }

    /// Completes the task in one store transaction (a completed task stays completed) and asks
    /// TaskWidgets to reload.
    ///
    /// - Returns: `true` (the task's completion now), as the value.
    /// - Throws: ``TaskIntentError`` (`task.not-found`, with the store unchanged) or
    ///   ``AppGroupError``.
    public func perform() async throws -> some IntentResult {
        .result(value: try changeTask(id: taskId) { try $0.setTaskCompletion(id: taskId, isCompleted: true) })
    }
}
