import AppGroup
import TaskStore
import WidgetHostKit

extension IntentEnvironment {
    /// The shared store of the container the running intent changes.
    ///
    /// - Parameter intent: The intent asking, named in the error.
    /// - Throws: ``IntentEnvironment/Missing`` outside a host (no `IntentEnvironment.current`);
    ///   ``AppGroupError`` when the store cannot be opened.
    static func appGroupStore(for intent: String) throws -> AppGroupStore {
        try current(for: intent).container.appGroupStore()
    }
}
