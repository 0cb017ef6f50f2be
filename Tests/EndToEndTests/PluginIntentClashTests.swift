import Foundation
import TestSupport
import Testing

/// Two plugins declaring one intent type, and a plugin declaring a built-in intent, through the
/// built binary: `perform` by name refuses to guess, a control runs the intent of the plugin that
/// drew it, and each case is a warning naming the plugins.
@Suite struct PluginIntentClashTests {
    /// A plugin `name` declaring the widget `kind` (a button running `SyncIntent`) and the intents
    /// `intents`; `perform` answers with the plugin's name.
    static func writePlugin(_ name: String, kind: String, intents: [String], in scratch: TemporaryDirectory)
        throws
    {
        let list = intents.map { "\"\($0)\"" }.joined(separator: ", ")
        let script = ScratchPlugin.script(
            initialize: """
                res = {"protocolVersion": 1, "plugin": {"name": "\(name)", "version": "1"},
                       "widgets": [{"kind": "\(kind)", "supportedFamilies": ["systemSmall"]}],
                       "intents": [{"type": t} for t in [\(list)]]}
                """,
            perform: #"res = {"value": "\#(name) performed " + r["params"]["intent"]}"#,
            render: """
                button = {"type": "button", "intent": {"type": "SyncIntent", "parameters": {}},
                          "children": [{"type": "text", "text": "Sync"}]}
                res = {"entries": [{"date": r["params"]["date"], "data": {}, "view": button}],
                       "policy": {"policy": "never"}}
                """)
        // The manifest lists each intent once; the handshake may repeat one (the mistake tested).
        let listed = intents.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        try scratch.plugin(
            name, at: "plugins/\(name)", script: script,
            manifest: "kinds: [\(kind)]\nintents: [\(listed.joined(separator: ", "))]\n")
    }

    static func clashingScratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try writePlugin("alpha", kind: "AlphaWidget", intents: ["SyncIntent"], in: scratch)
        try writePlugin("beta", kind: "BetaWidget", intents: ["SyncIntent", "BetaOnlyIntent"], in: scratch)
        try scratch.file(
            "widgets.yaml",
            """
            plugins: [plugins]
            widgets:
              - {id: a, kind: AlphaWidget}
              - {id: b, kind: BetaWidget}
            """)
        return scratch
    }

    static func folder(_ name: String, in scratch: TemporaryDirectory) -> String {
        PluginsCommandTests.folder(name, in: scratch)
    }

    @Test func performOfAnIntentTwoPluginsDeclareRefusesToGuess() throws {
        let scratch = try Self.clashingScratch()
        let alpha = Self.folder("alpha", in: scratch)
        let beta = Self.folder("beta", in: scratch)
        let result = try scratch.widgethost([
            "perform", "SyncIntent", "--plugins", "plugins", "--store", "store",
        ])
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                \(beta)/plugin.yaml: warning: the plugins 'alpha' (\(alpha)) and 'beta' (\(beta)) both declare \
                the intent 'SyncIntent'; `perform` needs it named 'alpha/SyncIntent' or 'beta/SyncIntent'
                error: the intent 'SyncIntent' is declared by the plugins 'alpha' (\(alpha)) and 'beta' \
                (\(beta)); name one: 'alpha/SyncIntent' or 'beta/SyncIntent'

                """)
        // Nothing was performed, so nothing was written.
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("store").path))
        try scratch.initStore()
        // Named with its plugin, either one runs.
        for plugin in ["alpha", "beta"] {
            let chosen = try scratch.widgethost([
                "perform", "\(plugin)/SyncIntent", "--plugins", "plugins", "--store", "store", "--format",
                "json",
            ])
            #expect(chosen.status == 0, "\(chosen.standardError)")
            #expect(
                chosen.standardOutput.contains(#""value":"\#(plugin) performed SyncIntent""#),
                "\(chosen.standardOutput)")
        }
        // An intent only one of them declares still runs; only its plugin is started, so the clash
        // (seen only in handshakes) is not even looked at.
        let other = try scratch.widgethost([
            "perform", "BetaOnlyIntent", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(other.standardOutput.contains(#""value":"beta performed BetaOnlyIntent""#))
        #expect(!other.standardError.contains("warning: the plugins 'alpha'"), "\(other.standardError)")
    }

    @Test(arguments: [("a", "alpha"), ("b", "beta")])
    func aControlRunsTheIntentOfThePluginThatDrewIt(_ widget: String, _ plugin: String) throws {
        let scratch = try Self.clashingScratch()
        try scratch.initStore()
        let result = try scratch.widgethost([
            "tap", widget, "1", "widgets.yaml", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(#""value":"\#(plugin) performed SyncIntent""#),
            "\(result.standardOutput)")
        // The clash does not make the configuration invalid: it is a warning.
        let validate = try scratch.widgethost(["validate", "widgets.yaml"])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(validate.standardError.contains("warning: the plugins 'alpha'"))
    }

    /// Two plugins declaring one widget kind: an error naming both, and every command that reads
    /// the plugins fails with it: `describe` and `schema` print what they could and exit with the
    /// code's status (`plugin.duplicate-kind`: 1), where they exited 0; `run` refuses the
    /// configuration (65).
    @Test func aKindTwoPluginsDeclareFailsTheCommandsThatReadThem() throws {
        let scratch = try TemporaryDirectory()
        try Self.writePlugin("alpha", kind: "SameWidget", intents: ["AlphaIntent"], in: scratch)
        try Self.writePlugin("beta", kind: "SameWidget", intents: ["BetaIntent"], in: scratch)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: same, kind: SameWidget}\n")
        let alpha = Self.folder("alpha", in: scratch)
        let beta = Self.folder("beta", in: scratch)
        let error = """
            \(beta)/plugin.yaml: error: the plugins 'alpha' (\(alpha)) and 'beta' (\(beta)) both declare \
            the kind 'SameWidget'

            """
        let described = try scratch.widgethost(["describe", "SameWidget", "--plugins", "plugins"])
        #expect(described.status == 1)
        #expect(described.standardError == error)
        #expect(described.standardOutput.hasPrefix("SameWidget"))
        let schema = try scratch.widgethost(["schema", "--plugins", "plugins"])
        #expect(schema.status == 1)
        #expect(schema.standardError == error)
        #expect(schema.standardOutput.contains("\"SameWidget\""))
        try scratch.initStore()
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(run.status == 65)
        #expect(run.standardOutput.contains(#""code":"plugin.duplicate-kind""#), "\(run.standardOutput)")
        // One plugin alone is described, and the command succeeds.
        try FileManager.default.removeItem(atPath: beta)
        let alone = try scratch.widgethost(["describe", "SameWidget", "--plugins", "plugins"])
        #expect(alone.status == 0, "\(alone.standardError)")
        #expect(alone.standardError == "")
    }

    @Test func aPluginDeclaringABuiltInIntentIsWarnedOfAndPerformNeedsTheQualifiedName() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.writePlugin("shadow", kind: "ShadowWidget", intents: ["ToggleFocusModeIntent"], in: scratch)
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(check.status == 0)
        let folder = Self.folder("shadow", in: scratch)
        #expect(
            check.standardError
                == "\(folder)/plugin.yaml: warning: the plugin 'shadow' declares the intent "
                + "'ToggleFocusModeIntent', which is built into widgethost; the plugin's controls run the "
                + "plugin's intent; for `perform`, 'shadow/ToggleFocusModeIntent' names the plugin's, "
                + "'widgethost/ToggleFocusModeIntent' the built-in\n")
        // The bare name is ambiguous; the built-in runs by its qualified name.
        let bare = try scratch.widgethost([
            "perform", "ToggleFocusModeIntent", "value=true", "--plugins", "plugins", "--store", "store",
        ])
        #expect(bare.status == 65)
        let perform = try scratch.widgethost([
            "perform", "widgethost/ToggleFocusModeIntent", "value=true", "--plugins", "plugins", "--store",
            "store", "--format", "json",
        ])
        #expect(perform.status == 0, "\(perform.standardError)")
        #expect(!perform.standardOutput.contains("shadow"), "\(perform.standardOutput)")
    }

    @Test func aPluginDeclaringOneIntentTwiceFailsItsHandshake() throws {
        let scratch = try TemporaryDirectory()
        try Self.writePlugin(
            "twice", kind: "TwiceWidget", intents: ["SyncIntent", "SyncIntent"], in: scratch)
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "plugins"])
        #expect(check.status == 1)
        #expect(
            check.standardOutput.contains(
                """
                  failed: plugin 'twice' answered 'initialize' wrongly (1 problem):
                    - the intent 'SyncIntent' is declared twice
                """
            ),
            "\(check.standardOutput)")
    }
}
