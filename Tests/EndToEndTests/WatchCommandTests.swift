import Foundation
import TestSupport
import Testing

/// `widgethost watch` as a live host, run as the built binary: start events, reload requests from
/// other processes and signals, policy dates and entry dates of a real plugin, config edits valid
/// and invalid, a plugin killed from outside, and an end that leaves nothing behind.
@Suite struct WatchCommandTests {
    static let roadmap = "0EBD2090-C844-442D-82AC-2583D6834FA5"

    /// A scratch directory with the sample configuration and tasks imported.
    static func sample() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        try scratch.copy(repositoryFile: "config/data/tasks.yaml", as: "tasks.yaml")
        let store = ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
        #expect(try scratch.widgethost(["store", "import", "tasks.yaml"], environment: store).status == 0)
        return scratch
    }

    static func store(_ scratch: TemporaryDirectory) -> [String: String] {
        ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
    }

    @Test func requestsFromOtherProcessesAndSignalsReloadTheirWidgets() throws {
        let scratch = try Self.sample()
        let watch = try WatchProcess(["--format", "ndjson"], in: scratch)
        let started = watch.wait(for: 4, isWidgetEvent("start"))
        #expect(started.map { $0["id"] as? String } == ["work-tasks", "all-tasks", "focus", "quick-menu"])

        // An intent in another process: the task widgets, and only they, reload.
        var seen = watch.events.count
        let perform = try scratch.widgethost(
            ["perform", "ToggleTaskIntent", "taskID=\(Self.roadmap)"], environment: Self.store(scratch))
        #expect(perform.status == 0)
        let requested = watch.wait(for: 2, after: seen, isWidgetEvent("request"))
        #expect(Set(requested.map { $0["id"] as? String }) == ["work-tasks", "all-tasks"])
        let tasks = (requested.first?["entry"] as? [String: Any])?["tasks"] as? [[String: Any]]
        #expect(tasks?.contains { $0["id"] as? String == Self.roadmap } == false)

        // widgethost reload KIND.
        seen = watch.events.count
        #expect(
            try scratch.widgethost(["reload", "FocusWidget"], environment: Self.store(scratch)).status == 0)
        #expect(watch.wait(after: seen, isWidgetEvent("request", id: "focus")).count == 1)

        // SIGUSR1: every widget.
        seen = watch.events.count
        kill(watch.pid, SIGUSR1)
        #expect(watch.wait(for: 4, after: seen, isWidgetEvent("request")).count == 4)

        #expect(watch.stop() == 0)
        #expect(watch.standardError == "")
    }

    @Test func configEditsAreAppliedOrReportedAndTheLastGoodConfigurationKeepsRunning() throws {
        let scratch = try Self.sample()
        let config = scratch.url.appendingPathComponent("config/widgets.yaml")
        let original = try String(contentsOf: config, encoding: .utf8)
        let watch = try WatchProcess(["--format", "ndjson"], in: scratch)
        watch.wait(for: 4, isWidgetEvent("start"))

        // An invalid edit: diagnostics, nothing else changes.
        var seen = watch.events.count
        try (original + "  - bogus: [\n").write(to: config, atomically: false, encoding: .utf8)
        let diagnostics = watch.wait(after: seen) { $0["event"] as? String == "diagnostics" }
        #expect(diagnostics.count == 1)

        // A valid edit, saved by rename as editors do: a widget added, one removed.
        seen = watch.events.count
        let edited =
            original.replacingOccurrences(
                of: "  - id: quick-menu\n    kind: Quickmenu\n    family: systemMedium\n", with: "")
            + "  - id: extra-focus\n    kind: FocusWidget\n"
        try edited.write(to: config, atomically: true, encoding: .utf8)
        #expect(watch.wait(after: seen, isWidgetEvent("config", id: "extra-focus")).count == 1)
        let removed = watch.wait(after: seen) { $0["event"] as? String == "removed" }
        #expect(removed.map { $0["id"] as? String } == ["quick-menu"])
        // The accepted edit after a rejected one reports its diagnostics, none: the rejection is over.
        let cleared = watch.events.dropFirst(seen).filter { $0["event"] as? String == "diagnostics" }
        #expect(cleared.map { ($0["diagnostics"] as? [Any])?.count } == [0])
        // Unchanged widgets are not evaluated again.
        #expect(watch.events.dropFirst(seen).filter(isWidgetEvent("config", id: "work-tasks")).isEmpty)
        #expect(watch.stop() == 0)
    }

    /// A plugin whose timeline has an entry now and one a second later, reloaded two seconds later;
    /// it writes its process id to `pid` so the test can kill it.
    static let ticker = ScratchPlugin.script(
        prelude: """
            import datetime, os
            HERE = os.path.dirname(os.path.abspath(__file__))
            with open(os.path.join(HERE, "pid"), "w") as f:
                f.write(str(os.getpid()))
            def iso(d):
                return d.strftime("%Y-%m-%dT%H:%M:%SZ")
            """,
        initialize: """
            res = {"protocolVersion": 1, "plugin": {"name": "ticker", "version": "1"},
                   "widgets": [{"kind": "Ticker", "supportedFamilies": ["systemSmall"], "parameters": []}]}
            """,
        render: """
            now = datetime.datetime.strptime(r["params"]["date"], "%Y-%m-%dT%H:%M:%SZ")
            later = now + datetime.timedelta(seconds=1)
            entries = [{"date": iso(d), "data": {"n": i}, "view": {"type": "text", "text": str(i)}}
                       for i, d in enumerate([now, later])]
            res = {"entries": entries,
                   "policy": {"policy": "after", "date": iso(now + datetime.timedelta(seconds=2))}}
            """)

    static func tickerScratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try scratch.plugin(
            "ticker", at: "Plugins/ticker", executable: "ticker.py", script: ticker,
            manifest: "kinds: [Ticker]\n")
        try scratch.file("widgets.yaml", "widgets:\n  - id: tick\n    kind: Ticker\n")
        return scratch
    }

    @Test(.ownThreads) func entriesAdvanceAndTimelinesReloadOnTimeAndADeadPluginComesBack() throws {
        let scratch = try Self.tickerScratch()
        let watch = try WatchProcess(["widgets.yaml", "--format", "ndjson"], in: scratch)
        let start = watch.wait(isWidgetEvent("start", id: "tick"))
        #expect((start.first?["entry"] as? [String: Any])?["n"] as? Int == 0)
        // The system's timers drive the binary's schedule (when each is due, to the second, is
        // checked in process on a virtual clock: LiveHostTests).
        let entry = watch.wait(timeout: 10, isWidgetEvent("entry", id: "tick"))
        #expect((entry.first?["entry"] as? [String: Any])?["n"] as? Int == 1)
        let policy = watch.wait(timeout: 12, isWidgetEvent("policy", id: "tick"))
        #expect(policy.count == 1)

        // Killed from outside: its widget shows the error, then it is back after the backoff.
        let pidFile = scratch.url.appendingPathComponent("Plugins/ticker/pid")
        let pid = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8)))
        let seen = watch.events.count
        kill(pid, SIGKILL)
        let failed = watch.wait(after: seen) {
            $0["event"] as? String == "plugin" && $0["state"] as? String == "failed"
        }
        #expect(failed.count == 1)
        let errored = watch.wait(after: seen) {
            isWidgetEvent("plugin", id: "tick")($0) && $0["error"] != nil
        }
        #expect(errored.count == 1)
        let running = watch.wait(after: seen, timeout: 8) {
            $0["event"] as? String == "plugin" && $0["state"] as? String == "running"
        }
        #expect(running.count == 1)
        let back = watch.wait(after: seen) { isWidgetEvent("plugin", id: "tick")($0) && $0["entry"] != nil }
        #expect(back.count == 1)
        let newPid = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8)))
        #expect(newPid != pid)

        // SIGTERM ends the watch and its plugin.
        #expect(watch.stop() == 0)
        #expect(kill(newPid, 0) != 0)
    }

    /// A plugin that dies in the middle of each timeline request fails once a try: one `failed`
    /// event between restarts (its exit is not counted again), so its backoff grows 1 s, 2 s, 4 s.
    @Test(.ownThreads) func aPluginDyingDuringARequestFailsOnceATry() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "crashy", in: scratch, manifest: "kinds: [Mine]\n",
            widgets: [#"{"kind": "Mine", "supportedFamilies": ["systemSmall"]}"#], onRender: "os._exit(2)")
        try scratch.file("widgets.yaml", "widgets:\n  - {id: m, kind: Mine}\n")
        let watch = try WatchProcess(
            ["widgets.yaml", "--plugins", "plugins", "--format", "ndjson"], in: scratch)
        let isRestart: ([String: Any]) -> Bool = {
            $0["event"] as? String == "plugin" && $0["state"] as? String == "restarting"
        }
        #expect(watch.wait(for: 2, timeout: 30, isRestart).count == 2)
        #expect(watch.stop() == 0)
        // Up to the second restart: start, failed, restarting, a widget event, failed, restarting.
        let events = watch.events
        let secondRestart = try #require(events.indices.filter { isRestart(events[$0]) }.dropFirst().first)
        let kinds = events[...secondRestart].map { event -> String in
            let name = event["event"] as? String ?? "?"
            return name + ":" + (event["state"] as? String ?? event["reason"] as? String ?? "")
        }
        #expect(
            kinds == [
                "widget:start", "plugin:failed", "plugin:restarting", "widget:plugin", "plugin:failed",
                "plugin:restarting",
            ])
    }

    /// `watch` of one widget of a plugin, `stuck`, whose timeline is `render` (Python, with `os`,
    /// `time` and `ASKED`, a file of its folder, at hand), started with a 60 s timeline timeout.
    static func watchStuckPlugin(render: String) throws -> (TemporaryDirectory, WatchProcess) {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let script = ScratchPlugin.script(
            prelude: """
                import os, time
                ASKED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "asked")
                """,
            initialize: """
                res = {"protocolVersion": 1, "plugin": {"name": "stuck", "version": "0"},
                       "widgets": [{"kind": "StuckWidget", "supportedFamilies": ["systemSmall"]}]}
                """,
            render: render)
        try scratch.plugin(
            "stuck", at: "plugins/stuck", script: script,
            manifest: "kinds: [StuckWidget]\ntimeouts: {timeline: 60}\n")
        try scratch.file(
            "widgets.yaml", "widgets:\n  - {id: stuck, kind: StuckWidget, family: systemSmall}\n")
        let watch = try WatchProcess(
            ["widgets.yaml", "--plugins", "plugins", "--format", "ndjson"], in: scratch)
        return (scratch, watch)
    }

    /// SIGTERM while the widgets are first evaluated and a plugin hangs on its timeline ends the
    /// watch within moments, the plugin with it: it used to wait for the plugin's timeout (60 s
    /// here) before reading the signal.
    @Test(.ownThreads) func aStopWhileAPluginHangsOnTheFirstEvaluationEndsAtOnce() throws {
        let (scratch, watch) = try Self.watchStuckPlugin(
            render: """
                open(ASKED, "w").close()
                while True:
                    time.sleep(1)
                """)
        let asked = scratch.path("plugins/stuck/asked")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: asked) && Date() < deadline { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: asked), "the plugin was never asked")
        let start = Date()
        let status = watch.stop(SIGTERM, timeout: 30)
        let elapsed = Date().timeIntervalSince(start)
        #expect(status == 0, "\(watch.standardError)")
        #expect(elapsed < 10, "watch took \(elapsed) s to end")
    }

    /// A stop while a reload (SIGUSR1) waits on a plugin that hangs ends the watch at once too,
    /// and the failure of the request it cut short is not reported as the widget's. Before, the
    /// plugins were ended early only during the first evaluation: a hang later held the stop for
    /// the plugin's timeout (60 s here).
    @Test(.ownThreads) func aStopWhileAPluginHangsOnAReloadEndsAtOnce() throws {
        let (scratch, watch) = try Self.watchStuckPlugin(
            render: """
                if os.path.exists(ASKED):
                    open(ASKED + "-again", "w").close()
                    while True:
                        time.sleep(1)
                open(ASKED, "w").close()
                res = {"entries": [{"date": r["params"]["date"], "data": {},
                                    "view": {"type": "text", "text": "ok"}}],
                       "policy": {"policy": "never"}}
                """)
        #expect(watch.wait(isWidgetEvent("start", id: "stuck")).count == 1, "\(watch.standardError)")
        let seen = watch.events.count
        // The second render hangs: it has begun once the plugin is asked again.
        #expect(kill(watch.pid, SIGUSR1) == 0)
        let asked = scratch.path("plugins/stuck/asked-again")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: asked) && Date() < deadline { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: asked), "the plugin was never asked again")
        let start = Date()
        let status = watch.stop(SIGTERM, timeout: 30)
        let elapsed = Date().timeIntervalSince(start)
        #expect(status == 0, "\(watch.standardError)")
        #expect(elapsed < 10, "watch took \(elapsed) s to end (the plugin's timeout is 60 s)")
        #expect(watch.events.dropFirst(seen).isEmpty)
    }

    @Test func runReadsWithoutConsumingRequests() throws {
        let scratch = try Self.sample()
        #expect(
            try scratch.widgethost(["reload", "TaskWidget"], environment: Self.store(scratch)).status == 0)
        let arguments = ["run", "--format", "json", "--at", "2026-11-29T12:00:00Z"]
        let first = try scratch.widgethost(arguments, environment: Self.store(scratch))
        let second = try scratch.widgethost(arguments, environment: Self.store(scratch))
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(first.standardOutput.contains(#""reloadRequested":true"#))
    }

    @Test func aFamilyRedrawsEveryWidgetOrIsRefusedWhenOneCannot() throws {
        let scratch = try Self.sample()
        let watch = try WatchProcess(["--format", "ndjson", "--family", "systemLarge"], in: scratch)
        let started = watch.wait(for: 4, isWidgetEvent("start"))
        #expect(started.map { $0["family"] as? String } == Array(repeating: "systemLarge", count: 4))
        #expect(watch.stop() == 0)

        let refused = try scratch.widgethost(
            ["watch", "--family", "accessoryInline"], environment: Self.store(scratch))
        #expect(refused.status == 64)
        #expect(
            refused.firstErrorLine.hasPrefix(
                "Error: The widgets 'focus' (FocusWidget) and 'quick-menu' (Quickmenu)"))
    }

    /// An unknown `--widget` is the usage error `run` gives, worded the same.
    @Test func anUnknownWidgetIsAUsageErrorAsForRun() throws {
        let scratch = try Self.sample()
        let watch = try scratch.widgethost(["watch", "--widget", "focs"], environment: Self.store(scratch))
        let run = try scratch.widgethost(["run", "--widget", "focs"], environment: Self.store(scratch))
        #expect(watch.status == 64 && run.status == 64)
        #expect(watch.firstErrorLine == "Error: No widget has the id 'focs'. Did you mean 'focus'?")
        #expect(watch.firstErrorLine == run.firstErrorLine)
        #expect(watch.standardError.contains("Usage: widgethost watch"))
    }

    /// A reader that stops (`| head`) ends the watch at once, not at its next write.
    @Test func aClosedPipeEndsTheWatch() throws {
        let scratch = try Self.sample()
        let run = try WidgetHostProcess.runShell(
            #""$WIDGETHOST" watch --format ndjson | head -c 10 > /dev/null"#,
            environment: Self.store(scratch).merging(["WIDGETHOST": WidgetHostProcess.executableURL.path]) {
                $1
            },
            directory: scratch.url)
        #expect(!run.timedOut)
        #expect(run.duration < .seconds(5))
    }

    @Test func waybarWritesOneLinePerChangeOfOneWidget() throws {
        let scratch = try Self.sample()
        let watch = try WatchProcess(["--format", "waybar", "--widget", "focus"], in: scratch)
        watch.waitForOutput(timeout: 10)
        let line = try #require(watch.output.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "☽ Focus Off [1] ○ off")
        #expect(object["class"] as? String == "FocusWidget")
        #expect((object["tooltip"] as? String)?.contains("╭") == true)
        #expect(watch.stop() == 0)

        let refused = try scratch.widgethost(["watch", "--format", "waybar"])
        refused.expectFailed(
            64, firstErrorLine: "Error: --format waybar shows one widget: name it with --widget <id> (once).")
    }
}
