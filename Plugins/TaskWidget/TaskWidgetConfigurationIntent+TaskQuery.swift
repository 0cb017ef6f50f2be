import TaskStore

extension TaskWidgetConfigurationIntent {
    /// The store query doing the seed's `filteredTasks`, in its order: priority, then completed,
    /// then category, then the first `maxTasks` in store order; completed tasks are kept when
    /// `showCompleted` says so (the configuration's value, else the shared default's).
    func taskQuery(showCompleted: Bool) -> TaskQuery {
        TaskQuery(
            priority: priorityFilter.taskPriority,
            includeCompleted: showCompleted,
            category: category == Self.allCategories ? nil : category,
            limit: maxTasks
        )
    }
}
