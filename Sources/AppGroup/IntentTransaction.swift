import Synchronization

/// One transaction for everything an app intent changes in the shared store and the reload
/// requests it makes, so the write lock is taken once per intent and held only for its statements.
///
/// The host runs an intent's `perform()` with a transaction as ``current``. While one is current:
/// the store's first write begins the transaction (`BEGIN IMMEDIATE`) and leaves it open, each
/// further write being a savepoint in it; reload requests are only noted. The host then ends it:
/// ``commit(opening:)`` writes the reload requests into the same transaction and commits, or
/// ``rollBack()`` undoes everything when the intent failed, so a failed intent changes nothing.
///
/// ```swift
/// let transaction = IntentTransaction()
/// let result = try await IntentTransaction.$current.withValue(transaction) { try await intent.perform() }
/// try transaction.commit { () throws(AppGroupError) in try AppGroupStore(directory: directory) }
/// ```
public final class IntentTransaction: Sendable {
    /// The transaction of the intent running now, if any.
    @TaskLocal public static var current: IntentTransaction?

    private struct State {
        /// The store whose connection holds the open transaction, once the intent wrote.
        var store: AppGroupStore?
        /// The kinds asked to reload, in order, without repeats (`*` for every kind).
        var reloads: [String] = []
        /// Whether the transaction ended.
        var isFinished = false
    }

    private let state = Mutex(State())

    /// A transaction with nothing in it yet.
    public init() {}

    /// The kinds asked to reload so far, in order, without repeats (`*` for every kind).
    public var requestedKinds: [String] { state.withLock { $0.reloads } }

    /// Notes a request to reload the timelines of `kind`, or of every kind for `nil`; it is written
    /// when the transaction commits.
    public func requestReload(ofKind kind: String?) {
        let name = kind ?? AppGroupStore.allKinds
        state.withLock { state in
            if !state.reloads.contains(name) { state.reloads.append(name) }
        }
    }

    /// Whether `store`'s writes belong in this transaction: the first store to write joins it; a
    /// second store (another container) writes on its own.
    func join(_ store: AppGroupStore) -> Bool {
        state.withLock { state in
            guard !state.isFinished else { return false }
            if let joined = state.store { return joined === store }
            state.store = store
            return true
        }
    }

    /// Writes the reload requests into the transaction and commits it, then tells watchers (the
    /// stamp file, written after the lock is released).
    ///
    /// - Parameter open: Opens the store to write the reload requests into when the intent wrote
    ///   nothing (it is not called when there is nothing to write).
    /// - Throws: ``AppGroupError`` when the store cannot be opened or the commit fails; the
    ///   transaction is then rolled back: nothing the intent did is kept.
    public func commit(opening open: () throws(AppGroupError) -> AppGroupStore) throws(AppGroupError) {
        let (joined, reloads) = state.withLock { state in
            state.isFinished = true
            return (state.store, state.reloads)
        }
        guard joined != nil || !reloads.isEmpty else { return }
        let store: AppGroupStore
        if let joined {
            store = joined
        } else {
            store = try open()
        }
        let generation = try store.commitIntentTransaction(reloads: reloads)
        if let generation { store.writeStamp(generation) }
    }

    /// Undoes whatever the intent wrote; nothing is kept, reload requests included.
    public func rollBack() {
        let joined = state.withLock { state in
            state.isFinished = true
            return state.store
        }
        joined?.rollBackIntentTransaction()
    }
}
