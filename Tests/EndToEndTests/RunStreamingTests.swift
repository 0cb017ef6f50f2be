import Foundation
import TestSupport
import Testing

/// `run` writes each widget as soon as it and the ones before it are done: a reader of NDJSON or
/// text sees the first widgets while a slow one is still running, and the output, once complete,
/// is in configuration order.
@Suite struct RunStreamingTests {
    /// Launches `run` with `options` in a new scratch directory with a store, over four widgets: the
    /// third a plugin's, which answers only once ``finish(_:in:after:)`` opens its gate.
    static func launchGatedRun(_ options: [String]) throws -> (
        scratch: TemporaryDirectory, process: LaunchedProcess
    ) {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let script = ScratchPlugin.script(
            prelude: """
                import os, time
                GO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "go")
                """,
            initialize: """
                res = {"protocolVersion": 1, "plugin": {"name": "gate", "version": "0"},
                       "widgets": [{"kind": "GateWidget", "supportedFamilies": ["systemSmall"], "parameters": []}]}
                """,
            render: """
                while not os.path.exists(GO):
                    time.sleep(0.02)
                res = {"entries": [{"date": r["params"]["date"], "data": {"gate": "open"},
                                    "view": {"type": "text", "text": "open"}}], "policy": {"policy": "never"}}
                """)
        try scratch.plugin(
            "gate", at: "plugins/gate", script: script,
            manifest: "kinds: [GateWidget]\ntimeouts: {timeline: 60}\n")
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - {id: focus, kind: FocusWidget}
              - {id: menu, kind: Quickmenu}
              - {id: gate, kind: GateWidget, family: systemSmall}
              - {id: after, kind: FocusWidget}

            """)
        let process = try scratch.launchWidgetHost(
            [
                "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--at",
                "2026-11-29T12:00:00Z",
            ]
                + options)
        return (scratch, process)
    }

    /// Opens the gate of a ``launchGatedRun(_:)`` and waits for the run, which must succeed after
    /// writing `early` first.
    ///
    /// - Returns: All the run wrote.
    static func finish(
        _ process: LaunchedProcess, in scratch: TemporaryDirectory, after early: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        try scratch.file("go", "")
        let exit = try process.wait()
        #expect(exit.status == 0, "\(exit.standardError)", sourceLocation: sourceLocation)
        #expect(exit.standardOutput.hasPrefix(early), sourceLocation: sourceLocation)
        return exit.standardOutput
    }

    /// Waits until `process` has written `count` lines (or `marker`), at most 30 s.
    static func waitForOutput(
        of process: LaunchedProcess, _ done: (String) -> Bool
    ) -> String {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let output = process.standardOutputSoFar
            if done(output) || process.hasExited { return output }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process.standardOutputSoFar
    }

    @Test func ndjsonWritesTheWidgetsBeforeASlowOneWhileItRuns() throws {
        let (scratch, process) = try Self.launchGatedRun(["--format", "ndjson"])
        let early = Self.waitForOutput(of: process) { $0.split(separator: "\n").count >= 2 }
        #expect(!process.hasExited, "the gated widget cannot be done yet")
        let earlyIDs = try early.split(separator: "\n").map {
            try JSONText.object(String($0))["id"] as? String
        }
        #expect(earlyIDs == ["focus", "menu"], "\(early)")
        let output = try Self.finish(process, in: scratch, after: early)
        let ids = try output.split(separator: "\n").map { try JSONText.object(String($0))["id"] as? String }
        #expect(ids == ["focus", "menu", "gate", "after"])
    }

    @Test func textWritesTheBoxesBeforeASlowOneWhileItRuns() throws {
        let (scratch, process) = try Self.launchGatedRun([])
        let early = Self.waitForOutput(of: process) { $0.contains("menu · Quickmenu") }
        #expect(!process.hasExited, "the gated widget cannot be done yet")
        #expect(early.hasPrefix("focus · FocusWidget"), "\(early)")
        #expect(early.contains("menu · Quickmenu"))
        #expect(!early.contains("gate · GateWidget"))
        let output = try Self.finish(process, in: scratch, after: early)
        let titles = output.split(separator: "\n").filter {
            $0.contains(" · ") && !$0.hasPrefix("entry")
        }
        #expect(
            titles == [
                "focus · FocusWidget · systemSmall", "menu · Quickmenu · systemMedium",
                "gate · GateWidget · systemSmall", "after · FocusWidget · systemSmall",
            ])
    }

    /// The document `run --format json` writes as it goes is the one it wrote whole: a large run
    /// (over the 64 KiB it writes at a time) parses, every widget in order.
    @Test func aLargeJSONDocumentIsOneDocumentInOrder() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let widgets = (0..<400).map { "  - {id: w\($0), kind: Quickmenu}\n" }.joined()
        try scratch.file("widgets.yaml", "widgets:\n" + widgets)
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--format", "json", "--store", "store", "--at", "2026-11-29T12:00:00Z",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.utf8.count > 64 * 1024)
        #expect(run.standardOutput.hasSuffix("]}\n"))
        let document = try JSONText.object(run.standardOutput)
        let ids = (document["widgets"] as? [[String: Any]] ?? []).map { $0["id"] as? String }
        #expect(ids == (0..<400).map { "w\($0)" })
    }
}
