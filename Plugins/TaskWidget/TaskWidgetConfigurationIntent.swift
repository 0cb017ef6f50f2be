public import WidgetHostKit

/// What a person configures on a TaskWidget (YAML `configuration:`), as the seeds'
/// `TaskWidgetConfigurationIntent` and `ConfigurationAppIntent`.
public struct TaskWidgetConfigurationIntent: WidgetConfigurationIntent {
    /// "Task Widget Configuration".
    public static let title = "Task Widget Configuration"
    /// What the configuration changes.
    public static let description = IntentDescription("Choose which tasks the widget shows.")

    /// The only priority shown, or every priority.
    @Parameter(title: "Priority", default: .all)
    public var priorityFilter: PriorityFilter

    /// Whether completed tasks are shown.
    @Parameter(title: "Show Completed", default: true)
    public var showCompleted: Bool

    /// The most tasks the entry carries (the view shows at most as many rows as its family fits).
    @Parameter(title: "Number of Tasks", default: 3, minimum: 1)
    public var maxTasks: Int

    /// The only category shown, compared exactly; `all` shows every category. Its choices are the
    /// store's categories.
    @Parameter(
        title: "Category", default: TaskWidgetConfigurationIntent.allCategories,
        optionsProvider: TaskCategoryOptionsProvider())
    public var category: String

    /// The `category` value that shows every category.
    public static let allCategories = "all"

    /// A configuration with the defaults: every priority, completed tasks shown, 3 tasks, every
    /// category.
    public init() {}
}
