public import Foundation
import LiveHost
public import WidgetEngine
import WidgetHostKit

/// Timelines driven on a virtual clock as WidgetKit drives them: a pure state machine, the
/// evaluation passed in, so a week runs in the time its evaluations take.
///
/// Every widget is reloaded at `from` (``SimulationEvent/Reason/initial``); each entry is shown at
/// its date; a timeline is reloaded at its policy's date (``LiveSchedule/reloadDate(of:evaluatedAt:)``,
/// never sooner than a second after the last reload) and at each request that reaches the widget's
/// kind. A reload other than the first or a foreground request's spends one of the widget's
/// ``ReloadBudget``; with none left the reload waits (one waiting reload per widget, whatever asks
/// meanwhile) until the oldest spent leaves the 24-hour window, while the widget goes on showing
/// its entries. The span is `from` up to, not including, `to`.
///
/// At one time, requests come first (in date, then file, order), then each widget in plan order:
/// its reload, else its next entry. The same input gives the same events.
public struct Simulation: Sendable {
    /// The widgets, in plan order.
    public var widgets: [SimulatedWidget]
    /// The start.
    public var from: Date
    /// The end (not simulated).
    public var to: Date
    /// Each widget's budget.
    public var budget: ReloadBudget
    /// The requests, in date order (file order for one date).
    public private(set) var requests: [ReloadRequest]

    /// A simulation of `widgets` from `from` until `to`, with `requests` (those outside the span
    /// are left out) and `budget`.
    public init(
        widgets: [SimulatedWidget], from: Date, to: Date, budget: ReloadBudget = .widgetKitDefault,
        requests: [ReloadRequest] = []
    ) {
        self.widgets = widgets
        self.from = from
        self.to = to
        self.budget = budget
        // A stable sort: requests of one date keep their order.
        self.requests = requests.enumerated().filter { $0.element.date >= from && $0.element.date < to }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }

    /// What the simulation knows of one widget.
    private struct WidgetState {
        /// The timeline shown, its current entry the one displayed.
        var evaluation: WidgetEvaluation?
        /// When the policy reloads the timeline next; `nil` when it does not (or the reload waits).
        var policyReload: Date?
        /// A request received at the time being simulated.
        var request: ReloadRequest?
        /// The reload waiting for the budget, and since when.
        var waiting: (cause: SimulationEvent.Reason.Cause, since: Date)?
        /// The reloads spent.
        var ledger: BudgetLedger

        /// The next date anything is due, if anything ever is.
        var nextDate: Date? {
            [
                evaluation.flatMap(LiveSchedule.nextEntryDate(of:)), policyReload,
                waiting == nil ? nil : ledger.restoredAt,
            ].compactMap { $0 }.min()
        }
    }

    /// Runs the simulation, handing each event to `emit` as it happens.
    ///
    /// - Parameters:
    ///   - evaluate: The timeline of widget `index` (of ``widgets``) evaluated with the clock at
    ///     `date`, or why it failed.
    ///   - emit: Receives each event, in order.
    /// - Returns: What was counted (as the `end` event says).
    @discardableResult
    public func run(
        evaluate: (_ index: Int, _ date: Date) async -> Result<WidgetEvaluation, WidgetFailure>,
        emit: (SimulationEvent) -> Void
    ) async -> SimulationEvent.Totals {
        var totals = SimulationEvent.Totals()
        emit(.start(from: from, to: to, budget: budget, widgets: widgets))
        var states = widgets.map { _ in WidgetState(ledger: BudgetLedger(budget)) }
        for index in widgets.indices {
            await reload(
                index, reason: .initial, at: from, states: &states, totals: &totals, evaluate: evaluate,
                emit: emit)
        }
        var nextRequest = 0
        while true {
            let due =
                ([nextRequest < requests.count ? requests[nextRequest].date : nil] + states.map(\.nextDate))
                .compactMap { $0 }.min()
            guard let now = due, now < to else { break }
            while nextRequest < requests.count, requests[nextRequest].date <= now {
                let request = requests[nextRequest]
                nextRequest += 1
                totals.requests += 1
                let reached = widgets.indices.filter { request.reaches(kind: widgets[$0].kind) }
                emit(.request(time: now, request, widgets: reached.map { widgets[$0].id }))
                for index in reached {
                    // Two requests at one time: one reload, in the foreground if either is.
                    var merged = request
                    if let earlier = states[index].request {
                        merged.foreground = merged.foreground || earlier.foreground
                    }
                    states[index].request = merged
                }
            }
            for index in widgets.indices {
                await step(
                    index, at: now, states: &states, totals: &totals, evaluate: evaluate, emit: emit)
            }
        }
        emit(.end(time: to, totals: totals))
        return totals
    }

    /// What is due for widget `index` at `now`: a reload (a request's, a waiting one's once the
    /// budget allows, the policy's), else its next entry.
    private func step(
        _ index: Int, at now: Date, states: inout [WidgetState], totals: inout SimulationEvent.Totals,
        evaluate: (Int, Date) async -> Result<WidgetEvaluation, WidgetFailure>,
        emit: (SimulationEvent) -> Void
    ) async {
        let widget = widgets[index]
        states[index].ledger.forget(before: now)
        var reason: SimulationEvent.Reason?
        if let request = states[index].request {
            states[index].request = nil
            reason = .request(foreground: request.foreground)
        } else if let waiting = states[index].waiting, !states[index].ledger.isSpent {
            reason = .deferred(waiting.cause, since: waiting.since)
        } else if let policy = states[index].policyReload, policy <= now {
            reason = .policy
        }
        if let reason {
            let counts = reason != .request(foreground: true)
            if counts, states[index].ledger.isSpent {
                // The policy's date has passed: only the waiting reload is left to do.
                states[index].policyReload = nil
                if states[index].waiting == nil {
                    let cause: SimulationEvent.Reason.Cause = reason == .policy ? .policy : .request
                    states[index].waiting = (cause, now)
                    totals.deferrals += 1
                    emit(
                        .budgetExhausted(
                            time: now, widget: widget, waiting: cause, spent: states[index].ledger.used,
                            restoredAt: states[index].ledger.restoredAt))
                }
            } else {
                if case .deferred = reason, let left = states[index].ledger.left {
                    emit(.budgetRestored(time: now, widget: widget, left: left))
                }
                await reload(
                    index, reason: reason, at: now, states: &states, totals: &totals, evaluate: evaluate,
                    emit: emit)
                return
            }
        }
        guard let evaluation = states[index].evaluation,
            let next = LiveSchedule.nextEntryDate(of: evaluation), next <= now,
            let latest = evaluation.timeline.entries.last(where: { $0.date <= now })
        else { return }
        states[index].evaluation?.current = latest
        totals.entries += 1
        emit(.entry(time: now, widget: widget, entry: latest))
    }

    /// Reloads widget `index` at `now` for `reason`: spends its budget unless the reload is free,
    /// evaluates it, and shows its current entry, or reports the failure.
    private func reload(
        _ index: Int, reason: SimulationEvent.Reason, at now: Date, states: inout [WidgetState],
        totals: inout SimulationEvent.Totals,
        evaluate: (Int, Date) async -> Result<WidgetEvaluation, WidgetFailure>,
        emit: (SimulationEvent) -> Void
    ) async {
        let widget = widgets[index]
        if reason != .initial, reason != .request(foreground: true) {
            states[index].ledger.spend(at: now)
        }
        // Any reload does what a waiting one would have.
        states[index].waiting = nil
        totals.reloads += 1
        switch await evaluate(index, now) {
        case .success(let evaluation):
            let next = LiveSchedule.reloadDate(of: evaluation, evaluatedAt: now)
            states[index].evaluation = evaluation
            states[index].policyReload = next
            emit(
                .reload(
                    time: now, widget: widget, reason: reason, timeline: evaluation.timeline,
                    nextReload: next,
                    budgetLeft: states[index].ledger.left))
            totals.entries += 1
            emit(.entry(time: now, widget: widget, entry: evaluation.current))
        case .failure(let failure):
            states[index].policyReload = nil
            totals.failures += 1
            emit(
                .failure(
                    time: now, widget: widget, reason: reason, failure: failure,
                    budgetLeft: states[index].ledger.left))
        }
    }
}
