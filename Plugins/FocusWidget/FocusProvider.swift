import AppGroup
import Diagnostics
import Foundation
import TaskStore
import WidgetHostKit

/// Provides a FocusWidget's entry: the focus mode stored in the shared container.
struct FocusProvider: TimelineProvider {
    /// Focus off, the usual state, without reading the store.
    func placeholder(in context: Context) -> FocusEntry {
        FocusEntry(date: context.date, isFocusModeOn: false)
    }

    /// The stored state.
    func getSnapshot(in context: Context, completion: @escaping @Sendable (FocusEntry) -> Void) {
        completion(currentEntry(in: context))
    }

    /// The stored state, until an intent changes it (`.never`: the toggle's intent asks for the
    /// reload).
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<FocusEntry>) -> Void) {
        completion(Timeline(entries: [currentEntry(in: context)], policy: .never))
    }

    private func currentEntry(in context: Context) -> FocusEntry {
        do {
            let isOn = try context.container.appGroupStore().isFocusModeOn()
            return FocusEntry(date: context.date, isFocusModeOn: isOn)
        } catch let error as AppGroupError {
            return FocusEntry(date: context.date, failure: error)
        } catch {
            return FocusEntry(
                date: context.date,
                failure: AppGroupError(code: .storeFailed, message: "cannot read the focus mode: \(error)")
            )
        }
    }
}
