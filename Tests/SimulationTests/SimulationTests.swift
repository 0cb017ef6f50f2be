import Foundation
import JSON
import Simulation
import Testing
import WidgetEngine
import WidgetHostKit

/// The simulator with fake evaluations: days of virtual time in microseconds.
@Suite struct SimulationTests {
    static let from = Date(timeIntervalSince1970: 1_796_428_800)  // 2026-12-05T00:00:00Z
    static let hour: TimeInterval = 3_600
    static let day: TimeInterval = 86_400

    /// The evaluation a provider giving `entries` (offsets from the clock) and `policy` makes at
    /// `date`: the current entry is the latest at or before `date`.
    static func evaluation(
        at date: Date, entries offsets: [TimeInterval] = [0], policy: (Date) -> TimelineReloadPolicy,
        label: String = "entry"
    ) -> WidgetEvaluation {
        let entries = offsets.map { offset in
            RenderedEntry(
                date: date.addingTimeInterval(offset),
                data: .object([.init("label", .string(label))]),
                view: ViewNode(
                    type: .text, text: "\(label) \(ISO8601.string(from: date.addingTimeInterval(offset)))"))
        }
        let timeline = RenderedTimeline(entries: entries, policy: policy(date))
        let current = entries.last { $0.date <= date } ?? entries[0]
        let nextReload: Date? =
            switch timeline.policy {
            case .never: nil
            case .after(let reload): reload
            case .atEnd: entries.last?.date
            }
        return WidgetEvaluation(timeline: timeline, current: current, nextReload: nextReload)
    }

    /// Every event of `simulation` with `evaluate`.
    static func events(
        _ simulation: Simulation,
        evaluate: (Int, Date) async -> Result<WidgetEvaluation, WidgetFailure>
    ) async -> [SimulationEvent] {
        var events: [SimulationEvent] = []
        await simulation.run(evaluate: evaluate) { events.append($0) }
        return events
    }

    /// The times and reasons of the reloads of widget `id`.
    static func reloads(_ events: [SimulationEvent], of id: String) -> [(Date, SimulationEvent.Reason)] {
        events.compactMap {
            guard case .reload(let time, let widget, let reason, _, _, _) = $0, widget.id == id else {
                return nil
            }
            return (time, reason)
        }
    }

    static let task = SimulatedWidget(id: "tasks", kind: "TaskWidget", family: .systemMedium)
    static let focus = SimulatedWidget(id: "focus", kind: "FocusWidget", family: .systemSmall)

    /// A policy of `.after(now + 15 min)` over a day with no budget: a reload every 15 minutes from
    /// the start, each at the date its predecessor's policy gave.
    @Test func policyReloadsComeAtThePolicysDates() async {
        let simulation = Simulation(
            widgets: [Self.task], from: Self.from, to: Self.from + Self.day, budget: .unlimited)
        let events = await Self.events(simulation) { _, date in
            .success(Self.evaluation(at: date) { .after($0.addingTimeInterval(900)) })
        }
        let reloads = Self.reloads(events, of: "tasks")
        #expect(reloads.map(\.0) == (0..<96).map { Self.from.addingTimeInterval(Double($0) * 900) })
        #expect(reloads.first?.1 == .initial)
        #expect(reloads.dropFirst().allSatisfy { $0.1 == .policy })
        // Each reload's next date is the one the next reload happens at.
        let nexts = events.compactMap { event -> Date? in
            guard case .reload(_, _, _, _, let next, _) = event else { return nil }
            return next
        }
        #expect(Array(nexts.dropLast()) == reloads.dropFirst().map(\.0))
        guard case .end(let time, let totals) = events.last else {
            Issue.record("the last event is not the end")
            return
        }
        #expect(time == Self.from + Self.day)
        #expect(totals.reloads == 96 && totals.deferrals == 0 && totals.failures == 0)
    }

    /// A timeline of entries 10 minutes apart, reloaded at its end: each entry is shown at its
    /// own date, and the new timeline's first at the reload.
    @Test func entriesAreShownAtTheirDates() async {
        let simulation = Simulation(
            widgets: [Self.task], from: Self.from, to: Self.from + Self.hour, budget: .unlimited)
        var timelines: [WidgetEvaluation] = []
        let events = await Self.events(simulation) { _, date in
            let evaluation = Self.evaluation(at: date, entries: [0, 600, 1_200]) { _ in .atEnd }
            timelines.append(evaluation)
            return .success(evaluation)
        }
        let shown = events.compactMap { event -> (Date, Date)? in
            guard case .entry(let time, _, let entry) = event else { return nil }
            return (time, entry.date)
        }
        // Every entry dated within the span, of every timeline, at its date and only then.
        let expected = timelines.flatMap(\.timeline.entries).map(\.date).filter { $0 < Self.from + Self.hour }
        #expect(Set(shown.map(\.1)) == Set(expected))
        #expect(shown.allSatisfy { $0.0 == $0.1 })
        #expect(Self.reloads(events, of: "tasks").map(\.0) == [0, 1_200, 2_400].map { Self.from + $0 })
    }

    /// Requests reload the widgets of their kinds at their times, one each even when two come at
    /// once; a request for another kind reaches none of them.
    @Test func requestsReloadTheirKindsAtTheirTimes() async {
        let times = [Self.from + 2 * Self.hour, Self.from + 5 * Self.hour, Self.from + 5 * Self.hour]
        let simulation = Simulation(
            widgets: [Self.task, Self.focus], from: Self.from, to: Self.from + Self.day,
            requests: [
                ReloadRequest(date: times[1], kinds: ["TaskWidget"]),
                ReloadRequest(date: times[0]),
                ReloadRequest(date: times[2], kinds: ["TaskWidget"], foreground: true),
                ReloadRequest(date: Self.from + 7 * Self.hour, kinds: ["Elsewhere"]),
                ReloadRequest(date: Self.from + 2 * Self.day),
            ])
        let events = await Self.events(simulation) { _, date in
            .success(Self.evaluation(at: date) { _ in .never })
        }
        let taskReloads = Self.reloads(events, of: "tasks")
        #expect(taskReloads.map(\.0) == [Self.from, times[0], times[1]])
        #expect(taskReloads.last?.1 == .request(foreground: true))
        #expect(Self.reloads(events, of: "focus").map(\.0) == [Self.from, times[0]])
        let received = events.compactMap { event -> (Date, [String])? in
            guard case .request(let time, _, let widgets) = event else { return nil }
            return (time, widgets)
        }
        #expect(received.map(\.0) == [times[0], times[1], times[2], Self.from + 7 * Self.hour])
        #expect(received.map(\.1) == [["tasks", "focus"], ["tasks"], ["tasks"], []])
    }

    /// With 3 reloads a day and one due every hour: the fourth waits, the widget says its budget
    /// is spent and when it comes back, and 24 hours after the first counted reload the waiting
    /// one happens; no 24 hours ever hold more than 3.
    @Test func theBudgetRunsOutAndComesBack() async {
        let simulation = Simulation(
            widgets: [Self.task], from: Self.from, to: Self.from + 2 * Self.day, budget: .perDay(3))
        let events = await Self.events(simulation) { _, date in
            .success(Self.evaluation(at: date) { .after($0.addingTimeInterval(Self.hour)) })
        }
        let exhausted = events.compactMap { event -> (Date, Date?)? in
            guard case .budgetExhausted(let time, _, let waiting, let spent, let restoredAt) = event else {
                return nil
            }
            #expect(waiting == .policy && spent == 3)
            return (time, restoredAt)
        }
        #expect(exhausted.first?.0 == Self.from + 4 * Self.hour)
        #expect(exhausted.first?.1 == Self.from + 25 * Self.hour)
        let restored = events.compactMap { event -> Date? in
            guard case .budgetRestored(let time, _, let left) = event else { return nil }
            #expect(left == 1)
            return time
        }
        #expect(restored.first == Self.from + 25 * Self.hour)
        let reloads = Self.reloads(events, of: "tasks")
        #expect(
            Array(reloads.prefix(5).map(\.0)) == [0, 1, 2, 3, 25].map { Self.from + $0 * Self.hour })
        #expect(reloads[4].1 == .deferred(.policy, since: Self.from + 4 * Self.hour))
        let counted = reloads.filter { $0.1 != .initial }.map(\.0)
        for time in counted {
            #expect(counted.filter { $0 > time - Self.day && $0 <= time }.count <= 3)
        }
    }

    /// A budget of 0 never gives a reload back, but a request made in the foreground is free.
    @Test func aForegroundRequestIsFreeWhenNoBudgetIs() async {
        let simulation = Simulation(
            widgets: [Self.task], from: Self.from, to: Self.from + Self.day, budget: .perDay(0),
            requests: [
                ReloadRequest(date: Self.from + Self.hour),
                ReloadRequest(date: Self.from + 2 * Self.hour, foreground: true),
            ])
        let events = await Self.events(simulation) { _, date in
            .success(Self.evaluation(at: date) { .after($0.addingTimeInterval(900)) })
        }
        #expect(
            Self.reloads(events, of: "tasks").map(\.1) == [.initial, .request(foreground: true)])
        let exhausted = events.compactMap { event -> (Date, Date?)? in
            guard case .budgetExhausted(let time, _, _, _, let restoredAt) = event else { return nil }
            return (time, restoredAt)
        }
        // Spent at the first policy date, waiting for ever; the foreground reload ends the wait and
        // its own policy date finds the budget spent again.
        #expect(exhausted.map(\.0) == [Self.from + 900, Self.from + 2 * Self.hour + 900])
        #expect(exhausted.allSatisfy { $0.1 == nil })
    }

    /// A failed evaluation is an event; the widget keeps its entries, its policy stops, and the
    /// next request reloads it.
    @Test func aFailureIsAnEventAndTheSimulationGoesOn() async {
        let simulation = Simulation(
            widgets: [Self.task, Self.focus], from: Self.from, to: Self.from + Self.day, budget: .unlimited,
            requests: [ReloadRequest(date: Self.from + 6 * Self.hour, kinds: ["TaskWidget"])])
        let events = await Self.events(simulation) { index, date in
            if index == 0, date == Self.from + Self.hour {
                return .failure(
                    WidgetFailure(code: .widgetProviderFailed, message: "the provider failed: offline"))
            }
            return .success(Self.evaluation(at: date) { .after($0.addingTimeInterval(Self.hour)) })
        }
        let failures = events.compactMap { event -> Date? in
            guard case .failure(let time, let widget, let reason, let failure, _) = event else { return nil }
            #expect(widget.id == "tasks" && reason == .policy && failure.message.contains("offline"))
            return time
        }
        #expect(failures == [Self.from + Self.hour])
        let taskReloads = Self.reloads(events, of: "tasks").map(\.0)
        #expect(Array(taskReloads.prefix(2)) == [Self.from, Self.from + 6 * Self.hour])
        #expect(Self.reloads(events, of: "focus").count == 24)
        guard case .end(_, let totals) = events.last else {
            Issue.record("no end")
            return
        }
        #expect(totals.failures == 1)
    }

    /// Every line has `time` first and `event` second; the same simulation twice writes the same
    /// bytes.
    @Test func linesAreStableAndTheSameTwice() async {
        let simulation = Simulation(
            widgets: [Self.task, Self.focus], from: Self.from, to: Self.from + 2 * Self.day,
            budget: .perDay(5),
            requests: [ReloadRequest(date: Self.from + 3 * Self.hour, kinds: ["FocusWidget"])])
        func lines() async -> [UInt8] {
            var bytes: [UInt8] = []
            await simulation.run { _, date in
                .success(
                    Self.evaluation(at: date, entries: [0, 1_800]) {
                        .after($0.addingTimeInterval(Self.hour))
                    })
            } emit: {
                bytes += $0.line
            }
            return bytes
        }
        let first = await lines()
        #expect(first == (await lines()))
        let text = String(decoding: first, as: UTF8.self)
        for line in text.split(separator: "\n") {
            #expect(line.hasPrefix(#"{"time":""#))
            #expect(line.contains(#"Z","event":""#))
        }
        #expect(text.contains(#""event":"budgetExhausted""#) && text.contains(#""event":"budgetRestored""#))
    }
}
