import Foundation
import TestSupport
import Testing

/// A plugin's `perform` result of the wrong shape, through the built binary: the request fails
/// with `plugin.invalid-reply` naming the member and what it was, never read as none; the intent
/// has run in the plugin (its change stays), and no reload the reply asked for is recorded.
@Suite struct PluginPerformReplyTests {
    /// A plugin declaring the widget `Mine` and the intent `SyncIntent`, whose `perform` marks its
    /// folder (the intent's change) and answers `result`.
    static func writePlugin(result: String, in scratch: TemporaryDirectory) throws {
        let script = ScratchPlugin.script(
            prelude: """
                import os
                HERE = os.path.dirname(os.path.abspath(__file__))
                VIEW = {"type": "button", "intent": {"type": "SyncIntent", "parameters": {}},
                        "children": [{"type": "text", "text": "Sync"}]}
                """,
            initialize: """
                res = {"protocolVersion": 1, "plugin": {"name": "sloppy", "version": "1"},
                       "widgets": [{"kind": "Mine", "supportedFamilies": ["systemSmall"]}],
                       "intents": [{"type": "SyncIntent"}]}
                """,
            perform: """
                open(os.path.join(HERE, "performed"), "a").write("synced\\n")
                res = json.loads(\(String(reflecting: result)))
                """,
            render: """
                res = {"entries": [{"date": r["params"]["date"], "data": {}, "view": VIEW}],
                       "policy": {"policy": "never"}}
                """)
        try scratch.plugin(
            "sloppy", at: "plugins/sloppy", script: script, manifest: "kinds: [Mine]\nintents: [SyncIntent]\n"
        )
        try scratch.file("widgets.yaml", "widgets:\n  - {id: m, kind: Mine}\n")
    }

    @Test(arguments: [
        (#"{"value": 1, "dialog": 7, "reload": ["Mine"]}"#, "'dialog' is 7, not a string or null"),
        (
            #"{"value": 1, "dialog": "Synced", "reload": "Mine"}"#,
            #"'reload' is "Mine", not an array of kinds (strings)"#
        ),
        (#"{"value": 1, "reload": ["Mine", 2]}"#, "'reload' item 2 is 2, not a kind (a string)"),
    ])
    func aResultOfTheWrongShapeFailsNamingTheMember(_ result: String, _ problem: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writePlugin(result: result, in: scratch)
        let expected =
            "plugin 'sloppy' answered 'perform' for 'SyncIntent' wrongly: \(problem) (the intent ran in the "
            + "plugin, so what it changed stays changed; no reload it asked for was recorded)"
        let perform = try scratch.widgethost([
            "perform", "SyncIntent", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(perform.status == 1, "\(perform.standardError)")
        let document = try JSONText.object(perform.standardOutput)
        let error = try #require(document["error"] as? [String: Any], "\(perform.standardOutput)")
        #expect(error["code"] as? String == "plugin.invalid-reply")
        #expect((error["message"] as? String)?.hasSuffix(expected) == true, "\(error)")
        // The intent ran: its change is made.
        let performed = try String(
            contentsOf: scratch.url.appendingPathComponent("plugins/sloppy/performed"), encoding: .utf8)
        #expect(performed == "synced\n")
        // Nothing of the reply was used: the widget's kind has no reload request.
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(#""reloadRequested":false"#), "\(run.standardOutput)")
        // A tap of the button running it says the same, and the intent ran again.
        let tap = try scratch.widgethost([
            "tap", "m", "1", "widgets.yaml", "--plugins", "plugins", "--store", "store",
        ])
        #expect(tap.status == 1)
        #expect(tap.standardError.contains(expected), "\(tap.standardError)")
        #expect(
            try String(
                contentsOf: scratch.url.appendingPathComponent("plugins/sloppy/performed"), encoding: .utf8)
                == "synced\nsynced\n")
    }

    /// The same plugin with a result of the right shape: the reload it asks for is recorded. A
    /// member the protocol has not (a typo, as `dialogue`) is warned of, with the nearest name, and
    /// ignored; the rest of the result is used (before, it was passed over in silence).
    @Test(arguments: [
        (#"{"value": 1, "dialog": null, "reload": ["Mine"]}"#, [String]()),
        (
            #"{"value": 1, "dialogue": "Synced", "reload": ["Mine"], "extra": true}"#,
            [
                "with the unknown member 'dialogue' (did you mean 'dialog'?); ignored",
                "with the unknown member 'extra' (a result has value, dialog and reload); ignored",
            ]
        ),
    ])
    func aResultOfTheRightShapeRecordsItsReload(_ result: String, _ warnings: [String]) throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writePlugin(result: result, in: scratch)
        let perform = try scratch.widgethost([
            "perform", "SyncIntent", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(perform.status == 0, "\(perform.standardError)")
        #expect(
            perform.standardOutput.contains(#""dialog":null,"reloaded":["Mine"]"#),
            "\(perform.standardOutput)")
        let said = perform.standardError.split(separator: "\n").map(String.init)
        #expect(said.count == warnings.count, "\(perform.standardError)")
        for (line, warning) in zip(said, warnings) {
            #expect(
                line.hasSuffix("the plugin 'sloppy' answered 'perform' for 'SyncIntent' " + warning),
                "\(line)")
        }
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(run.standardOutput.contains(#""reloadRequested":true"#), "\(run.standardOutput)")
    }
}
