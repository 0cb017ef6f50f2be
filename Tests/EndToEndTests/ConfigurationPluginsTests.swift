import Foundation
import TestSupport
import Testing

/// `describe`, `perform`, `schema` and `plugins list` see the plugins a configuration brings (its
/// `plugins:` list, the `Plugins` folder beside it), as `run` and `validate` do: `./config`'s by
/// default, or each `--config PATH`'s; and when a kind or intent is still unknown, they say where
/// they looked and how to point at others.
@Suite struct ConfigurationPluginsTests {
    static let python = TemporaryDirectory.repositoryURL.appendingPathComponent(
        "Plugins/Examples/python-clock")

    /// A scratch folder whose `config/widgets.yaml` brings the Python clock, trusted.
    static func scratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.file(
            "config/widgets.yaml",
            "plugins: [\(python.path)]\nwidgets:\n  - {id: clock, kind: PythonClock}\n")
        try scratch.trustPlugins()
        try scratch.initStore()
        return scratch
    }

    @Test func describeAndPluginsListTakeThePluginsOfTheConfigurationHere() throws {
        let scratch = try Self.scratch()
        let describe = try scratch.widgethost(["describe", "PythonClock"])
        #expect(describe.status == 0, "\(describe.standardError)")
        #expect(describe.standardOutput.hasPrefix("PythonClock (Clock)\n"))
        let intent = try scratch.widgethost(["describe", "ChimeIntent", "--format", "json"])
        #expect(intent.status == 0, "\(intent.standardError)")
        #expect(intent.standardOutput.contains(#""type":"ChimeIntent""#))
        let list = try scratch.widgethost(["plugins", "list"])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(
            list.standardOutput.hasPrefix(
                "python-clock  \(Self.python.path)  (found in config/widgets.yaml)\n"))
    }

    @Test func performSendsAConfigurationsPluginIntentToItsPlugin() throws {
        let scratch = try Self.scratch()
        let perform = try scratch.widgethost(["perform", "ChimeIntent", "times=2", "--store", "store"])
        #expect(perform.status == 0, "\(perform.standardError)")
        #expect(perform.standardOutput.hasPrefix("ChimeIntent: bell bell!\n"))
    }

    @Test func configNamesAConfigurationElsewhere() throws {
        let scratch = try Self.scratch()
        try FileManager.default.moveItem(
            at: scratch.url.appendingPathComponent("config"),
            to: scratch.url.appendingPathComponent("elsewhere"))
        let unknown = try scratch.widgethost(["describe", "PythonClock"])
        #expect(unknown.status == 64)
        #expect(
            unknown.firstErrorLine
                == "Error: No widget kind or intent is named 'PythonClock'. Known: TaskWidget, FocusWidget, "
                + "Quickmenu, ToggleTaskIntent, SetTaskCompletionIntent, CompleteTaskIntent, AddTaskIntent, "
                + "ToggleTaskWithFeedbackIntent, ToggleFocusModeIntent. Plugins were looked for in "
                + "\(scratch.path("data/widgethost/plugins")). Name a plugin folder with --plugins DIR, or a "
                + "configuration whose plugins to take with --config PATH.")
        let named = try scratch.widgethost(["describe", "PythonClock", "--config", "elsewhere/widgets.yaml"])
        #expect(named.status == 0, "\(named.standardError)")
        let schema = try scratch.widgethost(["schema", "--config", "elsewhere"])
        #expect(schema.status == 0, "\(schema.standardError)")
        #expect(schema.standardOutput.contains(#""PythonClock""#))
        let list = try scratch.widgethost(["plugins", "list", "--config", "elsewhere/widgets.yaml"])
        #expect(list.standardOutput.contains("python-clock"))
        let perform = try scratch.widgethost(
            ["perform", "ChimeIntent", "--config", "elsewhere", "--store", "store"])
        #expect(perform.status == 0, "\(perform.standardError)")
    }

    /// Exit 65, as `validate` and `run` exit for a configuration they cannot read.
    @Test func aConfigurationThatCannotBeReadIsAnErrorNamingIt() throws {
        let scratch = try TemporaryDirectory()
        for arguments in [
            ["describe", "PythonClock"], ["schema"], ["plugins", "list"], ["perform", "ChimeIntent"],
        ] {
            let run = try scratch.widgethost(arguments + ["--config", "missing.yaml"])
            #expect(run.status == 65, "\(arguments): \(run.standardError)")
            #expect(
                run.standardError.hasPrefix("missing.yaml: error: no such file or directory"), "\(arguments)")
            #expect(run.standardOutput.isEmpty)
        }
    }

    /// A built-in kind or intent is described without asking any plugin (issue: `describe
    /// TaskWidget --plugins DIR` started every plugin found).
    @Test func describingABuiltInStartsNoPlugin() throws {
        let scratch = try TemporaryDirectory()
        let plugin = try ScratchPlugin.write(
            "counted", in: scratch, manifest: "kinds: [Counted]\n",
            widgets: [#"{"kind": "Counted", "supportedFamilies": ["systemSmall"]}"#])
        for name in ["TaskWidget", "ToggleTaskIntent"] {
            let describe = try scratch.widgethost(["describe", name, "--plugins", "plugins"])
            #expect(describe.status == 0, "\(describe.standardError)")
        }
        #expect(plugin.starts == 0)
        // A plugin's kind still asks its plugin.
        let describe = try scratch.widgethost(["describe", "Counted", "--plugins", "plugins"])
        #expect(describe.status == 0, "\(describe.standardError)")
        #expect(plugin.starts == 1)
    }
}
