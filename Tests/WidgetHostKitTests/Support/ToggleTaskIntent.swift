import WidgetHostKit

/// An intent with two parameters that does nothing, for the views' tests: what a task row's button
/// would run.
struct ToggleTaskIntent: AppIntent {
    static let title = "Toggle Task"
    @Parameter(title: "Task") var taskID: String
    @Parameter(title: "Done", default: false) var isDone: Bool

    init() {}

    init(taskID: String, isDone: Bool) {
        self.taskID = taskID
        self.isDone = isDone
    }

    func perform() async throws -> some IntentResult { .result() }
}
