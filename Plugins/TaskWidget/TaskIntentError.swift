public import WidgetHostKit

/// Why a task intent could not run: a stable code and a sentence a person can act on. The host
/// reports it as `intent.failed` (exit 1) with the sentence as its message and the code as its
/// `reason` (`plugin.error` with the same reason when TaskWidget is served out of process).
///
/// ```
/// task.not-found: no task with id '0F6E...'; 'widgethost store export' lists the stored tasks
/// ```
public struct TaskIntentError: CodedError, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable code: `task.not-found`.
    public var code: String
    /// What went wrong, in a sentence a person can act on.
    public var message: String

    /// The message.
    public var description: String { message }

    /// No stored task has the identifier `id`; nothing was changed.
    public static func taskNotFound(id: String) -> TaskIntentError {
        TaskIntentError(
            code: "task.not-found",
            message: "no task with id '\(id)'; 'widgethost store export' lists the stored tasks and their ids"
        )
    }
}
