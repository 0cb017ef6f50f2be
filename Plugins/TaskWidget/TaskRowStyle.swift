public import WidgetHostKit

/// How a TaskWidget draws each task: as the seeds' `TaskRowView` (a button running
/// `ToggleTaskIntent`) or as their `TaskToggleRowView` (a switch running `SetTaskCompletionIntent`
/// with the opposite completion).
public enum TaskRowStyle: String, AppEnum {
    /// A button toggling the task: its check mark, title, due date and priority badge.
    case button
    /// The title and due date beside a switch setting the task's completion.
    case toggle

    /// "Row Style": a bad value reads "'list' is not a row style".
    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Row Style"

    /// The English names of the cases.
    public static let caseDisplayRepresentations: [TaskRowStyle: DisplayRepresentation] = [
        .button: "Button",
        .toggle: "Toggle",
    ]
}
