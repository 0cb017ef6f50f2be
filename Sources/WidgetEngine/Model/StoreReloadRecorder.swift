public import AppGroup
public import Foundation
import Synchronization
public import WidgetHostKit

/// Records `WidgetCenter` reload requests in the container's store, where other processes see
/// them, and remembers the kinds asked for so a command can report them.
public final class StoreReloadRecorder: ReloadRecorder {
    private let directory: URL
    private let lockTimeout: StoreLockTimeout
    private let state = Mutex<(store: AppGroupStore?, kinds: [String], failures: [String])>((nil, [], []))

    /// A recorder for the container at `directory`; the store opens on the first request.
    public init(directory: URL, lockTimeout: StoreLockTimeout = .default) {
        self.directory = directory
        self.lockTimeout = lockTimeout
    }

    /// Records the request; `nil` asks for every kind. Inside an app intent
    /// (``IntentTransaction/current``) it is noted in the intent's transaction, written when that
    /// commits, and no store is opened here.
    ///
    /// WidgetKit's `reloadTimelines(ofKind:)` cannot throw, so a failure is also kept in
    /// ``failures`` for the command to report.
    public func requestReload(ofKind kind: String?) throws {
        try state.withLock { state throws(AppGroupError) in
            do throws(AppGroupError) {
                try record(kind, in: &state)
            } catch {
                state.failures.append(error.message)
                throw error
            }
        }
    }

    private func record(
        _ kind: String?,
        in state: inout (store: AppGroupStore?, kinds: [String], failures: [String])
    ) throws(AppGroupError) {
        let name = kind ?? AppGroupStore.allKinds
        if let transaction = IntentTransaction.current {
            transaction.requestReload(ofKind: kind)
            if !state.kinds.contains(name) { state.kinds.append(name) }
            return
        }
        let store: AppGroupStore
        if let open = state.store {
            store = open
        } else {
            store = try AppGroupStore(directory: directory, lockTimeout: lockTimeout.duration)
            state.store = store
        }
        try store.requestReload(ofKind: kind)
        if !state.kinds.contains(name) { state.kinds.append(name) }
    }

    /// Why requests could not be recorded, if any failed.
    public var failures: [String] { state.withLock { $0.failures } }

    /// The kinds requested so far, in order, without repeats (`*` for every kind).
    public var requestedKinds: [String] { state.withLock { $0.kinds } }
}
