public import Foundation
@_spi(WidgetHost) public import WidgetHostKit
import WidgetHostPlugin

/// What an intent's `perform()` did, as a test reads it.
public struct IntentOutcome: Sendable, Hashable {
    /// The value it returned (`.result(value:)`), as JSON; `nil` for none.
    public let value: JSONValue?
    /// The dialog it returned (`.result(dialog:)`), if any.
    public let dialog: String?
    /// The kinds whose timelines it asked to reload (`WidgetCenter.shared.reloadTimelines(ofKind:)`),
    /// in order.
    public let reloadedKinds: [String]
    /// Whether it asked every widget to reload (`WidgetCenter.shared.reloadAllTimelines()`).
    public let reloadsAllKinds: Bool
}

extension WidgetTestHost {
    /// Runs `intent` (a button's or a toggle's, with its parameters set) as widgethost runs it
    /// when a control is tapped: against this host's App Group, at `date`, so what it writes (the
    /// shared defaults, `@AppStorage`, the store, files in the container) is what the next
    /// `timeline(of:family:configuration:at:mode:)` reads.
    ///
    /// - Parameter date: what the intent's environment gives as now (`Date()` in its code is the
    ///   real clock).
    /// - Throws: ``WidgetTestingError/providerFailed(_:)`` with what `perform()` threw.
    public func perform(_ intent: some AppIntent, at date: Date = Date()) async throws(WidgetTestingError)
        -> IntentOutcome
    {
        let recorder = RecordingReloadRecorder()
        let container = SharedContainer(url: containerURL, reloads: recorder, appGroup: appGroup)
        let result: any IntentResult
        do {
            result = try await AppGroupTurns.shared.taking(appGroup) {
                try await RequestHandler.withAppGroupDefaults(of: container) {
                    try await IntentEnvironment.$current.withValue(
                        IntentEnvironment(container: container, date: date, intent: intent)
                    ) { () async throws -> any IntentResult in
                        try await intent.perform()
                    }
                }
            }
        } catch {
            throw .providerFailed("\(type(of: intent as Any)).perform() failed: \(error)")
        }
        let kinds = recorder.kinds
        return IntentOutcome(
            value: result.value, dialog: result.dialog?.text, reloadedKinds: kinds.compactMap { $0 },
            reloadsAllKinds: kinds.contains(nil))
    }
}
