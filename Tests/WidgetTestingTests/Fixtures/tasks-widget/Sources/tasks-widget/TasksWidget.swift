// Sources/tasks-widget/TasksWidget.swift
import AppIntents
import SwiftUI
import WidgetKit

struct TasksEntry: TimelineEntry {
    let date: Date
    let title: String
    let open: Int
}

struct TasksConfiguration: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Tasks" }

    @Parameter(title: "Title", default: "Tasks")
    var title: String
}

struct TasksProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TasksEntry {
        TasksEntry(date: context.date, title: "Tasks", open: 0)
    }

    func snapshot(for configuration: TasksConfiguration, in context: Context) async -> TasksEntry {
        TasksEntry(date: context.date, title: configuration.title, open: 3)
    }

    func timeline(for configuration: TasksConfiguration, in context: Context) async -> Timeline<TasksEntry> {
        let open = UserDefaults(suiteName: "group.com.example.tasks")?.integer(forKey: "open") ?? 0
        let entry = TasksEntry(date: context.date, title: configuration.title, open: open)
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(3600)))
    }
}

struct AddTaskIntent: AppIntent {
    static var title: LocalizedStringResource { "Add a task" }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let defaults = UserDefaults(suiteName: "group.com.example.tasks")
        let open = (defaults?.integer(forKey: "open") ?? 0) + 1
        defaults?.set(open, forKey: "open")
        WidgetCenter.shared.reloadTimelines(ofKind: "TasksWidget")
        return .result(dialog: "\(open) open")
    }
}

struct TasksWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: "TasksWidget", intent: TasksConfiguration.self, provider: TasksProvider()
        ) { entry in
            VStack {
                Text(entry.title).font(.headline)
                Text("\(entry.open) open")
                Button("Add", intent: AddTaskIntent())
            }
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
