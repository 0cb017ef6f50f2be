public import Foundation
public import WidgetEngine
public import WidgetHostKit

/// What happened at a virtual time of a simulation: one NDJSON line each
/// (``SimulationEvent/write(to:)``).
public enum SimulationEvent: Sendable, Equatable {
    /// Why a widget's timeline is reloaded.
    public enum Reason: Sendable, Equatable {
        /// The widget was added: its first timeline (not counted against the budget).
        case initial
        /// Its timeline's reload policy came due.
        case policy
        /// The app asked (`foreground`: while in the foreground, not counted).
        case request(foreground: Bool)
        /// A reload of `cause` that waited since `since` for the budget.
        case deferred(Cause, since: Date)

        /// What a deferred reload was for.
        public enum Cause: String, Sendable, Equatable {
            /// The policy's date.
            case policy
            /// A request.
            case request
        }

        /// The name written in `reason`.
        public var name: String {
            switch self {
            case .initial: "initial"
            case .policy: "policy"
            case .request: "request"
            case .deferred: "deferred"
            }
        }
    }

    /// What the simulation counted, written with its end.
    public struct Totals: Sendable, Equatable {
        /// Reloads that evaluated the widget (failed ones too).
        public var reloads = 0
        /// Entries shown.
        public var entries = 0
        /// Requests received.
        public var requests = 0
        /// Reloads that waited for the budget.
        public var deferrals = 0
        /// Evaluations that failed.
        public var failures = 0

        /// Nothing counted yet.
        public init() {}
    }

    /// The simulation starts at `from`, to run until `to`, with `budget` per widget.
    case start(from: Date, to: Date, budget: ReloadBudget, widgets: [SimulatedWidget])
    /// A request was received at `time`, reaching the widgets `widgets` (ids, in plan order).
    case request(time: Date, ReloadRequest, widgets: [String])
    /// The widget's timeline was reloaded at `time`: its policy, how many entries it has, when the
    /// policy reloads it next, and the reloads left in its budget.
    case reload(
        time: Date, widget: SimulatedWidget, reason: Reason, timeline: RenderedTimeline, nextReload: Date?,
        budgetLeft: Int?)
    /// The widget shows `entry` from `time` on.
    case entry(time: Date, widget: SimulatedWidget, entry: RenderedEntry)
    /// The reload at `time` failed: the widget keeps showing what it showed, and its policy reloads
    /// it no more (a request does).
    case failure(
        time: Date, widget: SimulatedWidget, reason: Reason, failure: WidgetFailure, budgetLeft: Int?)
    /// A reload of `cause` was due at `time` with no budget left: it waits until `restoredAt`
    /// (`nil`: a budget of 0, never).
    case budgetExhausted(
        time: Date, widget: SimulatedWidget, waiting: Reason.Cause, spent: Int, restoredAt: Date?)
    /// A reload came back to the widget's budget at `time`, `left` being left; the waiting reload
    /// follows.
    case budgetRestored(time: Date, widget: SimulatedWidget, left: Int)
    /// The simulation ended at `time` (`--to`).
    case end(time: Date, totals: Totals)

    /// The virtual time of the event.
    public var time: Date {
        switch self {
        case .start(let from, _, _, _): from
        case .request(let time, _, _), .reload(let time, _, _, _, _, _), .entry(let time, _, _),
            .failure(let time, _, _, _, _), .budgetExhausted(let time, _, _, _, _),
            .budgetRestored(let time, _, _), .end(let time, _):
            time
        }
    }

    /// The event's name, written in `event`.
    public var name: String {
        switch self {
        case .start: "start"
        case .request: "request"
        case .reload: "reload"
        case .entry: "entry"
        case .failure: "failure"
        case .budgetExhausted: "budgetExhausted"
        case .budgetRestored: "budgetRestored"
        case .end: "end"
        }
    }
}
