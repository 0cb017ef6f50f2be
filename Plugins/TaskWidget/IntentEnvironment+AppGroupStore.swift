import AppGroup
import TaskStore
@_spi(WidgetHost) import WidgetHostKit

extension IntentEnvironment {
    /// The shared store of the container the running intent changes.
    ///
    /// - Parameter intent: The intent asking, named in the error.
    /// - Throws: ``IntentEnvironment/Missing`` outside a host (no `IntentEnvironment.current`);
    ///   ``AppGroupError`` when the store cannot be opened.
    static func appGroupStore(for intent: String) throws -> AppGroupStore {
        try current(for: intent).container.appGroupStore()
    }

    /// The shared store of the container the running intent changes, refused when its tasks cannot
    /// all be read (``SharedContainer/appGroupStoreToChange()``).
    ///
    /// - Parameter intent: The intent asking, named in the error.
    /// - Throws: As ``appGroupStore(for:)``, and ``AppGroupError`` `store.corrupt` for damaged tasks.
    static func appGroupStoreToChange(for intent: String) throws -> AppGroupStore {
        try current(for: intent).container.appGroupStoreToChange()
    }
}
