/// Why a task intent could not run: a stable code for Swift callers and a sentence a person can act
/// on. The host reports it as `intent.failed` with the sentence as its message (exit 1); the code
/// does not reach its JSON.
///
/// ```
/// task.not-found: no task with id '0F6E...'; 'widgethost store export' lists the stored tasks
/// ```
public struct TaskIntentError: Error, Sendable, Hashable, CustomStringConvertible {
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
