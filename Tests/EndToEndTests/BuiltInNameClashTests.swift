import Foundation
import RawHTTP
import TestSupport
import Testing

/// A plugin serving a kind and an intent with a built-in's name (an iOS extension's own
/// `TaskWidget` and `ToggleTaskIntent`), through the built binary: the configuration says which
/// kind it means, a bare name is an error naming both, a control runs the intent of whoever drew
/// it, and `perform` takes the qualified names.
@Suite struct BuiltInNameClashTests {
    /// `mytasks`: its `TaskWidget` shows "mine" and a button running its own `ToggleTaskIntent`,
    /// which answers with the plugin's name.
    static func scratchWithPlugin() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks("tasks:\n  - {title: Water the plants, priority: high}\n")
        let script = ScratchPlugin.script(
            initialize: """
                res = {"protocolVersion": 1, "plugin": {"name": "mytasks", "version": "1"},
                       "widgets": [{"kind": "TaskWidget", "supportedFamilies": ["systemSmall"]}],
                       "intents": [{"type": "ToggleTaskIntent", "parameters": []}]}
                """,
            perform: #"res = {"value": "mytasks performed " + r["params"]["intent"]}"#,
            render: """
                view = {"type": "vstack", "children": [{"type": "text", "text": "mine"},
                        {"type": "button", "intent": {"type": "ToggleTaskIntent", "parameters": {}},
                         "children": [{"type": "text", "text": "Toggle"}]}]}
                res = {"entries": [{"date": r["params"]["date"], "data": {"kind": r["params"]["kind"]}, "view": view}],
                       "policy": {"policy": "never"}}
                """)
        try scratch.plugin(
            "mytasks", at: "plugins/mytasks", script: script,
            manifest: "kinds: [TaskWidget]\nintents: [ToggleTaskIntent]\n")
        return scratch
    }

    static func folder(in scratch: TemporaryDirectory) -> String {
        PluginsCommandTests.folder("mytasks", in: scratch)
    }

    @Test func aBareBuiltInKindAPluginAlsoDeclaresIsAnErrorNamingBoth() throws {
        let scratch = try Self.scratchWithPlugin()
        try scratch.file("widgets.yaml", "widgets:\n  - {id: tasks, kind: TaskWidget}\n")
        let run = try scratch.widgethost(["run", "widgets.yaml", "--plugins", "plugins", "--store", "store"])
        #expect(run.status == 65)
        #expect(run.standardOutput == "")
        #expect(
            run.standardError.contains(
                "widgets.yaml:2:23: error: the kind 'TaskWidget' is built into widgethost and also declared by "
                    + "the plugin 'mytasks' (\(Self.folder(in: scratch))); say which: 'widgethost/TaskWidget' for the "
                    + "built-in or 'mytasks/TaskWidget' for the plugin's"), "\(run.standardError)")
        // Without the plugin, the bare name is the built-in, as before.
        let alone = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--format", "json"])
        #expect(alone.status == 0, "\(alone.standardError)")
    }

    @Test func theQualifiedKindsChooseThePluginsOrTheBuiltIn() throws {
        let scratch = try Self.scratchWithPlugin()
        try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - {id: mine, kind: mytasks/TaskWidget}
              - {id: builtin, kind: widgethost/TaskWidget}
            """)
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let widgets = json?["widgets"] as? [[String: Any]] ?? []
        try #require(widgets.count == 2)
        #expect(widgets[0]["kind"] as? String == "mytasks/TaskWidget")
        // The plugin was asked for its own kind's name.
        #expect((widgets[0]["entry"] as? [String: Any])?["kind"] as? String == "TaskWidget")
        #expect(widgets[1]["kind"] as? String == "TaskWidget")
        #expect((widgets[1]["entry"] as? [String: Any])?["pendingCount"] as? Int == 1)
        #expect(
            run.standardError.contains(
                "warning: the plugin 'mytasks' declares the kind 'TaskWidget', which is built into widgethost; a "
                    + "configuration must say which it means: 'mytasks/TaskWidget' names the plugin's, "
                    + "'widgethost/TaskWidget' the built-in"), "\(run.standardError)")
    }

    @Test func aControlRunsTheIntentOfThePluginThatDrewIt() throws {
        let scratch = try Self.scratchWithPlugin()
        try scratch.file("widgets.yaml", "widgets:\n  - {id: mine, kind: mytasks/TaskWidget}\n")
        let tap = try scratch.widgethost([
            "tap", "mine", "1", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format",
            "json",
        ])
        #expect(tap.status == 0, "\(tap.standardError)")
        #expect(
            tap.standardOutput.contains(#""value":"mytasks performed ToggleTaskIntent""#),
            "\(tap.standardOutput)")
    }

    @Test func aControlServeShowsRunsTheIntentOfThePluginThatDrewIt() throws {
        let scratch = try Self.scratchWithPlugin()
        try scratch.file("widgets.yaml", "widgets:\n  - {id: mine, kind: mytasks/TaskWidget}\n")
        let served = try ServeCommandTests.serve(["widgets.yaml", "--plugins", "plugins"], scratch: scratch)
        let tap = try served.request(
            "POST", "/widgets/mine/controls/1",
            headers: ["X-Widgethost-Token": served.token, "Origin": "http://127.0.0.1:\(served.port)"])
        #expect(tap.status == 200, "\(tap.body)")
        let answer = try JSONText.object(tap.body)
        #expect(answer["intent"] as? String == "ToggleTaskIntent")
        #expect(answer["value"] as? String == "mytasks performed ToggleTaskIntent")
        #expect(served.process.stop() == 0)
    }

    @Test func describeAndSchemaNameThePluginsKindAsConfigurationsDo() throws {
        let scratch = try Self.scratchWithPlugin()
        let described = try scratch.widgethost(["describe", "mytasks/TaskWidget", "--plugins", "plugins"])
        #expect(described.status == 0, "\(described.standardError)")
        #expect(described.standardOutput.hasPrefix("mytasks/TaskWidget\n"), "\(described.standardOutput)")
        let schema = try scratch.widgethost(["schema", "--plugins", "plugins"])
        let kinds = try JSONText.object(schema.standardOutput)["definitions"] as? [String: Any]
        #expect(kinds?["mytasks/TaskWidget"] != nil)
        #expect(kinds?["TaskWidget"] != nil)
    }

    @Test func performOfABuiltInIntentAPluginAlsoDeclaresNeedsItsQualifiedName() throws {
        let scratch = try Self.scratchWithPlugin()
        let bare = try scratch.widgethost([
            "perform", "ToggleTaskIntent", "taskID=none", "--plugins", "plugins", "--store", "store",
        ])
        #expect(bare.status == 65)
        #expect(
            bare.standardError.contains(
                "error: the intent 'ToggleTaskIntent' is built into widgethost and also declared by the plugin "
                    + "'mytasks' (\(Self.folder(in: scratch))); name one: 'widgethost/ToggleTaskIntent' for the "
                    + "built-in or 'mytasks/ToggleTaskIntent' for the plugin's"), "\(bare.standardError)")
        let plugin = try scratch.widgethost([
            "perform", "mytasks/ToggleTaskIntent", "--plugins", "plugins", "--store", "store", "--format",
            "json",
        ])
        #expect(plugin.status == 0, "\(plugin.standardError)")
        #expect(plugin.standardOutput.contains(#""value":"mytasks performed ToggleTaskIntent""#))
        // The built-in runs, and refuses an id no task has.
        let builtIn = try scratch.widgethost([
            "perform", "widgethost/ToggleTaskIntent", "taskID=00000000-0000-0000-0000-000000000000",
            "--plugins",
            "plugins", "--store", "store", "--format", "json",
        ])
        #expect(builtIn.status == 1)
        #expect(builtIn.standardOutput.contains(#""reason":"task.not-found""#), "\(builtIn.standardOutput)")
    }
}
