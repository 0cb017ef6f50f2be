// A widget configured through a SiriKit intent, as iOS 14 to 16 write one: the intent class
// (`TaskListIntent`), its enumeration (`TaskType`) and its custom type (`WidgetTag`) are generated
// from TaskList.intentdefinition at build time, as Xcode generates them; its colours are its asset
// catalog's (`Color.widgetText`, a symbol generated from Assets.xcassets, and `Color("...")`).
import Intents
import SwiftUI
import WidgetKit

struct TaskListEntry: TimelineEntry {
    let date: Date
    let title: String
    let tag: String
    let kind: String
    let tasks: [String]
    let accounts: [String]
    let showsCompleted: Bool
}

struct TaskListProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> TaskListEntry {
        TaskListEntry(
            date: Date(), title: "Tasks", tag: "", kind: "All", tasks: ["…"], accounts: [],
            showsCompleted: false)
    }

    func getSnapshot(
        for configuration: TaskListIntent, in context: Context, completion: @escaping (TaskListEntry) -> Void
    ) {
        completion(entry(for: configuration, at: Date()))
    }

    func getTimeline(
        for configuration: TaskListIntent, in context: Context,
        completion: @escaping (Timeline<TaskListEntry>) -> Void
    ) {
        let now = Date()
        completion(
            Timeline(
                entries: [entry(for: configuration, at: now)], policy: .after(now.addingTimeInterval(900))))
    }

    private func entry(for configuration: TaskListIntent, at date: Date) -> TaskListEntry {
        let kind: String
        switch configuration.taskType {
        case .habit: kind = "Habits"
        case .daily: kind = "Dailies"
        case .todo: kind = "To-dos"
        case .unknown: kind = "All"
        }
        let limit = configuration.maxTasks?.intValue ?? 3
        let tasks = ["Water the plants", "Call the bank", "Read a chapter", "Stretch"].prefix(limit)
        return TaskListEntry(
            date: date,
            title: configuration.title ?? "Tasks",
            tag: configuration.tag?.displayString ?? "every tag",
            kind: kind,
            tasks: Array(tasks),
            accounts: configuration.accounts ?? [],
            showsCompleted: configuration.showCompleted?.boolValue ?? false)
    }
}

struct TaskListView: View {
    var entry: TaskListProvider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("\(entry.title) · \(entry.kind)")
                .font(.headline)
                .foregroundStyle(Color.widgetText)
            Text(entry.tag)
                .font(.caption)
                .foregroundColor(.accentColor)
            ForEach(entry.tasks, id: \.self) { task in
                Text(task)
            }
        }
        .containerBackground(Color("WidgetBackground"), for: .widget)
    }
}

@main
struct TaskListWidget: Widget {
    let kind: String = "TaskList"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: TaskListIntent.self, provider: TaskListProvider()) { entry in
            TaskListView(entry: entry)
        }
        .configurationDisplayName("Tasks")
        .description("The tasks of one tag.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
