public import Foundation
import TaskStore
public import WidgetHostKit

/// What a TaskWidget shows at one time: the filtered tasks and the counts the seed's
/// `OptimizedTaskEntry` precomputes once in the provider rather than in every view.
public struct TaskEntry: TimelineEntry {
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

    /// Creates an entry, counting its tasks.
    public init(date: Date, tasks: [TaskItem]) {
        self.date = date
        self.tasks = tasks
        self.completedCount = tasks.filter(\.isCompleted).count
        self.pendingCount = tasks.filter { !$0.isCompleted }.count
        self.highPriorityCount = tasks.filter { $0.priority == .high && !$0.isCompleted }.count
    }
}

extension TaskEntry: JSONRepresentable {
    /// The entry's data, built directly: `tasks` and the three counts.
    public var json: JSONValue {
        .object([
            .init("tasks", .array(tasks.map(\.json))),
            .init("completedCount", .int(completedCount)),
            .init("pendingCount", .int(pendingCount)),
            .init("highPriorityCount", .int(highPriorityCount)),
        ])
    }
}
