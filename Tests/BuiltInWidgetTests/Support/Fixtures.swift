import AppGroup
import Foundation
import JSON
import TaskStore
import WidgetHostKit

/// Shared test data: a fixed clock and a store's worth of tasks covering every priority,
/// completion and category (work, personal, errands, none).
enum Fixtures {
    /// The host's clock in every test: 2026-11-29T12:00:00Z.
    static let now = date("2026-11-29T12:00:00Z")

    /// The date of ISO 8601 `text`.
    static func date(_ text: String) -> Date {
        guard let date = ISO8601.date(from: text) else { preconditionFailure("bad test date \(text)") }
        return date
    }

    /// A task with a readable, fixed id (`00000000-0000-4000-8000-0000000000NN`).
    static func task(
        _ number: Int,
        _ title: String,
        _ priority: TaskPriority,
        _ category: String?,
        completed: Bool = false,
        due: String? = nil
    ) -> StoredTask {
        let suffix = String(number)
        let id = "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - suffix.count) + suffix
        return StoredTask(
            id: id,
            title: title,
            priority: priority,
            category: category,
            isCompleted: completed,
            dueDate: due.map(date)
        )
    }

    /// Fourteen tasks in store order.
    static let tasks: [StoredTask] = [
        task(1, "Ship release notes", .high, "work"),
        task(2, "Book flights", .medium, "personal", completed: true),
        task(3, "Water the plants", .low, nil),
        task(4, "Renew passport", .high, "personal", completed: true, due: "2026-12-15T00:00:00Z"),
        task(5, "Review pull requests", .medium, "work"),
        task(6, "Archive old tickets", .low, "work", completed: true),
        task(7, "Fix the leaking tap", .high, nil),
        task(8, "Call grandma", .medium, "personal"),
        task(9, "Quarterly report", .high, "work", completed: true),
        task(10, "Read a chapter", .low, "personal"),
        task(11, "Pick up dry cleaning", .medium, "errands"),
        task(12, "Prepare the demo", .high, "work", due: "2026-12-01T09:00:00Z"),
        task(13, "Tidy the desk", .low, "work"),
        task(14, "Update the roadmap", .medium, "work", completed: true),
    ]

    /// The seed's `filteredTasks` (plus seed 002's category), written out as the seed does it over
    /// an array: priority, completed, category, then the first `maxTasks`.
    static func filteredTasks(
        _ tasks: [StoredTask],
        priorityFilter: String,
        showCompleted: Bool,
        category: String,
        maxTasks: Int
    ) -> [StoredTask] {
        var tasks = tasks
        if priorityFilter != "all" {
            let priority = TaskPriority(rawValue: priorityFilter) ?? .medium
            tasks = tasks.filter { $0.priority == priority }
        }
        if !showCompleted {
            tasks = tasks.filter { !$0.isCompleted }
        }
        if category != "all" {
            tasks = tasks.filter { $0.category == category }
        }
        return Array(tasks.prefix(maxTasks))
    }

    /// The TaskWidget entry data the seeds and docs/guide.md specify for `tasks`, built by hand.
    static func taskEntryJSON(_ tasks: [StoredTask]) -> JSONValue {
        .object([
            .init(
                "tasks",
                .array(
                    tasks.map { task in
                        .object([
                            .init("id", .string(task.id)),
                            .init("title", .string(task.title)),
                            .init("isCompleted", .bool(task.isCompleted)),
                            .init("priority", .string(task.priority.rawValue)),
                            .init("category", task.category.map { .string($0) } ?? .null),
                            .init("dueDate", task.dueDate.map { .string(ISO8601.string(from: $0)) } ?? .null),
                        ])
                    }
                )
            ),
            .init("completedCount", .int(tasks.filter(\.isCompleted).count)),
            .init("pendingCount", .int(tasks.filter { !$0.isCompleted }.count)),
            .init("highPriorityCount", .int(tasks.filter { $0.priority == .high && !$0.isCompleted }.count)),
            .init("allCompleted", .bool(!tasks.isEmpty && tasks.allSatisfy(\.isCompleted))),
            .init("isLoading", .bool(false)),
        ])
    }
}
