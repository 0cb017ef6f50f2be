public import Foundation
import JSON
import TaskStore
public import WidgetHostKit

/// What a TaskWidget shows at one time: the filtered tasks and the counts the seed's
/// `OptimizedTaskEntry` precomputes once in the provider rather than in every view.
public struct TaskEntry: TimelineEntry, Encodable {
    /// When the entry becomes current.
    public let date: Date
    /// The tasks shown, in store order.
    public let tasks: [TaskItem]
    /// How many of `tasks` are completed.
    public let completedCount: Int
    /// How many of `tasks` are not completed.
    public let pendingCount: Int
    /// How many of `tasks` are high priority and not completed.
    public let highPriorityCount: Int
    /// Whether there are tasks and every one is completed (seed 002's `entry.allCompleted`).
    public let allCompleted: Bool
    /// Whether the content is still loading (the seed's `TaskEntry.isLoading`): the placeholder's
    /// entry, drawn as the seed's loading rows.
    public var isLoading: Bool
    /// How the rows are drawn (the configuration's `rowStyle`); not part of the entry's data.
    public var rowStyle: TaskRowStyle

    /// The data encoded: every stored property but `rowStyle`, which is configuration.
    private enum CodingKeys: String, CodingKey {
        case date, tasks, completedCount, pendingCount, highPriorityCount, allCompleted, isLoading
    }

    /// Creates an entry, counting its tasks.
    public init(date: Date, tasks: [TaskItem], isLoading: Bool = false, rowStyle: TaskRowStyle = .button) {
        self.date = date
        self.tasks = tasks
        // Counted in one pass, without an array per count: the provider makes an entry per widget.
        var completed = 0
        var highPriority = 0
        for task in tasks {
            if task.isCompleted {
                completed += 1
            } else if task.priority == .high {
                highPriority += 1
            }
        }
        self.completedCount = completed
        self.pendingCount = tasks.count - completed
        self.highPriorityCount = highPriority
        self.allCompleted = !tasks.isEmpty && pendingCount == 0
        self.isLoading = isLoading
        self.rowStyle = rowStyle
    }
}

extension TaskEntry: JSONRepresentable {
    /// The entry's data, built directly: `tasks`, the three counts, `allCompleted` and `isLoading`.
    public var json: JSONValue {
        .object([
            .init("tasks", .array(tasks.map(\.json))),
            .init("completedCount", .int(completedCount)),
            .init("pendingCount", .int(pendingCount)),
            .init("highPriorityCount", .int(highPriorityCount)),
            .init("allCompleted", .bool(allCompleted)),
            .init("isLoading", .bool(isLoading)),
        ])
    }
}
