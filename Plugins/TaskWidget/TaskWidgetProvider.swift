import AppGroup
import Foundation
import TaskStore
import WidgetHostKit

/// Provides a TaskWidget's entries: the tasks the configuration selects, read from the shared store.
struct TaskWidgetProvider: AppIntentTimelineProvider {
    /// How long an entry stays current before the host asks again (the seed's 15 minutes).
    static let refreshInterval: TimeInterval = 15 * 60

    /// Sample tasks, not the store, drawn as loading rows: shown while the real content loads.
    func placeholder(in context: Context) -> TaskEntry {
        TaskEntry(date: context.date, tasks: TaskItem.samples(relativeTo: context.date), isLoading: true)
    }

    /// The real tasks for this configuration, as the seed's snapshot reads them.
    func snapshot(for configuration: TaskWidgetConfigurationIntent, in context: Context) async throws
        -> TaskEntry
    {
        TaskEntry(
            date: context.date, tasks: try filteredTasks(for: configuration, in: context),
            rowStyle: configuration.rowStyle)
    }

    /// One entry now, reloaded 15 minutes later (or when an intent asks).
    func timeline(
        for configuration: TaskWidgetConfigurationIntent,
        in context: Context
    ) async throws -> Timeline<TaskEntry> {
        let entry = TaskEntry(
            date: context.date, tasks: try filteredTasks(for: configuration, in: context),
            rowStyle: configuration.rowStyle)
        return Timeline(
            entries: [entry], policy: .after(context.date.addingTimeInterval(Self.refreshInterval)))
    }

    /// The seed's `filteredTasks`, done by the store: it reads only the rows shown.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be opened or read.
    private func filteredTasks(
        for configuration: TaskWidgetConfigurationIntent,
        in context: Context
    ) throws -> [TaskItem] {
        let store = try context.container.appGroupStore()
        let showCompleted = try configuration.showCompleted ?? showCompletedTasks(in: store)
        return try store.tasks(matching: configuration.taskQuery(showCompleted: showCompleted)).map(
            TaskItem.init)
    }

    /// The seed's shared setting, which its QuickSettings view reads as
    /// `@AppStorage("showCompletedTasks", store: UserDefaults(suiteName: ...))`: shown unless the
    /// app set it to `false`.
    @AppStorage(SharedDefaultKey.showCompletedTasks) private var showCompletedByDefault = true

    /// ``showCompletedByDefault`` as `store`'s defaults hold it.
    ///
    /// - Throws: ``AppStorageError`` when the stored text is not `true` or `false`, or
    ///   ``AppGroupError`` when the store cannot be read.
    private func showCompletedTasks(in store: AppGroupStore) throws -> Bool {
        try SharedDefaultsScope.$current.withValue(store) { try $showCompletedByDefault.read() }
    }
}
