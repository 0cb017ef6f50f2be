import Foundation
import LiveHost
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// The live host's schedule with the clock passed in: days of timeline checked in microseconds.
@Suite struct LiveScheduleTests {
    static let start = Date(timeIntervalSince1970: 1_795_954_800)

    static func entry(_ offset: TimeInterval, _ n: Int) -> RenderedEntry {
        RenderedEntry(
            date: start.addingTimeInterval(offset), data: .object([.init("n", .int(n))]),
            view: ViewNode(type: .text, text: "\(n)"))
    }

    /// A timeline of an entry every hour for a day, evaluated at `start`.
    static func hourly(policy: TimelineReloadPolicy) -> WidgetEvaluation {
        let entries = (0..<24).map { entry(Double($0) * 3600, $0) }
        let nextReload: Date?
        switch policy {
        case .never: nextReload = nil
        case .after(let date): nextReload = date
        case .atEnd: nextReload = entries.last?.date
        }
        return WidgetEvaluation(
            timeline: RenderedTimeline(entries: entries, policy: policy), current: entries[0],
            nextReload: nextReload)
    }

    @Test func entriesAdvanceAtTheirDatesThroughADay() {
        var evaluation = Self.hourly(policy: .never)
        var shown: [Int] = []
        var now = Self.start
        // Wake only when something is due, as the host does, for a whole day.
        while let next = LiveSchedule.nextDate(of: evaluation, evaluatedAt: Self.start) {
            now = next
            guard case .entry(let entry) = LiveSchedule.due(evaluation, evaluatedAt: Self.start, at: now)
            else {
                Issue.record("something other than an entry was due at \(now)")
                return
            }
            evaluation = WidgetEvaluation(timeline: evaluation.timeline, current: entry, nextReload: nil)
            shown.append(entry.data["n"]?.intValue ?? -1)
        }
        #expect(shown == Array(1..<24))
        #expect(now == Self.start.addingTimeInterval(23 * 3600))
        #expect(
            LiveSchedule.due(evaluation, evaluatedAt: Self.start, at: now.addingTimeInterval(86_400))
                == .nothing)
    }

    @Test func aWakeUpLateShowsTheLatestEntryDue() {
        let evaluation = Self.hourly(policy: .never)
        let late = Self.start.addingTimeInterval(5.5 * 3600)
        #expect(
            LiveSchedule.due(evaluation, evaluatedAt: Self.start, at: late) == .entry(Self.entry(5 * 3600, 5))
        )
    }

    @Test func policiesReloadAtTheirDates() {
        let after = Self.hourly(policy: .after(Self.start.addingTimeInterval(90 * 60)))
        #expect(
            LiveSchedule.reloadDate(of: after, evaluatedAt: Self.start) == Self.start.addingTimeInterval(5400)
        )
        #expect(
            LiveSchedule.nextDate(of: after, evaluatedAt: Self.start) == Self.start.addingTimeInterval(3600))
        #expect(
            LiveSchedule.due(after, evaluatedAt: Self.start, at: Self.start.addingTimeInterval(5400))
                == .reload)

        let atEnd = Self.hourly(policy: .atEnd)
        #expect(
            LiveSchedule.reloadDate(of: atEnd, evaluatedAt: Self.start)
                == Self.start.addingTimeInterval(23 * 3600))
        #expect(LiveSchedule.reloadDate(of: Self.hourly(policy: .never), evaluatedAt: Self.start) == nil)
    }

    /// A provider asking to be reloaded in the past cannot spin the host.
    @Test func aReloadIsNeverSoonerThanTheMinimumInterval() {
        let past = Self.hourly(policy: .after(Self.start.addingTimeInterval(-600)))
        let evaluatedAt = Self.start.addingTimeInterval(100)
        #expect(
            LiveSchedule.reloadDate(of: past, evaluatedAt: evaluatedAt)
                == evaluatedAt.addingTimeInterval(LiveSchedule.minimumReloadInterval))
        #expect(LiveSchedule.due(past, evaluatedAt: evaluatedAt, at: evaluatedAt) != .reload)
    }

    @Test func pluginBackoffDoublesToAMinute() {
        #expect((1...8).map { LiveHost.backoff(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60])
    }
}
