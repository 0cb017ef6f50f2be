import TaskStore
@_spi(WidgetHost) public import WidgetHostKit

/// The `category` choices of a TaskWidget: `all`, then each category of the stored tasks in store
/// order, so `describe`, `validate` and the schema offer the categories the app actually has.
public struct TaskCategoryOptionsProvider: DynamicOptionsProvider {
    /// Creates the provider.
    public init() {}

    /// `all` and the stored tasks' categories, each once.
    /// - Throws: ``IntentEnvironment/Missing`` outside a host; ``AppGroupError`` when the store
    ///   cannot be read.
    public func results() async throws -> [String] {
        let store = try IntentEnvironment.appGroupStore(for: "TaskWidgetConfigurationIntent")
        var categories = [TaskWidgetConfigurationIntent.allCategories]
        for task in try store.allTasks() {
            if let category = task.category, !categories.contains(category) { categories.append(category) }
        }
        return categories
    }
}
