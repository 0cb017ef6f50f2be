import Foundation
import TestSupport
import Testing

/// `run` writes each widget as soon as it and the ones before it are done: a reader of NDJSON or
/// text sees the first widgets while a slow one is still running, and the output, once complete,
/// is in configuration order.
@Suite struct RunStreamingTests {
    /// A plugin whose widget answers only once the file `go` exists in the scratch directory.
    static func writeGatedPlugin(in scratch: TemporaryDirectory) throws {
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
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writeGatedPlugin(in: scratch)
        let process = try scratch.launchWidgetHost([
            "run", "widgets.yaml", "--plugins", "plugins", "--format", "ndjson", "--store", "store",
            "--at", "2026-11-29T12:00:00Z",
        ])
        let early = Self.waitForOutput(of: process) { $0.split(separator: "\n").count >= 2 }
        #expect(!process.hasExited, "the gated widget cannot be done yet")
        let earlyIDs = try early.split(separator: "\n").map {
            try JSONText.object(String($0))["id"] as? String
        }
        #expect(earlyIDs == ["focus", "menu"], "\(early)")
        try scratch.file("go", "")
        let exit = try process.wait()
        #expect(exit.status == 0, "\(exit.standardError)")
        let ids = try exit.standardOutput.split(separator: "\n").map {
            try JSONText.object(String($0))["id"] as? String
        }
        #expect(ids == ["focus", "menu", "gate", "after"])
        #expect(exit.standardOutput.hasPrefix(early))
    }

    @Test func textWritesTheBoxesBeforeASlowOneWhileItRuns() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writeGatedPlugin(in: scratch)
        let process = try scratch.launchWidgetHost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--at", "2026-11-29T12:00:00Z",
        ])
        let early = Self.waitForOutput(of: process) { $0.contains("menu · Quickmenu") }
        #expect(!process.hasExited, "the gated widget cannot be done yet")
        #expect(early.hasPrefix("focus · FocusWidget"), "\(early)")
        #expect(early.contains("menu · Quickmenu"))
        #expect(!early.contains("gate · GateWidget"))
        try scratch.file("go", "")
        let exit = try process.wait()
        #expect(exit.status == 0, "\(exit.standardError)")
        #expect(exit.standardOutput.hasPrefix(early))
        let titles = exit.standardOutput.split(separator: "\n").filter {
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
