import TaskStore
import WidgetHostKit

/// One task row, as the seed's `TaskRowView`: a button toggling the task, with its completion
/// mark, its title and its priority mark.
struct TaskRowView: View {
    let task: TaskItem

    var body: some View {
        Button(intent: ToggleTaskIntent(taskID: task.id)) {
            HStack(spacing: 12) {
                Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
                Text(task.title)
                Spacer()
                priorityIndicator
            }
        }
    }

    @ViewBuilder
    private var priorityIndicator: some View {
        switch task.priority {
        case .high:
            Image(systemName: "exclamationmark.circle.fill")
        case .medium:
            Image(systemName: "minus.circle.fill")
        case .low:
            EmptyView()
        }
    }
}
