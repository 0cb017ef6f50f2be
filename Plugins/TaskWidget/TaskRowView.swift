import TaskStore
import WidgetHostKit

/// One task row, as the seeds' `TaskRowView`: a button toggling the task, with its completion
/// mark (green when done), its title (struck through and secondary when done), its due date
/// relative to the entry's date (seed 002's `Text(dueDate, style: .relative)`) and its priority
/// badge (red for high, orange for medium). A compact row (a small widget's) has a smaller mark,
/// closer spacing and no badge, so its title keeps most of the row.
struct TaskRowView: View {
    let task: TaskItem
    var isCompact = false

    var body: some View {
        Button(intent: ToggleTaskIntent(taskID: task.id)) {
            HStack(spacing: isCompact ? 6 : 12) {
                Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
                    .font(isCompact ? .body : .title3)
                    .foregroundStyle(task.isCompleted ? Color.green : Color.secondary)
                    .contentTransition(.symbolEffect(.replace))
                TaskTitleView(task: task)
                Spacer()
                if !isCompact {
                    TaskPriorityBadge(priority: task.priority)
                }
            }
            .padding(.vertical, 6)
            .padding(.horizontal, isCompact ? 8 : 10)
            .background(Color(.systemBackground).opacity(0.5))
            .cornerRadius(8)
        }
        .buttonStyle(.plain)
    }
}

/// A task's title and, when it has one, its due date relative to the entry's date, as seed
/// 002's `TaskRow` stacks them.
struct TaskTitleView: View {
    let task: TaskItem

    var body: some View {
        VStack(alignment: .leading) {
            Text(task.title)
                .font(.subheadline)
                .strikethrough(task.isCompleted)
                .foregroundStyle(task.isCompleted ? Color.secondary : Color.primary)
                .lineLimit(1)
                .contentTransition(.opacity)
            if let dueDate = task.dueDate {
                Text(dueDate, style: .relative)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

/// The seed's `priorityIndicator`: a red mark for high priority, an orange one for medium, none
/// for low.
struct TaskPriorityBadge: View {
    let priority: TaskPriority

    var body: some View {
        switch priority {
        case .high:
            Image(systemName: "exclamationmark.circle.fill")
                .foregroundStyle(.red)
        case .medium:
            Image(systemName: "minus.circle.fill")
                .foregroundStyle(.orange)
        case .low:
            EmptyView()
        }
    }
}

/// One task row as the seed's `TaskToggleRowView`: the title beside a switch whose intent sets
/// the opposite completion (`SetTaskCompletionIntent`), so a tap states what it makes true.
struct TaskToggleRowView: View {
    let task: TaskItem

    var body: some View {
        HStack {
            TaskTitleView(task: task)
            Spacer()
            TaskPriorityBadge(priority: task.priority)
            Toggle(
                isOn: task.isCompleted,
                intent: SetTaskCompletionIntent(taskID: task.id, isCompleted: !task.isCompleted)
            )
            .toggleStyle(.switch)
            .labelsHidden()
        }
        .padding(.vertical, 4)
    }
}

/// A row while the content loads, as the seed's `TaskRowWithLoadingView` with `isLoading`: a
/// progress indicator where the check mark goes, the row dimmed, and nothing to tap (the seed
/// disables the button).
struct TaskLoadingRowView: View {
    let task: TaskItem

    var body: some View {
        HStack(spacing: 12) {
            ProgressView()
                .scaleEffect(0.8)
                .frame(width: 24, height: 24)
            Text(task.title)
                .font(.subheadline)
                .strikethrough(task.isCompleted)
            Spacer()
        }
        .padding(.vertical, 6)
        .padding(.horizontal, 10)
        .background(Color(.systemBackground).opacity(0.5))
        .cornerRadius(8)
        .opacity(0.6)
    }
}
