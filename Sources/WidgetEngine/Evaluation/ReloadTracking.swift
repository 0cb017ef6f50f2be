import AppGroup
public import Foundation
import WidgetHostKit

/// Whether a reload was requested for each widget since it was last evaluated, and the record of
/// this evaluation, kept in each App Group's store.
public enum ReloadTracking {
    /// Marks each result whose kind had a reload requested since its widget was last evaluated,
    /// then records this evaluation, unless another process holds the write lock at that moment
    /// (a reader never waits for writers; see `AppGroupStore.recordEvaluationsUnlessBusy`).
    /// Returns the problems met (a store that cannot be written), for the command to report as
    /// warnings; the results are printed either way.
    public static func update(
        _ results: inout [WidgetResult], containers: ContainerSet, recording: Bool = false,
        at date: Date = Date()
    )
        -> [String]
    {
        var problems: [String] = []
        var byGroup: [String: [Int]] = [:]
        for (index, result) in results.enumerated() {
            byGroup[result.instance.appGroup, default: []].append(index)
        }
        for (appGroup, indices) in byGroup.sorted(by: { $0.key < $1.key }) {
            do {
                let container = try containers.container(forAppGroup: appGroup)
                let store: AppGroupStore
                if recording {
                    store = try container.appGroupStore()
                } else {
                    // `run` reads: a store that does not exist yet has no requests, and is not made.
                    guard let existing = try existingStore(at: container.url) else { continue }
                    store = existing
                }
                for index in indices {
                    let instance = results[index].instance
                    results[index].reloadRequested = try store.isReloadRequested(
                        forWidget: instance.id,
                        kind: instance.kind
                    )
                }
                guard recording else { continue }
                let evaluated = indices.filter {
                    if case .success = results[$0].outcome { return true }
                    return false
                }
                // A reader never waits for writers: under a burst of intents the record is skipped.
                try store.recordEvaluationsUnlessBusy(
                    evaluated.map { (results[$0].instance.id, results[$0].instance.kind) }, at: date)
            } catch let error as AppGroupError {
                problems.append(error.message)
            } catch let error as WidgetFailure {
                problems.append(error.message)
            } catch {
                problems.append("\(error)")
            }
        }
        return problems
    }

    /// The store in `directory` opened for reading, or `nil` when there is none yet.
    private static func existingStore(at directory: URL) throws(AppGroupError) -> AppGroupStore? {
        do {
            return try AppGroupStore(directory: directory, readOnly: true)
        } catch  where error.code == .storeNotFound {
            return nil
        }
    }
}
