import Synchronization

/// The stores one run of widgets found busy when opening them, so that a store another process
/// holds locked is waited for once per run, not once per widget: the widgets after the first are
/// refused at once with the first one's failure (before, 10 widgets waited the 5 s timeout 10 times).
///
/// The host sets ``current`` around a run's evaluations; the providers' tasks inherit it. Outside
/// one (an intent, a command of its own), every open waits as it always did.
public final class BusyStores: Sendable {
    /// The run's record, when a run is evaluating widgets.
    @TaskLocal public static var current: BusyStores?

    private let refusals = Mutex<[String: AppGroupError]>([:])

    /// An empty record.
    public init() {}

    /// Opens the store of `directory` with `open`, unless this run found it busy already: then
    /// throws that failure again without waiting. A `store.busy` failure is remembered.
    public static func open<Store>(
        directory path: String, _ open: () throws -> Store
    ) throws -> Store {
        guard let current else { return try open() }
        if let refused = current.refusals.withLock({ $0[path] }) { throw refused }
        do {
            return try open()
        } catch let error as AppGroupError where error.code == .storeBusy {
            current.refusals.withLock { $0[path] = error }
            throw error
        }
    }
}
