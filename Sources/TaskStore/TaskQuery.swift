/// Which tasks a widget shows: the TaskWidget's filter, applied as the seed's `filteredTasks` does.
///
/// In order: keep the tasks of `priority` (all when `nil`); drop completed tasks unless
/// `includeCompleted`; keep the tasks of `category` (all when `nil`); then take the first `limit`
/// in store order.
public struct TaskQuery: Sendable, Hashable {
    /// The only priority shown, or `nil` for every priority.
    public var priority: TaskPriority?
    /// Whether completed tasks are shown.
    public var includeCompleted: Bool
    /// The only category shown, compared exactly, or `nil` for every category (and none).
    public var category: String?
    /// The most tasks returned; 0 or less returns none.
    public var limit: Int

    /// Creates a query; the defaults return every task.
    ///
    /// - Parameters:
    ///   - priority: The only priority shown, or `nil` for all.
    ///   - includeCompleted: Whether completed tasks are shown.
    ///   - category: The only category shown, or `nil` for all.
    ///   - limit: The most tasks returned.
    public init(
        priority: TaskPriority? = nil,
        includeCompleted: Bool = true,
        category: String? = nil,
        limit: Int = .max
    ) {
        self.priority = priority
        self.includeCompleted = includeCompleted
        self.category = category
        self.limit = limit
    }
}
