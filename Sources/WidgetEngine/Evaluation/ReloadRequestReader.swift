import AppGroup
import Foundation
import Synchronization
import WidgetHostKit

/// Marks the results of a `run` as they are done, with whether a reload was requested for their
/// widget since it was last evaluated (see ``ReloadTracking``): each App Group's store is opened
/// for reading once, on its first result, and its requests read once (the latest of each kind);
/// a widget's own record is read only when a live host ever recorded one. Nothing is recorded.
/// The widgets' tasks mark their own results, reading over the store's read connections.
public final class ReloadRequestReader: Sendable {
    private let containers: ContainerSet
    /// Each App Group's store, `nil` for one that does not exist yet (no requests) or failed; and
    /// why reload requests could not be checked, per App Group that failed, in the order met.
    private let state = Mutex<(stores: [String: Store?], problems: [String])>(([:], []))

    /// An App Group's store and what it says of reload requests.
    private struct Store: Sendable {
        var store: AppGroupStore
        /// The latest request generation of each kind (`*`: every kind).
        var latest: [String: Int]
        /// Whether a live host ever recorded an evaluation.
        var hasEvaluations: Bool
    }

    /// A reader of the stores of `containers`.
    public init(containers: ContainerSet) {
        self.containers = containers
    }

    /// Why reload requests could not be checked, per App Group that failed.
    public var problems: [String] { state.withLock { $0.problems } }

    /// Sets `result.reloadRequested` from its App Group's store.
    public func mark(_ result: inout WidgetResult) {
        let appGroup = result.instance.appGroup
        let store: Store? = state.withLock { state in
            if let known = state.stores[appGroup] { return known }
            let (opened, problem) = open(appGroup)
            state.stores[appGroup] = .some(opened)
            if let problem { state.problems.append(problem) }
            return opened
        }
        guard let store else { return }
        let kind = result.instance.kind
        guard
            let requested = [store.latest[kind], store.latest[AppGroupStore.allKinds]].compactMap({ $0 })
                .max()
        else { return }
        guard store.hasEvaluations else {
            result.reloadRequested = true
            return
        }
        do {
            result.reloadRequested =
                requested > (try store.store.evaluatedGeneration(ofWidget: result.instance.id))
        } catch {
            state.withLock { state in
                // Once per App Group: its later widgets are not marked.
                if case .some(.some) = state.stores[appGroup] {
                    state.problems.append(error.message)
                    state.stores[appGroup] = .some(nil)
                }
            }
        }
    }

    /// The store of `appGroup` opened for reading and its requests, or `nil` when there is none
    /// yet or it failed (with the problem).
    private func open(_ appGroup: String) -> (Store?, String?) {
        do {
            let container = try containers.container(forAppGroup: appGroup)
            let store = try AppGroupStore(directory: container.url, readOnly: true)
            let summary = try store.reloadRequestSummary()
            return (Store(store: store, latest: summary.latest, hasEvaluations: summary.hasEvaluations), nil)
        } catch let error as AppGroupError {
            return (nil, error.code == .storeNotFound ? nil : error.message)
        } catch let error as WidgetFailure {
            return (nil, error.message)
        } catch {
            return (nil, "\(error)")
        }
    }
}
