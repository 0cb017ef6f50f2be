public import Foundation
public import WidgetEngine
public import WidgetHostKit

/// When a hosted widget next needs something, from its evaluation alone: a pure calculation with
/// the clock passed in, so tests drive days of timeline in microseconds.
///
/// The displayed entry advances at each later entry's date; the timeline is reloaded at its
/// policy's date (`after(d)`: d; `atEnd`: the last entry's date; `never`: only on request). A
/// reload is never due sooner than ``minimumReloadInterval`` after the last one, so a provider
/// asking to be reloaded in the past cannot spin the host.
public enum LiveSchedule {
    /// The shortest time between two reloads of one widget's timeline by its policy.
    public static let minimumReloadInterval: TimeInterval = 1

    /// What is due for a widget.
    public enum Due: Sendable, Equatable {
        /// Nothing.
        case nothing
        /// The entry dated at or before now that is not the one displayed.
        case entry(RenderedEntry)
        /// The timeline's reload.
        case reload
    }

    /// The date of the first entry after the one displayed, if any.
    public static func nextEntryDate(of evaluation: WidgetEvaluation) -> Date? {
        evaluation.timeline.entries.first { $0.date > evaluation.current.date }?.date
    }

    /// When the policy reloads the timeline evaluated at `evaluatedAt`, if it does.
    public static func reloadDate(of evaluation: WidgetEvaluation, evaluatedAt: Date) -> Date? {
        guard let reload = evaluation.nextReload else { return nil }
        return max(reload, evaluatedAt.addingTimeInterval(minimumReloadInterval))
    }

    /// The next date anything is due for the widget, if anything ever is.
    public static func nextDate(of evaluation: WidgetEvaluation, evaluatedAt: Date) -> Date? {
        [nextEntryDate(of: evaluation), reloadDate(of: evaluation, evaluatedAt: evaluatedAt)]
            .compactMap { $0 }.min()
    }

    /// What is due at `now`: a reload wins over an entry (the new timeline has its own entries).
    public static func due(_ evaluation: WidgetEvaluation, evaluatedAt: Date, at now: Date) -> Due {
        if let reload = reloadDate(of: evaluation, evaluatedAt: evaluatedAt), reload <= now { return .reload }
        let entries = evaluation.timeline.entries
        guard let latest = entries.last(where: { $0.date <= now }), latest.date > evaluation.current.date
        else {
            return .nothing
        }
        return .entry(latest)
    }
}
