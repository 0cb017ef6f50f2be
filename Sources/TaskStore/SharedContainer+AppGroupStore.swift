package import AppGroup
package import WidgetHostKit

extension SharedContainer {
    /// The container's shared store as TaskWidget and FocusWidget open it: on first use, then kept
    /// for the rest of the run, so a provider and the intents of one run share one connection. It
    /// waits for another process's write lock as long as the ``StoreLockTimeout`` the host attached
    /// says (the default without).
    ///
    /// A store the process may only read is opened read-only (``AppGroupStore/openShared(directory:lockTimeout:)``).
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be opened; the next call tries again.
    package func appGroupStore() throws -> AppGroupStore {
        // Read before, not inside, the store's `make`: attachments are made under one lock.
        let timeout = try attachment(StoreLockTimeout.self) { StoreLockTimeout.default }
        return try attachment(AppGroupStore.self) {
            try AppGroupStore.openShared(directory: url, lockTimeout: timeout.duration)
        }
    }
}
