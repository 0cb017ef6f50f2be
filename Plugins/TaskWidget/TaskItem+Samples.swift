import Foundation
import TaskStore

extension TaskItem {
    /// Realistic sample tasks for the placeholder, as the seeds advise: a mix of priorities,
    /// categories and states, so the placeholder looks like a real day's list.
    ///
    /// Fixed identifiers and due dates relative to `date` keep placeholders deterministic.
    static func samples(relativeTo date: Date) -> [TaskItem] {
        [
            TaskItem(
                id: "5A1E0001-0000-4000-8000-000000000001",
                title: "Review pull requests",
                priority: .high,
                category: "work",
                dueDate: date.addingTimeInterval(2 * 60 * 60)
            ),
            TaskItem(
                id: "5A1E0001-0000-4000-8000-000000000002",
                title: "Prepare sprint demo",
                priority: .medium,
                category: "work"
            ),
            TaskItem(
                id: "5A1E0001-0000-4000-8000-000000000003",
                title: "Buy groceries",
                isCompleted: true,
                priority: .low,
                category: "personal"
            ),
            TaskItem(
                id: "5A1E0001-0000-4000-8000-000000000004",
                title: "Call the dentist",
                priority: .medium,
                category: "personal"
            ),
        ]
    }
}
