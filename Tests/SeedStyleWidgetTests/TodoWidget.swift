// A widget and its intents written as the seed articles write them for iOS 17, for this test.
// Only the imports differ from an iOS project in Swift 6 mode: there, `import SwiftUI`,
// `import WidgetKit` and `import AppIntents`; here, `import WidgetHostKit`.
import Foundation
import Synchronization
import WidgetHostKit

// MARK: - Model

enum TodoPriority: String, AppEnum, Codable {
    case low, medium, high

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"
    static let caseDisplayRepresentations: [TodoPriority: DisplayRepresentation] = [
        .low: DisplayRepresentation(title: "Low"),
        .medium: DisplayRepresentation(title: "Medium"),
        .high: DisplayRepresentation(title: "High"),
    ]
}

struct TodoItem: Identifiable, Codable, Hashable, Sendable {
    var id: UUID
    var title: String
    var isCompleted: Bool
    var priority: TodoPriority
    var category: String
    var dueDate: Date?
}

/// The app's data, shared with the widget (on iOS, through the App Group's UserDefaults).
final class TodoDataManager: Sendable {
    static let shared = TodoDataManager()

    private let items = Mutex<[TodoItem]>([])

    func fetchTasks() -> [TodoItem] { items.withLock { $0 } }

    func saveTasks(_ tasks: [TodoItem]) { items.withLock { $0 = tasks } }

    func toggleTaskCompletion(taskID: UUID) -> Bool {
        items.withLock { items in
            guard let index = items.firstIndex(where: { $0.id == taskID }) else { return false }
            items[index].isCompleted.toggle()
            return true
        }
    }

    var categories: [String] {
        var seen: [String] = []
        for item in fetchTasks() where !seen.contains(item.category) { seen.append(item.category) }
        return seen
    }
}

// MARK: - Entities and options

struct CategoryEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Category"
    static let defaultQuery = CategoryQuery()

    let id: String

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id.capitalized)") }
}

struct CategoryQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [CategoryEntity] {
        TodoDataManager.shared.categories.filter { identifiers.contains($0) }.map { CategoryEntity(id: $0) }
    }

    func suggestedEntities() async throws -> [CategoryEntity] {
        TodoDataManager.shared.categories.map { CategoryEntity(id: $0) }
    }
}

struct TitleOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [String] {
        TodoDataManager.shared.fetchTasks().map(\.title)
    }
}

// MARK: - Intents

struct ToggleTodoWithFeedbackIntent: AppIntent {
    static let title: LocalizedStringResource = "Toggle Task with Feedback"
    static let description = IntentDescription("Marks a task as completed or not completed.")

    @Parameter(title: "Task ID")
    var taskID: String

    init() {}

    init(taskID: UUID) {
        self.taskID = taskID.uuidString
    }

    func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
        guard let uuid = UUID(uuidString: taskID) else {
            return .result(value: false)
        }
        let toggled = TodoDataManager.shared.toggleTaskCompletion(taskID: uuid)
        WidgetCenter.shared.reloadTimelines(ofKind: "TodoWidget")
        return .result(value: toggled)
    }
}

struct AddTodoIntent: AppIntent {
    static let title: LocalizedStringResource = "Add Task"

    @Parameter(title: "Task Name", requestValueDialog: "What is the task?")
    var taskName: String

    @Parameter(title: "Priority", default: .medium)
    var priority: TodoPriority

    @Parameter(title: "Category")
    var category: CategoryEntity

    static var parameterSummary: some ParameterSummary {
        Summary("Add \(\.$taskName) to \(\.$category)") {
            \.$priority
        }
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        var tasks = TodoDataManager.shared.fetchTasks()
        tasks.append(
            TodoItem(
                id: UUID(), title: taskName, isCompleted: false, priority: priority, category: category.id,
                dueDate: nil))
        TodoDataManager.shared.saveTasks(tasks)
        WidgetCenter.shared.reloadAllTimelines()
        return .result(dialog: "\(taskName) added")
    }
}

struct CountTodosIntent: AppIntent {
    static let title: LocalizedStringResource = "Count Tasks"

    @Parameter(title: "Title", optionsProvider: TitleOptionsProvider())
    var title: String

    func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
        let count = TodoDataManager.shared.fetchTasks().filter { $0.title == title }.count
        return .result(value: count, dialog: "\(count) tasks named \(title)")
    }
}

struct TodoConfigurationIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Task Configuration"
    static let description = IntentDescription("Choose which tasks the widget shows.")

    @Parameter(title: "Show Completed", default: true)
    var showCompleted: Bool

    @Parameter(title: "Category")
    var category: CategoryEntity?
}

// MARK: - Timeline

struct TodoEntry: TimelineEntry {
    let date: Date
    let tasks: [TodoItem]
    var isLoading = false

    var allCompleted: Bool { !tasks.isEmpty && tasks.allSatisfy(\.isCompleted) }
}

struct TodoProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TodoEntry {
        TodoEntry(date: context.date, tasks: [], isLoading: true)
    }

    func snapshot(for configuration: TodoConfigurationIntent, in context: Context) async -> TodoEntry {
        TodoEntry(date: context.date, tasks: tasks(for: configuration))
    }

    func timeline(for configuration: TodoConfigurationIntent, in context: Context) async -> Timeline<
        TodoEntry
    > {
        let entry = TodoEntry(date: context.date, tasks: tasks(for: configuration))
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(15 * 60)))
    }

    private func tasks(for configuration: TodoConfigurationIntent) -> [TodoItem] {
        TodoDataManager.shared.fetchTasks().filter { task in
            (configuration.showCompleted || !task.isCompleted)
                && (configuration.category.map { $0.id == task.category } ?? true)
        }
    }
}

// MARK: - Views

struct TodoWidgetView: View {
    let entry: TodoEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            headerView

            if entry.isLoading {
                ProgressView()
            } else if entry.tasks.isEmpty {
                Label("No tasks", systemImage: "tray")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            } else {
                ForEach(entry.tasks.prefix(tasksLimit)) { task in
                    TodoRowView(task: task, now: entry.date)
                }
            }

            Spacer(minLength: 0)
        }
        .padding()
    }

    private var tasksLimit: Int {
        switch family {
        case .systemSmall: return 2
        case .systemMedium: return 3
        default: return 4
        }
    }

    private var headerView: some View {
        HStack {
            Text("Tasks")
                .font(.headline)
                .fontWeight(.bold)

            Spacer()

            let completed = entry.tasks.filter(\.isCompleted).count
            Text("\(completed)/\(entry.tasks.count)")
                .font(.caption.bold())
                .foregroundStyle(.white)
                .padding(.horizontal, 8)
                .padding(.vertical, 4)
                .background(entry.allCompleted ? Color.green : Color.orange)
                .clipShape(Capsule())
                .contentTransition(.numericText())
        }
    }
}

struct TodoRowView: View {
    let task: TodoItem
    let now: Date

    var body: some View {
        Button(intent: ToggleTodoWithFeedbackIntent(taskID: task.id)) {
            HStack(spacing: 12) {
                Image(systemName: task.isCompleted ? "checkmark.circle.fill" : "circle")
                    .font(.title3)
                    .foregroundStyle(task.isCompleted ? .green : .secondary)
                    .contentTransition(.symbolEffect(.replace))

                VStack(alignment: .leading) {
                    Text(task.title)
                        .font(.subheadline)
                        .strikethrough(task.isCompleted)
                        .foregroundStyle(task.isCompleted ? .secondary : .primary)
                        .lineLimit(1)
                    if let dueDate = task.dueDate {
                        Text(dueDate, style: .relative)
                            .font(.caption2)
                    }
                }

                Spacer()

                priorityIndicator
            }
            .padding(.vertical, 6)
            .padding(.horizontal, 10)
            .background(
                RoundedRectangle(cornerRadius: 8)
                    .fill(task.isCompleted ? Color.green.opacity(0.1) : Color.clear)
            )
            .animation(.easeInOut(duration: 0.3), value: task.isCompleted)
        }
        .buttonStyle(.plain)
        .invalidatableContent()
    }

    @ViewBuilder
    private var priorityIndicator: some View {
        switch task.priority {
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

struct SetTodoCompletionIntent: AppIntent {
    static let title: LocalizedStringResource = "Set Task Completion"

    @Parameter(title: "Task ID")
    var taskID: String

    @Parameter(title: "Completed")
    var isCompleted: Bool

    init() {}

    init(taskID: UUID, isCompleted: Bool) {
        self.taskID = taskID.uuidString
        self.isCompleted = isCompleted
    }

    func perform() async throws -> some IntentResult {
        guard let uuid = UUID(uuidString: taskID) else { return .result() }
        var tasks = TodoDataManager.shared.fetchTasks()
        if let index = tasks.firstIndex(where: { $0.id == uuid }) {
            tasks[index].isCompleted = isCompleted
            TodoDataManager.shared.saveTasks(tasks)
        }
        WidgetCenter.shared.reloadTimelines(ofKind: "TodoWidget")
        return .result()
    }
}

struct TodoToggleRowView: View {
    let task: TodoItem

    var body: some View {
        HStack {
            Text(task.title)
                .font(.subheadline)
                .strikethrough(task.isCompleted)

            Spacer()

            Toggle(
                isOn: task.isCompleted,
                intent: SetTodoCompletionIntent(taskID: task.id, isCompleted: !task.isCompleted)
            )
            .toggleStyle(.switch)
            .labelsHidden()
        }
        .padding(.vertical, 4)
    }
}

struct TodoWidget: Widget {
    let kind: String = "TodoWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: TodoConfigurationIntent.self, provider: TodoProvider()) {
            entry in
            TodoWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "todoapp://tasks"))
        }
        .configurationDisplayName("Tasks")
        .description("Your tasks, one tap to complete.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
