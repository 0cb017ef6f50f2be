import TaskStore

extension TaskWidgetConfigurationIntent {
    /// The store query doing the seed's `filteredTasks`, in its order: priority, then completed,
    /// then category, then the first `maxTasks` in store order.
    var taskQuery: TaskQuery {
        TaskQuery(
            priority: priorityFilter.taskPriority,
            includeCompleted: showCompleted,
            category: category == Self.allCategories ? nil : category,
            limit: maxTasks
        )
    }
}
