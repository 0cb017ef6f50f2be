import TaskStore
public import WidgetHostKit

/// The priority `AddTaskIntent` gives a new task, as the seed's `TaskPriority` app enum.
public enum TaskPriorityOption: String, AppEnum {
    /// Can wait.
    case low
    /// The default.
    case medium
    /// Urgent.
    case high

    /// "Priority".
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"

    /// The English names of the cases.
    public static let caseDisplayRepresentations: [TaskPriorityOption: DisplayRepresentation] = [
        .low: "Low",
        .medium: "Medium",
        .high: "High",
    ]

    /// The stored priority.
    var taskPriority: TaskPriority {
        switch self {
        case .low: return .low
        case .medium: return .medium
        case .high: return .high
        }
    }
}
