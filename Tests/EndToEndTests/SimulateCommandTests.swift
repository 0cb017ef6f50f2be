import Foundation
import TestSupport
import Testing

/// `widgethost simulate` through the built binary: the sample configuration's day, requests, the
/// budget, a plugin on the virtual clock, and the errors.
@Suite struct SimulateCommandTests {
    static let day = ["--from", "2026-12-05T00:00:00Z", "--to", "2026-12-06T00:00:00Z"]
    static let from = ISO8601DateFormatter().date(from: "2026-12-05T00:00:00Z") ?? Date()

    /// A folder with the sample configuration and its tasks imported into `store`.
    private func sample() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        let tasks = try String(
            contentsOf: TemporaryDirectory.repositoryURL.appendingPathComponent("config/data/tasks.yaml"),
            encoding: .utf8)
        try scratch.importTasks(tasks)
        return scratch
    }

    /// `simulate widgets.yaml --store store` with `arguments`.
    private func simulate(_ scratch: TemporaryDirectory, _ arguments: [String]) throws
        -> WidgetHostProcess.Result
    {
        try scratch.widgethost(["simulate", "widgets.yaml", "--store", "store"] + arguments)
    }

    /// The lines of an NDJSON output, as objects.
    private func events(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONText.object(String($0)) }
    }

    private func date(_ text: Any?) -> Date? {
        (text as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    /// The events of widget `id` named `name`.
    private func events(_ all: [[String: Any]], _ name: String, of id: String) -> [[String: Any]] {
        all.filter { $0["event"] as? String == name && $0["widget"] as? String == id }
    }

    /// A day of the sample: every reload comes at the date the timeline before it named (or, once
    /// the 70 of the budget are spent, the budget says so at that date); the task widgets'
    /// 15-minute policy gives the first reload and 70 more, the focus and the quick menu (policy
    /// never) one.
    @Test func aDayOfTheSampleMatchesItsPolicies() throws {
        let scratch = try sample()
        let run = try simulate(scratch, Self.day)
        #expect(run.status == 0, "\(run.standardError)")
        let all = try events(run.standardOutput)
        #expect(all.first?["event"] as? String == "start")
        #expect(all.first?["budget"] as? Int == 70)
        #expect(all.last?["event"] as? String == "end")
        #expect(all.last?["time"] as? String == "2026-12-06T00:00:00Z")
        let end = Self.from.addingTimeInterval(86_400)
        for id in ["work-tasks", "all-tasks", "focus", "quick-menu"] {
            let reloads = events(all, "reload", of: id)
            let exhausted = events(all, "budgetExhausted", of: id)
            #expect(reloads.first?["reason"] as? String == "initial")
            #expect(date(reloads.first?["time"]) == Self.from)
            // What each reload's policy implies: the next reload at its date, or the budget spent
            // at that date, or nothing when it never reloads or the date is past the end.
            var expected: [Date] = []
            for reload in reloads {
                let policy = reload["reload"] as? [String: Any]
                if policy?["policy"] as? String == "after", let next = date(policy?["date"]), next < end {
                    expected.append(next)
                }
            }
            let followed =
                reloads.dropFirst().compactMap { date($0["time"]) }
                + exhausted.compactMap { date($0["time"]) }
            #expect(followed == expected, "\(id)")
        }
        for id in ["work-tasks", "all-tasks"] {
            let times = events(all, "reload", of: id).compactMap { date($0["time"]) }
            #expect(times == (0...70).map { Self.from.addingTimeInterval(Double($0) * 900) })
            let exhausted = try #require(events(all, "budgetExhausted", of: id).first)
            #expect(date(exhausted["time"]) == Self.from.addingTimeInterval(71 * 900))
            #expect(date(exhausted["restoredAt"]) == Self.from.addingTimeInterval(900 + 86_400))
            #expect(exhausted["spent"] as? Int == 70)
        }
        for id in ["focus", "quick-menu"] {
            #expect(events(all, "reload", of: id).count == 1)
            #expect(
                ((events(all, "reload", of: id).first?["reload"]) as? [String: Any])?["policy"] as? String
                    == "never")
        }
        // Each reload shows its current entry, as `run --format json` writes it.
        for reload in all where reload["event"] as? String == "reload" {
            let shown = all.first {
                $0["event"] as? String == "entry" && $0["widget"] as? String == reload["widget"] as? String
                    && $0["time"] as? String == reload["time"] as? String
            }
            #expect((shown?["view"] as? [String: Any])?["type"] != nil)
            #expect(shown?["entry"] != nil)
        }
        // The same input, the same bytes.
        let again = try simulate(scratch, Self.day)
        #expect(again.standardOutput == run.standardOutput)
    }

    /// Without a budget the task widgets reload every 15 minutes all day: 96 times.
    @Test func anUnlimitedBudgetReloadsAtEveryPolicyDate() throws {
        let scratch = try sample()
        let run = try simulate(scratch, Self.day + ["--budget", "unlimited", "--widget", "work-tasks"])
        #expect(run.status == 0, "\(run.standardError)")
        let all = try events(run.standardOutput)
        #expect(all.first?["budget"] as? String == "unlimited")
        let reloads = events(all, "reload", of: "work-tasks")
        #expect(
            reloads.compactMap { date($0["time"]) }
                == (0..<96).map { Self.from.addingTimeInterval(Double($0) * 900) })
        #expect(reloads.allSatisfy { $0["budgetLeft"] is NSNull })
        #expect(events(all, "budgetExhausted", of: "work-tasks").isEmpty)
    }

    /// `--family all`: the widget in each family it supports, its configured one first, each with a
    /// budget of its own (two reloads after the first here, so each family spends its own and
    /// waits at 00:45).
    @Test func everyFamilyIsAWidgetWithABudgetOfItsOwn() throws {
        let scratch = try sample()
        let run = try simulate(
            scratch,
            ["--from", "2026-12-05T00:00:00Z", "--to", "2026-12-05T01:00:00Z", "--widget", "work-tasks"]
                + ["--family", "all", "--budget", "2"])
        #expect(run.status == 0, "\(run.standardError)")
        let all = try events(run.standardOutput)
        let families = [
            "systemMedium", "systemSmall", "systemLarge", "systemExtraLarge", "accessoryCircular",
            "accessoryRectangular", "accessoryInline",
        ]
        let planned = (all.first?["widgets"] as? [[String: Any]])?.compactMap { $0["family"] as? String }
        #expect(planned == families)
        for family in families {
            let mine = all.filter { $0["family"] as? String == family }
            let reloads = mine.filter { $0["event"] as? String == "reload" }.compactMap { date($0["time"]) }
            #expect(reloads == [0, 900, 1800].map { Self.from.addingTimeInterval($0) }, "\(family)")
            let exhausted = mine.filter { $0["event"] as? String == "budgetExhausted" }
            #expect(
                exhausted.compactMap { date($0["time"]) } == [Self.from.addingTimeInterval(2700)], "\(family)"
            )
            // Each reload shows the family's own view.
            #expect(mine.filter { $0["event"] as? String == "entry" }.count == 3, "\(family)")
        }
    }

    /// Requests reload the widgets of their kinds at their times (not on the quarter hour), and
    /// the policy counts on from there.
    @Test func requestsReloadAtTheirTimes() throws {
        let scratch = try sample()
        try scratch.file(
            "requests.yaml",
            """
            - {at: 2026-12-05T09:31:00Z, kinds: [TaskWidget]}
            - at: 2026-12-05T12:00:30Z
              foreground: true
            """)
        let run = try simulate(scratch, Self.day + ["--requests", "requests.yaml", "--budget", "unlimited"])
        #expect(run.status == 0, "\(run.standardError)")
        let all = try events(run.standardOutput)
        let received = all.filter { $0["event"] as? String == "request" }
        #expect(received.map { $0["time"] as? String } == ["2026-12-05T09:31:00Z", "2026-12-05T12:00:30Z"])
        #expect(
            received.map { $0["widgets"] as? [String] } == [
                ["work-tasks", "all-tasks"], ["work-tasks", "all-tasks", "focus", "quick-menu"],
            ])
        #expect(received[1]["kinds"] is NSNull)
        for id in ["work-tasks", "all-tasks"] {
            let requested = events(all, "reload", of: id).filter { $0["reason"] as? String == "request" }
            #expect(
                requested.map { $0["time"] as? String } == ["2026-12-05T09:31:00Z", "2026-12-05T12:00:30Z"])
            #expect(requested.map { $0["foreground"] as? Bool } == [false, true])
            let times = events(all, "reload", of: id).compactMap { $0["time"] as? String }
            // 15 minutes after the request, not at 09:45.
            #expect(times.contains("2026-12-05T09:46:00Z") && !times.contains("2026-12-05T09:45:00Z"))
        }
        let focus = events(all, "reload", of: "focus")
        #expect(focus.map { $0["time"] as? String } == ["2026-12-05T00:00:00Z", "2026-12-05T12:00:30Z"])
    }

    /// With 3 reloads a day, the task widget's fourth waits from 01:00 until the first comes back
    /// 24 hours after it was spent (00:15 the next day), then reloads as `deferred`; the others
    /// come back in their turn.
    @Test func theBudgetRunsOutAndComesBack() throws {
        let scratch = try sample()
        let run = try simulate(
            scratch,
            [
                "--from", "2026-12-05T00:00:00Z", "--to", "2026-12-06T01:00:00Z", "--budget", "3", "--widget",
                "work-tasks",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let all = try events(run.standardOutput)
        let exhausted = events(all, "budgetExhausted", of: "work-tasks")
        #expect(exhausted.map { $0["time"] as? String } == ["2026-12-05T01:00:00Z"])
        #expect(exhausted.first?["restoredAt"] as? String == "2026-12-06T00:15:00Z")
        #expect(exhausted.first?["waiting"] as? String == "policy")
        let restored = events(all, "budgetRestored", of: "work-tasks")
        #expect(restored.map { $0["time"] as? String } == ["2026-12-06T00:15:00Z"])
        let reloads = events(all, "reload", of: "work-tasks")
        #expect(
            reloads.map { $0["time"] as? String } == [
                "2026-12-05T00:00:00Z", "2026-12-05T00:15:00Z", "2026-12-05T00:30:00Z",
                "2026-12-05T00:45:00Z",
                "2026-12-06T00:15:00Z", "2026-12-06T00:30:00Z", "2026-12-06T00:45:00Z",
            ])
        let deferred = try #require(reloads.first { $0["reason"] as? String == "deferred" })
        #expect(deferred["time"] as? String == "2026-12-06T00:15:00Z")
        #expect(deferred["deferred"] as? String == "policy")
        #expect(deferred["dueSince"] as? String == "2026-12-05T01:00:00Z")
        #expect(deferred["budgetLeft"] as? Int == 0)
        // Then each spent reload of the day before comes back at its hour: the policy goes on.
        #expect(reloads.suffix(2).allSatisfy { $0["reason"] as? String == "policy" })
    }

    /// A plugin's timeline on the virtual clock: the Python clock's three entries a minute apart
    /// are each shown at their minute, with the time the plugin read from its clock, and its
    /// `atEnd` policy reloads it at the last.
    @Test func aPluginsEntriesAreShownAtTheirDates() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let python = TemporaryDirectory.repositoryURL.appendingPathComponent("Plugins/Examples/python-clock")
        try scratch.file(
            "widgets.yaml",
            "plugins: [\(python.path)]\nwidgets:\n  - {id: clock, kind: PythonClock, family: systemSmall}\n")
        try scratch.trustPlugins(["widgets.yaml"])
        let run = try simulate(
            scratch,
            ["--from", "2026-12-05T09:00:00Z", "--to", "2026-12-05T09:10:00Z", "--budget", "unlimited"])
        #expect(run.status == 0, "\(run.standardError)")
        let all = try events(run.standardOutput)
        let entries = events(all, "entry", of: "clock")
        #expect(entries.map { $0["time"] as? String } == (0..<10).map { "2026-12-05T09:0\($0):00Z" })
        #expect(entries.allSatisfy { $0["time"] as? String == $0["date"] as? String })
        #expect(
            entries.map { ($0["entry"] as? [String: Any])?["time"] as? String }
                == (0..<10).map { "09:0\($0)" })
        #expect(
            events(all, "reload", of: "clock").map { $0["time"] as? String } == [
                "2026-12-05T09:00:00Z", "2026-12-05T09:02:00Z", "2026-12-05T09:04:00Z",
                "2026-12-05T09:06:00Z", "2026-12-05T09:08:00Z",
            ])
    }

    /// A plugin of kind `Flaky` whose timeline asks for a reload every hour and that fails when
    /// asked at 01:00.
    static let flaky = ScratchPlugin.script(
        initialize: #"""
            res = {"protocolVersion": 1, "plugin": {"name": "flaky", "version": "1"},
                   "widgets": [{"kind": "Flaky", "supportedFamilies": ["systemSmall"], "parameters": []}]}
            """#,
        render: #"""
            date = r["params"]["date"]
            if "T01:00" in date:
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"],
                                  "error": {"code": -32000, "message": "the service is down"}}), flush=True)
                continue
            hour = int(date[11:13]) + 1
            after = date[:11] + ("%02d" % hour) + date[13:]
            res = {"entries": [{"date": date, "data": {"asked": date}, "view": {"type": "text", "text": date}}],
                   "policy": {"policy": "after", "date": after}}
            """#)

    /// A reload that fails is an event written as `run --format json` writes an error; the
    /// simulation goes on (a request reloads the widget again), and exits 1 naming the widget.
    @Test func aFailedReloadIsAnEventAndTheSimulationGoesOn() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try scratch.plugin("flaky", at: "plugins/flaky", script: Self.flaky, manifest: "kinds: [Flaky]\n")
        try scratch.file(
            "widgets.yaml",
            "plugins: [plugins/flaky]\nwidgets:\n  - {id: flaky, kind: Flaky, family: systemSmall}\n")
        try scratch.file("requests.yaml", "- {at: 2026-12-05T03:30:00Z}\n")
        let run = try simulate(
            scratch,
            ["--from", "2026-12-05T00:00:00Z", "--to", "2026-12-05T05:00:00Z", "--requests", "requests.yaml"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("error: widget 'flaky' failed once, first at 2026-12-05T01:00:00Z: "),
            "\(run.standardError)")
        let all = try events(run.standardOutput)
        let failures = events(all, "failure", of: "flaky")
        #expect(failures.map { $0["time"] as? String } == ["2026-12-05T01:00:00Z"])
        let error = try #require(failures.first?["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("the service is down") == true)
        #expect(error["code"] as? String != nil)
        #expect(failures.first?["reason"] as? String == "policy")
        // Its policy stops; the request at 03:30 reloads it, and the policy goes on from there.
        #expect(
            events(all, "reload", of: "flaky").map { $0["time"] as? String } == [
                "2026-12-05T00:00:00Z", "2026-12-05T03:30:00Z", "2026-12-05T04:30:00Z",
            ])
        #expect(all.last?["event"] as? String == "end")
        #expect(all.last?["failures"] as? Int == 1)
    }

    /// Options that cannot be: a usage error naming the option, exit 64, nothing written.
    @Test(
        arguments: [
            (
                ["--from", "2026-12-05T00:00:00Z", "--to", "2026-12-04T00:00:00Z"],
                "--to 2026-12-04T00:00:00Z is not after --from 2026-12-05T00:00:00Z"
            ),
            (["--from", "2026-12-05T00:00:00Z", "--to", "2026-12-05T00:00:00Z"], "is not after --from"),
            (["--from", "2026-01-01T00:00:00Z", "--to", "2027-01-02T00:00:01Z"], "is longer than 366 days"),
            (
                ["--from", "yesterday", "--to", "2026-12-04T00:00:00Z"],
                "The value 'yesterday' is invalid for '--from <date>'"
            ),
            (
                ["--from", "2026-12-05T00:00:00Z", "--to", "2026-12-06T00:00:00"],
                "'--to <date>': expected an ISO 8601 date with a time zone"
            ),
            (["--from", "2026-12-05T00:00:00Z"], "--to"),
            (Self.day + ["--budget", "-1"], "The value '-1' is invalid for '--budget <n>'"),
            (Self.day + ["--budget", "lots"], "or 'unlimited'"),
            (Self.day + ["--widget", "work-task"], "Did you mean 'work-tasks'?"),
            (Self.day + ["--family", "al"], "Did you mean 'all'?"),
            (Self.day + ["--family", "bogus"], "'accessoryInline', 'all'."),
        ] as [([String], String)])
    func impossibleOptionsAreUsageErrors(arguments: [String], words: String) throws {
        let scratch = try sample()
        let run = try simulate(scratch, arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains(words), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    /// A requests file that is not one: every problem at its line and column, exit 65, nothing
    /// simulated; a request outside the span is a warning, and the rest runs.
    @Test func aBadRequestsFileRunsNothing() throws {
        let scratch = try sample()
        try scratch.file(
            "requests.yaml",
            "- {at: 2026-12-05T09:30:00Z}\n- {at: 2026-12-05T25:00:00Z}\n- {kinds: [TaskWidget]}\n")
        let run = try simulate(scratch, Self.day + ["--requests", "requests.yaml"])
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("requests.yaml:2:8: error: '2026-12-05T25:00:00Z' is not"))
        #expect(
            run.standardError.contains("requests.yaml:3:3: error: 'request' is missing the required key 'at'")
        )
        let missing = try simulate(scratch, Self.day + ["--requests", "absent.yaml"])
        #expect(missing.status == 65)
        #expect(missing.standardError.contains("absent.yaml"))
        try scratch.file("late.yaml", "- {at: 2026-12-07T09:30:00Z}\n- {at: 2026-12-05T09:30:00Z}\n")
        let late = try simulate(scratch, Self.day + ["--requests", "late.yaml"])
        #expect(late.status == 0)
        #expect(
            late.standardError.contains(
                "late.yaml:1:3: warning: the request at 2026-12-07T09:30:00Z is outside"))
        #expect(try events(late.standardOutput).filter { $0["event"] as? String == "request" }.count == 1)
    }

    /// An invalid configuration runs nothing, as `run`: exit 65.
    @Test func anInvalidConfigurationRunsNothing() throws {
        let scratch = try sample()
        try scratch.file("widgets.yaml", "widgets:\n  - id: x\n    kind: TaskWidgte\n")
        let run = try simulate(scratch, Self.day)
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("widgets.yaml:3:11: error:"))
    }
}
