import WidgetHostKit

/// A TaskWidget's view, as the seed's `TaskWidgetView`: a header with the remaining count and as
/// many task rows as the family fits; lock-screen (accessory) families show a compact count.
struct TaskWidgetView: View {
    let entry: TaskEntry

    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Text("\(entry.pendingCount)")
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text(remainingText)
                if let next = entry.tasks.first(where: { !$0.isCompleted }) {
                    Text(next.title)
                }
            }
        case .accessoryInline:
            Text(remainingText)
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 8) {
                headerView
                if entry.tasks.isEmpty {
                    Text("No tasks")
                } else {
                    ForEach(entry.tasks.prefix(tasksLimit)) { task in
                        TaskRowView(task: task)
                    }
                }
                Spacer(minLength: 0)
            }
        }
    }

    /// The rows a family fits: small 2, medium 3, large and extra large 4.
    private var tasksLimit: Int {
        switch family {
        case .systemSmall: return 2
        case .systemMedium: return 3
        default: return 4
        }
    }

    /// "3 tasks left", "1 task left".
    private var remainingText: String {
        entry.pendingCount == 1 ? "1 task left" : "\(entry.pendingCount) tasks left"
    }

    private var headerView: some View {
        HStack {
            Text("Tasks")
            Spacer()
            Text("\(entry.pendingCount)")
        }
    }
}
