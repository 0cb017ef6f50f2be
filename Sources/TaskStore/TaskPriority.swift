/// How urgent a task is, as the seed's `Task.Priority`: stored and written as `low`, `medium`,
/// `high`.
public enum TaskPriority: String, Sendable, Hashable, Codable, CaseIterable {
    /// Can wait.
    case low
    /// The default.
    case medium
    /// Counted apart by the TaskWidget (`highPriorityCount`).
    case high
}
