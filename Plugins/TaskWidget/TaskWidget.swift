public import WidgetHostKit

/// The seeds' task widget: the tasks a person chose (by priority, completion and category), each
/// a button that toggles it, and a count of those left.
public struct TaskWidget: Widget {
    /// `TaskWidget`, the seeds' kind string: what configs name and intents reload.
    public static let kind = "TaskWidget"

    /// The families, the default first: medium fits the default three tasks.
    public static let supportedFamilies: [WidgetFamily] = [
        .systemMedium, .systemSmall, .systemLarge, .systemExtraLarge,
        .accessoryCircular, .accessoryRectangular, .accessoryInline,
    ]

    /// Creates the widget.
    public init() {}

    /// A configurable widget over ``TaskWidgetConfigurationIntent``.
    public var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: Self.kind,
            intent: TaskWidgetConfigurationIntent.self,
            provider: TaskWidgetProvider()
        ) { entry in
            TaskWidgetView(entry: entry)
        }
        .configurationDisplayName("Tasks")
        .description(
            "Manage your tasks from the home screen: filter them, and tap one to complete it. Without "
                + "showCompleted, the shared default showCompletedTasks decides whether completed tasks show."
        )
        .supportedFamilies(Self.supportedFamilies)
        // A family shows only the rows it fits: more tasks than that are asked for in vain.
        .parameterLimit(
            "maxTasks",
            Dictionary(
                uniqueKeysWithValues: [
                    WidgetFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge,
                ]
                .map { ($0, TaskWidgetView.rows(in: $0)) }))
    }
}
