import AppGroup
import Foundation
import TaskStore
@_spi(WidgetHost) public import WidgetHostKit

/// Adds a task at the end of the list, not completed, as the seed's `AddTaskIntent`.
public struct AddTaskIntent: AppIntent {
    /// "Add Task".
    public static let title = "Add Task"
    /// What the intent does.
    public static let description = IntentDescription("Adds a task at the end of the list.")

    /// What to do.
    @Parameter(title: "Task Name")
    public var taskName: String

    /// How urgent it is; medium unless given.
    @Parameter(title: "Priority", default: .medium)
    public var priority: TaskPriorityOption

    /// Its group (`work`, `personal`, ...), or none.
    @Parameter(title: "Category")
    public var category: String?

    /// An intent with no name yet; the host sets the parameters.
    public init() {}

    /// The intent adding a task named `taskName`.
    public init(taskName: String, priority: TaskPriorityOption = .medium, category: String? = nil) {
        self.taskName = taskName
        self.priority = priority
        self.category = category
    }

    /// Appends the task in one store transaction and asks TaskWidgets to reload.
    ///
    /// - Returns: The new task's id as the value, and the dialog "<taskName> added".
    /// - Throws: ``IntentParameterError`` for an empty name, or a name or category over 4 KiB (with the
    ///   store unchanged), or ``AppGroupError``.
    public func perform() async throws -> some IntentResult {
        guard !taskName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw $taskName.needsValueError("a task needs a name: 'taskName' is empty")
        }
        guard taskName.utf8.count <= StoredTask.maxTitleSize else {
            throw $taskName.needsValueError(
                IntentDialog(
                    "'taskName' is \(taskName.utf8.count) bytes long; a task's name holds at most "
                        + "\(StoredTask.maxTitleSize) bytes (4 KiB) of UTF-8"))
        }
        // `category=` on a command line means no category, not an empty one.
        let category = self.category.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        if let category, category.utf8.count > StoredTask.maxCategorySize {
            throw $category.needsValueError(
                IntentDialog(
                    "'category' is \(category.utf8.count) bytes long; a task's category holds at most "
                        + "\(StoredTask.maxCategorySize) bytes (4 KiB) of UTF-8"))
        }
        let store = try IntentEnvironment.appGroupStoreToChange(for: Self.intentType)
        let task = try store.addTask(title: taskName, priority: priority.taskPriority, category: category)
        // As seed 002's AddTaskIntent: a new task may show in any widget.
        WidgetCenter.shared.reloadAllTimelines()
        return .result(value: task.id, dialog: "\(taskName) added")
    }
}
