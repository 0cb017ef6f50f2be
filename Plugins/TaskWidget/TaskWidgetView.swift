import WidgetHostKit

/// A TaskWidget's view, as the seeds' `TaskWidgetView`: a header (the all-completed seal, the
/// completed/total count and the remaining-count badge) and as many task rows as the family fits,
/// drawn as the configuration's row style says, or as loading rows while the content loads;
/// lock-screen (accessory) families show a compact count.
struct TaskWidgetView: View {
    let entry: TaskEntry

    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Text("\(entry.pendingCount)")
                .font(.title)
                .widgetAccentable()
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text(remainingText)
                    .font(.headline)
                    .widgetAccentable()
                if let next = entry.tasks.first(where: { !$0.isCompleted }) {
                    Text(next.title)
                        .font(.caption)
                }
            }
        case .accessoryInline:
            Text(remainingText)
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            VStack(alignment: .leading, spacing: 8) {
                headerView
                if entry.tasks.isEmpty {
                    Text("No tasks")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                } else {
                    ForEach(entry.tasks.prefix(tasksLimit)) { task in
                        row(task)
                    }
                }
                Spacer(minLength: 0)
            }
            // The seeds' padding inside WidgetKit's content margins where there is room for it
            // (a small or medium widget has room for the margins only).
            .padding(.all, isCompact ? 0 : nil)
            .containerBackground(Color.fill.tertiary, for: .widget)
        }
    }

    /// Whether rows are compact: one line each, as a small or medium widget fits them.
    private var isCompact: Bool { family == .systemSmall || family == .systemMedium }

    @ViewBuilder
    private func row(_ task: TaskItem) -> some View {
        if entry.isLoading {
            TaskLoadingRowView(task: task, isCompact: isCompact)
        } else {
            switch entry.rowStyle {
            case .button:
                TaskRowView(task: task, isCompact: isCompact, showsPriority: family != .systemSmall)
            case .toggle:
                TaskToggleRowView(task: task, isCompact: isCompact, showsPriority: family != .systemSmall)
            }
        }
    }

    /// The rows this view's family fits; a medium widget fits two rows of switches (iOS's
    /// switch is 31 points tall).
    private var tasksLimit: Int {
        family == .systemMedium && entry.rowStyle == .toggle && !entry.isLoading ? 2 : Self.rows(in: family)
    }

    /// The rows a family fits under its header: small 2, medium 3, large and extra large 4.
    static func rows(in family: WidgetFamily) -> Int {
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

    /// Seed 002's all-completed seal, seed 003's title, completed/total and remaining badge
    /// (orange while tasks remain, green when none do). A small widget leaves the completed/total
    /// out, so the header stays on one line. The badge's count is black, not the seed's white,
    /// which reads at 2.2:1 on orange (WCAG asks 4.5:1).
    private var headerView: some View {
        HStack {
            Image(systemName: entry.allCompleted ? "checkmark.seal.fill" : "checklist")
                .foregroundStyle(entry.allCompleted ? Color.green : Color.secondary)
                .contentTransition(.symbolEffect(.replace))
            Text("Tasks")
                .font(.headline)
                .fontWeight(.bold)
            Spacer()
            if family != .systemSmall {
                Text("\(entry.completedCount)/\(entry.tasks.count)")
                    .font(.caption.bold())
                    .foregroundStyle(.secondary)
                    .contentTransition(.numericText())
            }
            Text("\(entry.pendingCount)")
                .font(.caption.bold())
                .foregroundStyle(.black)
                .padding(.horizontal, 8)
                .padding(.vertical, 4)
                .background(entry.pendingCount > 0 ? Color.orange : Color.green)
                .clipShape(Capsule())
        }
    }
}
