public import AppGroup
import Foundation
public import WidgetHostKit

extension SharedContainer {
    /// The container's shared store, the one connection the built-in widgets' providers and
    /// intents use too (the same attachment), opened on first use with the ``StoreLockTimeout``
    /// the ``ContainerSet`` attached.
    ///
    /// A store the process may not write (its directory or file read-only) is opened read-only, so
    /// its widgets still render; intents then fail on their first write.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be opened; the next call tries again,
    ///   but in a run of widgets a busy store is waited for once (``BusyStores``).
    public func appGroupStore() throws(AppGroupError) -> AppGroupStore {
        do {
            // Read before, not inside, the store's `make`: attachments are made under one lock.
            let timeout = try attachment(StoreLockTimeout.self) { StoreLockTimeout.default }
            let directory = url
            return try attachment(AppGroupStore.self) {
                // Inside `make`, which holds the container's lock: a widget waiting for it while the
                // first waits for the store finds that one's failure, and waits no more.
                try BusyStores.open(directory: directory.path) {
                    try AppGroupStore.openShared(directory: directory, lockTimeout: timeout.duration)
                }
            }
        } catch let error as AppGroupError {
            throw error
        } catch {
            throw AppGroupError(code: .storeFailed, message: "\(error)", path: url.path)
        }
    }
}
