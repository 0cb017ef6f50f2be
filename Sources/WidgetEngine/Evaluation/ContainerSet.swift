public import AppGroup
import Foundation
import Synchronization
public import WidgetHostKit

/// The shared containers of one run, one per App Group, made on first use: every widget of an App
/// Group shares one container (and so one open store).
public final class ContainerSet: Sendable {
    private let storeOption: String?
    private let environment: [String: String]
    private let lockTimeout: StoreLockTimeout
    private let containers = Mutex<[String: SharedContainer]>([:])

    /// Creates the set.
    /// - Parameters:
    ///   - storeOption: `--store DIR`, which puts every App Group in DIR.
    ///   - environment: the environment (`WIDGETHOST_STORE`, `XDG_DATA_HOME`, `HOME`).
    ///   - lockTimeout: how long every store of the set waits for another process's write lock.
    public init(
        storeOption: String?, environment: [String: String], lockTimeout: StoreLockTimeout = .default
    ) {
        self.storeOption = storeOption
        self.environment = environment
        self.lockTimeout = lockTimeout
    }

    /// The container of `appGroup`.
    /// - Throws: a ``WidgetFailure`` when no directory can be found for it.
    public func container(forAppGroup appGroup: String) throws(WidgetFailure) -> SharedContainer {
        let result: Result<SharedContainer, WidgetFailure> = containers.withLock { containers in
            if let existing = containers[appGroup] { return .success(existing) }
            do throws(AppGroupError) {
                let resolved = try AppGroupContainer.resolve(
                    appGroup: appGroup,
                    storeOption: storeOption,
                    environment: environment
                )
                let container = SharedContainer(
                    url: resolved.directory,
                    reloads: StoreReloadRecorder(directory: resolved.directory, lockTimeout: lockTimeout),
                    appGroup: appGroup
                )
                // Whoever opens the container's store (a built-in widget) finds the timeout here.
                _ = try? container.attachment(StoreLockTimeout.self) { lockTimeout }
                containers[appGroup] = container
                return .success(container)
            } catch {
                return .failure(WidgetFailure(code: error.code, message: "\(error)"))
            }
        }
        return try result.get()
    }

    /// Forgets the container of `appGroup`, and with it the store connections it keeps: the next
    /// ``container(forAppGroup:)`` opens the store at its path afresh. The live host calls it when
    /// the store's folder or database file was deleted or replaced (restored from a backup), so
    /// that it never reads the deleted file through a connection still open on it.
    ///
    /// The connections close once the last evaluation using them ends (SQLite closes a connection
    /// when its store is released).
    public func discard(appGroup: String) {
        // Returned, so released outside the lock: closing a connection may checkpoint its log.
        _ = containers.withLock { $0.removeValue(forKey: appGroup) }
    }
}
