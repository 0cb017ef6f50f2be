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

    /// Whether completed tasks are shown; when not set, the App Group's shared default
    /// `showCompletedTasks` decides (the seed's `@AppStorage`, which its settings view and the
    /// app share), and without that, they are shown.
    @Parameter(title: "Show Completed")
    public var showCompleted: Bool?

    /// The most tasks the entry carries (the view shows at most as many rows as its family fits).
    @Parameter(title: "Number of Tasks", default: 3, minimum: 1)
    public var maxTasks: Int

    /// How each task is drawn: a button toggling it (the seeds' `TaskRowView`), or a switch
    /// setting its completion (their `TaskToggleRowView`, `SetTaskCompletionIntent`).
    @Parameter(title: "Row Style", default: .button)
    public var rowStyle: TaskRowStyle

    /// The only category shown, compared exactly; `all` shows every category. Its choices are the
    /// store's categories.
    @Parameter(
        title: "Category", default: TaskWidgetConfigurationIntent.allCategories,
        optionsProvider: TaskCategoryOptionsProvider())
    public var category: String

    /// The `category` value that shows every category.
    public static let allCategories = "all"

    /// A configuration with the defaults: every priority, completed tasks as the shared defaults
    /// say, 3 tasks, every category.
    public init() {}
}
