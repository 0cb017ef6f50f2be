import AppGroup
import Foundation
import WidgetHostKit

/// Marks the results of a `run` one at a time, as they are written, with whether a reload was
/// requested for their widget since it was last evaluated (see ``ReloadTracking``): each App
/// Group's store is opened for reading once, on its first result, and nothing is recorded.
///
/// Used by one task at a time (the run's writer), so it needs no lock.
public final class ReloadRequestReader {
    private let containers: ContainerSet
    /// Each App Group's store, `nil` for one that does not exist yet (no requests) or failed.
    private var stores: [String: AppGroupStore?] = [:]
    /// Why reload requests could not be checked, per App Group that failed, in the order met.
    public private(set) var problems: [String] = []

    /// A reader of the stores of `containers`.
    public init(containers: ContainerSet) {
        self.containers = containers
    }

    /// Sets `result.reloadRequested` from its App Group's store.
    public func mark(_ result: inout WidgetResult) {
        let appGroup = result.instance.appGroup
        let store: AppGroupStore?
        if let known = stores[appGroup] {
            store = known
        } else {
            store = open(appGroup)
            stores[appGroup] = .some(store)
        }
        guard let store else { return }
        do {
            result.reloadRequested = try store.isReloadRequested(
                forWidget: result.instance.id, kind: result.instance.kind)
        } catch {
            problems.append(error.message)
            stores[appGroup] = .some(nil)
        }
    }

    /// The store of `appGroup` opened for reading, or `nil` when there is none yet or it failed
    /// (the problem noted).
    private func open(_ appGroup: String) -> AppGroupStore? {
        do {
            let container = try containers.container(forAppGroup: appGroup)
            return try AppGroupStore(directory: container.url, readOnly: true)
        } catch let error as AppGroupError {
            if error.code != .storeNotFound { problems.append(error.message) }
        } catch let error as WidgetFailure {
            problems.append(error.message)
        } catch {
            problems.append("\(error)")
        }
        return nil
    }
}
