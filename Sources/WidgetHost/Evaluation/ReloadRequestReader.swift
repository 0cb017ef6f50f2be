import AppGroup
import Foundation
import Synchronization
import WidgetHostKit

/// Marks the results of a `run` as they are done, with whether a reload was requested for their
/// widget since it was last evaluated (see ``ReloadTracking``): each App Group's store is opened
/// for reading once, on its first result, and nothing is recorded. The widgets' tasks mark their
/// own results, each reading over one of the store's read connections.
public final class ReloadRequestReader: Sendable {
    private let containers: ContainerSet
    /// Each App Group's store, `nil` for one that does not exist yet (no requests) or failed; and
    /// why reload requests could not be checked, per App Group that failed, in the order met.
    private let state = Mutex<(stores: [String: AppGroupStore?], problems: [String])>(([:], []))

    /// A reader of the stores of `containers`.
    public init(containers: ContainerSet) {
        self.containers = containers
    }

    /// Why reload requests could not be checked, per App Group that failed.
    public var problems: [String] { state.withLock { $0.problems } }

    /// Sets `result.reloadRequested` from its App Group's store.
    public func mark(_ result: inout WidgetResult) {
        let appGroup = result.instance.appGroup
        let store: AppGroupStore? = state.withLock { state in
            if let known = state.stores[appGroup] { return known }
            let (opened, problem) = open(appGroup)
            state.stores[appGroup] = .some(opened)
            if let problem { state.problems.append(problem) }
            return opened
        }
        guard let store else { return }
        do {
            result.reloadRequested = try store.isReloadRequested(
                forWidget: result.instance.id, kind: result.instance.kind)
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

    /// The store of `appGroup` opened for reading, or `nil` when there is none yet or it failed
    /// (with the problem).
    private func open(_ appGroup: String) -> (AppGroupStore?, String?) {
        do {
            let container = try containers.container(forAppGroup: appGroup)
            return (try AppGroupStore(directory: container.url, readOnly: true), nil)
        } catch let error as AppGroupError {
            return (nil, error.code == .storeNotFound ? nil : error.message)
        } catch let error as WidgetFailure {
            return (nil, error.message)
        } catch {
            return (nil, "\(error)")
        }
    }
}
