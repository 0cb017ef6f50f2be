import Testing

@testable import PluginHosting
@testable import Subprocess
@testable import WidgetHost

/// The pending-requests state machine, driven with plain numbers for the clock: days of deadlines
/// checked without sleeping.
@Suite struct PendingRequestsTests {
    typealias Requests = PendingRequests<String>

    @Test func theFirstRequestSchedulesTheWatchdogAndLaterDeadlinesDoNot() {
        var requests = Requests()
        let first = requests.add(method: "timeline", deadline: 10_000, completion: "a")
        #expect(first.id == 1 && first.watchdogAt == 10_000)
        let later = requests.add(method: "timeline", deadline: 20_000, completion: "b")
        #expect(later.id == 2 && later.watchdogAt == nil)
        let earlier = requests.add(method: "placeholder", deadline: 5_000, completion: "c")
        #expect(earlier.id == 3 && earlier.watchdogAt == 5_000)
        #expect(requests.watchdog == 5_000)
        #expect(requests.count == 3)
    }

    @Test func aWatchdogForALaterDeadlineIsSupersededByAnEarlierOne() {
        var requests = Requests()
        _ = requests.add(method: "timeline", deadline: 10_000, completion: "a")
        _ = requests.add(method: "placeholder", deadline: 2_000, completion: "b")
        guard case .superseded = requests.watchdogFired(scheduledAt: 10_000, now: 10_000) else {
            Issue.record("the 10,000 watchdog should be superseded")
            return
        }
        guard case .late(let late) = requests.watchdogFired(scheduledAt: 2_000, now: 2_001) else {
            Issue.record("the placeholder request is late at 2,001")
            return
        }
        #expect(late.method == "placeholder" && late.completion == "b")
    }

    @Test func answeredRequestsCostNothingAndTheWatchdogMovesOn() {
        var requests = Requests()
        _ = requests.add(method: "timeline", deadline: 10_000, completion: "a")
        _ = requests.add(method: "timeline", deadline: 30_000, completion: "b")
        #expect(requests.take(id: 1)?.completion == "a")
        #expect(requests.take(id: 1) == nil)
        guard case .reschedule(let next) = requests.watchdogFired(scheduledAt: 10_000, now: 10_000) else {
            Issue.record("the watchdog should move to the next deadline")
            return
        }
        #expect(next == 30_000)
        #expect(requests.take(id: 2)?.completion == "b")
        guard case .idle = requests.watchdogFired(scheduledAt: 30_000, now: 30_000) else {
            Issue.record("nothing is pending: the watchdog stops")
            return
        }
        #expect(requests.watchdog == nil)
        // The next request schedules a watchdog again.
        #expect(requests.add(method: "perform", deadline: 90_000, completion: "c").watchdogAt == 90_000)
    }

    @Test func aRequestIsLateOnlyAfterItsDeadline() {
        var requests = Requests()
        _ = requests.add(method: "timeline", deadline: 1_000, completion: "a")
        guard case .reschedule(let again) = requests.watchdogFired(scheduledAt: 1_000, now: 999) else {
            Issue.record("a watchdog firing early looks again at the deadline")
            return
        }
        #expect(again == 1_000)
        guard case .late = requests.watchdogFired(scheduledAt: 1_000, now: 1_000) else {
            Issue.record("at its deadline the request is late")
            return
        }
    }

    @Test func removingAllGivesTheRequestsInTheOrderSentAndStopsTheWatchdog() {
        var requests = Requests()
        for (index, deadline) in [50, 10, 30].enumerated() {
            _ = requests.add(method: "m\(index)", deadline: UInt64(deadline), completion: "\(index)")
        }
        #expect(requests.anyMethod == "m0")
        #expect(requests.removeAll().map(\.completion) == ["0", "1", "2"])
        #expect(requests.count == 0 && requests.watchdog == nil && requests.anyMethod == nil)
        guard case .superseded = requests.watchdogFired(scheduledAt: 10, now: 100) else {
            Issue.record("a watchdog firing after everything ended does nothing")
            return
        }
        #expect(requests.add(method: "x", deadline: 7, completion: "x").id == 4)
    }

    @Test func teardownStepsWaitThenSignal() {
        #expect(
            ChildProcess.teardown(grace: 0.5) == [
                .wait(seconds: 0.5), .signal(15, thenWait: 0.5), .signal(9, thenWait: .infinity),
            ])
    }
}
