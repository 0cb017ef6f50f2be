package import AppGroup
import Foundation
package import WidgetHostKit

extension SharedContainer {
    /// The container's shared store as TaskWidget and FocusWidget open it: on first use, then kept
    /// for the rest of the run, so a provider and the intents of one run share one connection. It
    /// waits for another process's write lock as long as the ``StoreLockTimeout`` the host attached
    /// says (the default without).
    ///
    /// A store the process may only read is opened read-only (``AppGroupStore/openShared(directory:lockTimeout:)``).
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be opened; the next call tries again,
    ///   but in a run of widgets a busy store is waited for once (``BusyStores``).
    package func appGroupStore() throws -> AppGroupStore {
        // Read before, not inside, the store's `make`: attachments are made under one lock.
        let timeout = try attachment(StoreLockTimeout.self) { StoreLockTimeout.default }
        return try attachment(AppGroupStore.self) {
            // Inside `make`, which holds the container's lock: a widget waiting for it while the
            // first waits for the store finds that one's failure, and waits no more.
            try BusyStores.open(directory: url.path) {
                try AppGroupStore.openShared(directory: url, lockTimeout: timeout.duration)
            }
        }
    }

    /// The container's shared store for an intent about to change it: ``appGroupStore()``, refused
    /// when its tasks cannot all be read, as `store export` and `run` refuse such a store (with the
    /// same `store.corrupt` error), so no intent writes into a store whose tasks are damaged, even
    /// one that writes no task (the focus mode).
    ///
    /// The tasks are read before the intent's first write, outside the write lock.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be opened, or its tasks cannot be read.
    /// - Complexity: O(n) for n stored tasks.
    package func appGroupStoreToChange() throws -> AppGroupStore {
        let store = try appGroupStore()
        try store.checkTasksAreReadable()
        return store
    }
}
