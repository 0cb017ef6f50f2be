import Foundation
import TestSupport
import Testing

/// Real misbehaving plugins (small python3 scripts written into a scratch directory) next to a
/// good plugin and a built-in widget: each fails only its own widgets, with an `error` naming the
/// plugin and what happened, in bounded time, and leaves no process behind.
@Suite struct PluginIsolationTests {
    /// A plugin script: a handshake declaring `kind`, then `timeline` answered as `behaviour` says.
    static func script(kind: String, behaviour: String) -> String {
        ScratchPlugin.script(
            prelude: """
                import os, subprocess, time
                B = "\(behaviour)"
                HERE = os.path.dirname(os.path.abspath(__file__))
                if B.startswith("exit"):
                    with open(os.path.join(HERE, "starts"), "a") as starts:
                        starts.write("started\\n")
                if B == "crash-on-start":
                    sys.stderr.write("crash: missing config file\\n")
                    sys.exit(3)
                """,
            initialize: """
                res = {"protocolVersion": 1, "plugin": {"name": B, "version": "0"},
                       "widgets": [{"kind": "\(kind)", "supportedFamilies": ["systemSmall"], "parameters": []}]}
                """,
            render: """
                if B == "exit-once" and not os.path.exists(os.path.join(HERE, "crashed")):
                    open(os.path.join(HERE, "crashed"), "w").close()
                    sys.stderr.write("exit-once: crashing\\n"); sys.stderr.flush(); os._exit(9)
                if B == "exit":
                    sys.stderr.write("exit: giving up\\n"); sys.stderr.flush(); os._exit(7)
                if B == "hang":
                    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", __file__])
                    sys.stderr.write("hang: sleeping\\n"); sys.stderr.flush(); time.sleep(60)
                if B == "garbage":
                    print("this is not json", flush=True); continue
                if B == "huge":
                    sys.stdout.write("[" + "1," * (9 << 20)); sys.stdout.flush(); time.sleep(60)
                if B == "no-result":
                    print(json.dumps({"jsonrpc": "2.0", "id": r["id"]}), flush=True); continue
                if B == "no-entries":
                    res = {"entries": [], "policy": {"policy": "never"}}
                    print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": res}), flush=True); continue
                if B == "unknown-id":
                    r["id"] = 999
                if B == "big-entry":
                    res = {"entries": [{"date": r["params"]["date"], "data": {"blob": "x" * (1 << 20)},
                                        "view": {"type": "text", "text": "big"}}], "policy": {"policy": "never"}}
                    print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": res}), flush=True); continue
                if B == "flood":
                    sys.stderr.write("e" * (6 << 20)); sys.stderr.flush()
                res = {"entries": [{"date": r["params"]["date"], "data": {"ok": True},
                                    "view": {"type": "text", "text": "ok"}}], "policy": {"policy": "never"}}
                """)
    }

    /// Writes plugin `name` into `scratch/plugins/name` with a 1 s timeline timeout.
    static func writePlugin(_ name: String, kind: String, behaviour: String, in scratch: TemporaryDirectory)
        throws
    {
        try scratch.plugin(
            name, at: "plugins/\(name)", script: script(kind: kind, behaviour: behaviour),
            manifest: "kinds: [\(kind)]\ntimeouts: {initialize: 2, timeline: 1}\n")
    }

    /// The processes whose command line mentions `marker`.
    static func processes(mentioning marker: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(marker) ? "\(pid): \(line)" : nil
        }
    }

    static let config = """
        widgets:
          - id: bad-1
            kind: BadWidget
          - id: good
            kind: GoodWidget
          - id: bad-2
            kind: BadWidget
          - id: focus
            kind: FocusWidget
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var behaviour: String
        var code: String
        var fragments: [String]
        var testDescription: String { behaviour }
    }

    @Test(arguments: [
        Case(
            behaviour: "crash-on-start", code: "plugin.exited",
            fragments: ["exited with status 3", "missing config file"]),
        Case(behaviour: "exit", code: "plugin.exited", fragments: ["exited with status 7", "giving up"]),
        Case(
            behaviour: "hang", code: "plugin.timeout",
            fragments: ["did not answer 'timeline' within 1 s", "sleeping"]),
        Case(behaviour: "garbage", code: "plugin.invalid-json", fragments: ["not JSON", "this is not json"]),
        Case(behaviour: "huge", code: "plugin.line-too-long", fragments: ["over 16 MiB"]),
        Case(behaviour: "unknown-id", code: "plugin.unknown-id", fragments: ["unknown id 999"]),
        Case(
            behaviour: "big-entry", code: "plugin.entry-too-large",
            fragments: ["with an entry (number 1) over 1048576 bytes (1 MiB) of JSON"]),
        Case(
            behaviour: "no-result", code: "plugin.invalid-reply",
            fragments: ["answered without 'result' or 'error'"]),
        Case(
            behaviour: "no-entries", code: "widget.no-entries",
            fragments: ["plugin 'bad' answered 'timeline' for 'BadWidget' without entries"]),
    ])
    func misbehavingPluginFailsOnlyItsOwnWidgets(_ test: Case) throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writePlugin("bad", kind: "BadWidget", behaviour: test.behaviour, in: scratch)
        try Self.writePlugin("good", kind: "GoodWidget", behaviour: "good", in: scratch)
        try scratch.file("widgets.yaml", Self.config)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--format", "json", "--at", "2026-11-29T12:00:00Z",
            "--store", "store",
        ])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(!result.timedOut)
        // Two bad widgets, each at most one timeout plus the grace periods.
        #expect(result.duration < .seconds(8))
        let widgets = try Self.widgets(result.standardOutput)
        #expect(widgets.map(\.id) == ["bad-1", "good", "bad-2", "focus"])
        for widget in widgets {
            if widget.id.hasPrefix("bad") {
                #expect(widget.errorCode == test.code, "\(widget.id): \(widget.errorMessage ?? "no error")")
                let message = widget.errorMessage ?? ""
                #expect(message.contains("plugin 'bad'"), "\(message)")
                for fragment in test.fragments {
                    #expect(message.contains(fragment), "\(widget.id): '\(fragment)' not in \(message)")
                }
            } else {
                #expect(widget.errorCode == nil, "\(widget.id): \(widget.errorMessage ?? "")")
                #expect(widget.hasEntry)
            }
        }
        #expect(Self.processes(mentioning: scratch.url.path) == [])
    }

    /// A plugin that died is started again for its next widget, once in a run and no more.
    @Test(
        arguments: [
            // Crashes on its first request only: the restarted process serves the later widgets.
            ("exit-once", ["plugin 'bad' exited with status 9 during 'timeline'", nil, nil]),
            // Crashes on every request: the second widget gets the one restart, the third none.
            (
                "exit",
                [
                    "plugin 'bad' exited with status 7 during 'timeline'",
                    "plugin 'bad' exited with status 7 during 'timeline'",
                    "plugin 'bad' exited with status 7 during 'timeline' (after one restart)",
                ]
            ),
        ] as [(String, [String?])])
    func aDeadPluginIsRestartedAtMostOnce(_ behaviour: String, _ errors: [String?]) throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writePlugin("bad", kind: "BadWidget", behaviour: behaviour, in: scratch)
        try Self.writePlugin("good", kind: "GoodWidget", behaviour: "good", in: scratch)
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - {id: bad-1, kind: BadWidget}
              - {id: good, kind: GoodWidget}
              - {id: bad-2, kind: BadWidget}
              - {id: bad-3, kind: BadWidget}
            """)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--format", "json", "--store", "store",
        ])
        #expect(result.status == 1, "\(result.standardError)")
        let widgets = try Self.widgets(result.standardOutput)
        #expect(widgets.map(\.id) == ["bad-1", "good", "bad-2", "bad-3"])
        let bad = widgets.filter { $0.id.hasPrefix("bad") }
        for (widget, expected) in zip(bad, errors) {
            let message = widget.errorMessage ?? ""
            if let expected {
                #expect(message.hasPrefix(expected), "\(widget.id): \(message)")
            } else {
                #expect(widget.errorCode == nil && widget.hasEntry, "\(widget.id): \(message)")
            }
        }
        let starts = try String(
            contentsOf: scratch.url.appendingPathComponent("plugins/bad/starts"), encoding: .utf8)
        #expect(starts == "started\nstarted\n")
        #expect(Self.processes(mentioning: scratch.url.path) == [])
    }

    @Test func stderrFloodNeverBlocksTheHost() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writePlugin("bad", kind: "BadWidget", behaviour: "flood", in: scratch)
        try Self.writePlugin("good", kind: "GoodWidget", behaviour: "good", in: scratch)
        try scratch.file("widgets.yaml", Self.config)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--format", "json", "--store", "store",
        ])
        #expect(result.status == 0, "\(result.standardError.prefix(500))")
        #expect(result.duration < .seconds(8))
        let widgets = try Self.widgets(result.standardOutput)
        #expect(widgets.allSatisfy { $0.hasEntry })
        #expect(Self.processes(mentioning: scratch.url.path) == [])
    }

    /// What the tests read of one widget of `run --format json`.
    struct Widget {
        var id: String
        var errorCode: String?
        var errorMessage: String?
        var hasEntry: Bool
    }

    static func widgets(_ output: String) throws -> [Widget] {
        let document = try JSONText.object(output)
        let items = document["widgets"] as? [[String: Any]] ?? []
        return items.map { item in
            let error = item["error"] as? [String: Any]
            return Widget(
                id: item["id"] as? String ?? "",
                errorCode: error?["code"] as? String,
                errorMessage: error?["message"] as? String,
                hasEntry: item["entry"] != nil
            )
        }
    }
}
