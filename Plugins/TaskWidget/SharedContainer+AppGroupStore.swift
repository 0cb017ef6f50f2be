import AppGroup
import WidgetHostKit

extension SharedContainer {
    /// The container's shared store, opened on first use and kept for the rest of the run, so a
    /// provider and the intents of one run share one connection.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be opened; the next call tries again.
    func appGroupStore() throws -> AppGroupStore {
        try attachment(AppGroupStore.self) { try AppGroupStore(directory: url) }
    }
}
