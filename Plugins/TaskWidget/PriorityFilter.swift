import TaskStore
public import WidgetHostKit

/// Which priority the TaskWidget shows, as the seed's `PriorityFilter`: every priority or one.
public enum PriorityFilter: String, AppEnum {
    /// Every priority.
    case all
    /// High-priority tasks only.
    case high
    /// Medium-priority tasks only.
    case medium
    /// Low-priority tasks only.
    case low

    /// "Priority Filter": what the value is, so a bad one reads "'urgent' is not a priority filter".
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority Filter"

    /// The English names of the cases.
    public static let caseDisplayRepresentations: [PriorityFilter: DisplayRepresentation] = [
        .all: "All",
        .high: "High",
        .medium: "Medium",
        .low: "Low",
    ]

    /// The one priority kept, or `nil` for `all`.
    var taskPriority: TaskPriority? {
        switch self {
        case .all: return nil
        case .high: return .high
        case .medium: return .medium
        case .low: return .low
        }
    }
}
