import TaskStore
import WidgetHostKit

/// One task row, as the seeds' `TaskRowView`: a button toggling the task, with its completion
/// mark (green when done), its title (struck through and secondary when done), its due date
/// relative to the entry's date (seed 002's `Text(dueDate, style: .relative)`) and its priority
/// badge (red for high, orange for medium). A compact row (a small or medium widget's, which
/// must fit their rows under the header in 138 points) is one line: a smaller mark, closer
/// spacing, the title without its due date; a small widget's has no badge, so its title keeps
/// most of the row.
struct TaskRowView: View {
    let task: TaskItem
    var isCompact = false
    var showsPriority = true

    var body: some View {
        Button(intent: ToggleTaskIntent(taskID: task.id)) {
            HStack(spacing: isCompact ? 6 : 12) {
                Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
                    .font(isCompact ? .body : .title3)
                    .foregroundStyle(task.isCompleted ? Color.green : Color.secondary)
                    .contentTransition(.symbolEffect(.replace))
                TaskTitleView(task: task, showsDueDate: !isCompact)
                Spacer()
                if showsPriority {
                    TaskPriorityBadge(priority: task.priority)
                }
            }
            .padding(.vertical, isCompact ? 4 : 6)
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
    var showsDueDate = true

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(task.title)
                .font(.subheadline)
                .strikethrough(task.isCompleted)
                .foregroundStyle(task.isCompleted ? Color.secondary : Color.primary)
                .lineLimit(1)
                .contentTransition(.opacity)
            if showsDueDate, let dueDate = task.dueDate {
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
/// the opposite completion (`SetTaskCompletionIntent`), so a tap states what it makes true. A
/// compact row has no due date, and no badge when it is also narrow (a small widget's).
struct TaskToggleRowView: View {
    let task: TaskItem
    var isCompact = false
    var showsPriority = true

    var body: some View {
        HStack {
            TaskTitleView(task: task, showsDueDate: !isCompact)
            Spacer()
            if showsPriority {
                TaskPriorityBadge(priority: task.priority)
            }
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
    var isCompact = false

    var body: some View {
        HStack(spacing: isCompact ? 6 : 12) {
            ProgressView()
                .scaleEffect(0.8)
                .frame(width: isCompact ? 20 : 24, height: isCompact ? 20 : 24)
            Text(task.title)
                .font(.subheadline)
                .strikethrough(task.isCompleted)
            Spacer()
        }
        .padding(.vertical, isCompact ? 4 : 6)
        .padding(.horizontal, isCompact ? 8 : 10)
        .background(Color(.systemBackground).opacity(0.5))
        .cornerRadius(8)
        .opacity(0.6)
    }
}
