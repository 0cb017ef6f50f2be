import Foundation
import TestSupport
import Testing

/// `--at` at the edges of what a date can be: fractions finer than the millisecond widgethost
/// writes, and timelines whose dates would fall past the year 9999.
@Suite struct RunDateTests {
    private static let config =
        "widgets:\n  - id: focus\n    kind: FocusWidget\n  - id: tasks\n    kind: TaskWidget\n"

    private func scratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", Self.config)
        try scratch.importTasks("tasks:\n  - title: Write the report\n    priority: high\n")
        return scratch
    }

    /// A reload date of `--at` plus fifteen minutes would be in the year 10000, which no RFC 3339
    /// date can hold: that widget fails with a code naming the date, the widget without a reload
    /// date still prints, and the run exits 1.
    @Test func aReloadDatePastTheYear9999FailsThatWidget() throws {
        let scratch = try scratch()
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--store", "store", "--at", "9999-12-31T23:59:59Z", "--format", "json",
        ])
        #expect(run.status == 1)
        let widgets = try #require(try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])
        #expect(widgets.count == 2)
        #expect(widgets[0]["date"] as? String == "9999-12-31T23:59:59Z")
        #expect((widgets[0]["reload"] as? [String: Any])?["policy"] as? String == "never")
        let error = try #require(widgets[1]["error"] as? [String: Any])
        #expect(error["code"] as? String == "widget.date-out-of-range")
        let message = try #require(error["message"] as? String)
        #expect(message.contains("the reload date is after 9999-12-31T23:59:59Z"))
        #expect(message.contains("computed for 9999-12-31T23:59:59Z"))
        #expect(!run.standardOutput.contains("10000-"))
        #expect(
            run.standardError.contains("widget 'tasks' failed: the reload date is after 9999-12-31T23:59:59Z")
        )
    }

    /// The same `--at` a day earlier computes everything inside the year 9999.
    @Test func theLastDayButOneOfTheYear9999Runs() throws {
        let scratch = try scratch()
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--store", "store", "--at", "9999-12-30T23:59:59Z", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let widgets = try #require(try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])
        #expect((widgets[1]["reload"] as? [String: Any])?["date"] as? String == "9999-12-31T00:14:59Z")
    }

    /// `--at` with nanoseconds is the millisecond it shows: the current entry is dated no later
    /// than `--at` (never rounded up into the next second), and its reload date follows from it.
    @Test(arguments: [
        ("2026-11-29T12:00:00.9999999Z", "2026-11-29T12:00:00.999Z", "2026-11-29T12:15:00.999Z"),
        ("2026-11-29T12:00:00.123456789Z", "2026-11-29T12:00:00.123Z", "2026-11-29T12:15:00.123Z"),
        ("2026-11-29T23:59:59.99951+00:00", "2026-11-29T23:59:59.999Z", "2026-11-30T00:14:59.999Z"),
    ])
    func fractionsOfAtAreKeptToTheMillisecond(at: String, shown: String, reload: String) throws {
        let scratch = try scratch()
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--store", "store", "--at", at, "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let widgets = try #require(try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["date"] as? String } == [shown, shown])
        #expect((widgets[1]["reload"] as? [String: Any])?["date"] as? String == reload)
    }
}
