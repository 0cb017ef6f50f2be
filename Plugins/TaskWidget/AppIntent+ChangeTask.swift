import AppGroup
import TaskStore
@_spi(WidgetHost) import WidgetHostKit

extension AppIntent {
    /// Changes the stored task `id` with `change`, given the store of the container the intent
    /// runs in (one store transaction), and asks TaskWidgets to reload: the body of the intents
    /// that complete, set or toggle a task.
    ///
    /// - Returns: The task's completion after the change.
    /// - Throws: ``TaskIntentError`` (`task.not-found`, with the store unchanged) when `change`
    ///   finds no task with the id, or ``AppGroupError``.
    func changeTask(id: String, _ change: (AppGroupStore) throws -> StoredTask?) throws -> Bool {
        let store = try IntentEnvironment.appGroupStoreToChange(for: Self.intentType)
        guard let task = try change(store) else { throw TaskIntentError.taskNotFound(id: id) }
        WidgetCenter.shared.reloadTimelines(ofKind: TaskWidget.kind)
        return task.isCompleted
    }
}
