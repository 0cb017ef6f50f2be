import Foundation
import TestSupport
import Testing

/// The hidden `widgethost __complete` entry point the completion scripts call: what it lists, that
/// it reads plugin manifests without starting a plugin, never opens the store, and answers fast.
@Suite struct CompleteCommandTests {
    /// A scratch directory holding a plugin that records being started, and a configuration using
    /// one of its kinds beside a built-in widget.
    static func spyFixture() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.plugin(
            "spy", at: "plugins/spy", executable: "spy.sh",
            script: "#!/bin/sh\ntouch \"$(dirname \"$0\")/started\"\nsleep 5\n",
            manifest: "kinds: [SpyWidget]\nintents: [SpyIntent]\n")
        try scratch.file(
            "spy.yaml",
            """
            appGroup: group.example.spy
            plugins: [./plugins/spy]
            widgets:
              - id: spying
                kind: SpyWidget
              - kind: FocusWidget

            """)
        return scratch
    }

    static func lines(_ run: WidgetHostProcess.Result) -> [String] {
        run.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func listsWidgetIdsOfTheConfigurationOnTheCommandLineWithoutStartingItsPlugin() throws {
        let scratch = try Self.spyFixture()
        let run = try scratch.widgethost(["__complete", "widget-ids", "--", "run", "spy.yaml", ""])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(Self.lines(run) == ["spying", "FocusWidget-1"])
        let kinds = try scratch.widgethost([
            "__complete", "kinds", "--", "describe", "--plugins", "plugins/spy", "",
        ])
        #expect(Self.lines(kinds).contains("SpyWidget"))
        #expect(Self.lines(kinds).contains("SpyIntent"))
        #expect(Self.lines(kinds).prefix(3) == ["TaskWidget", "FocusWidget", "Quickmenu"])
        let intents = try scratch.widgethost([
            "__complete", "intents", "--", "perform", "--plugins", "plugins/spy", "",
        ])
        #expect(Self.lines(intents).last == "SpyIntent")
        // A plugin intent's parameters are known only from a handshake, which completion never makes.
        let arguments = try scratch.widgethost([
            "__complete", "intent-arguments", "--", "perform", "SpyIntent", "--plugins", "plugins/spy", "",
        ])
        #expect(arguments.standardOutput.isEmpty)
        let started = scratch.url.appendingPathComponent("plugins/spy/started").path
        #expect(!FileManager.default.fileExists(atPath: started))
    }

    @Test func neverOpensTheStore() throws {
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        let store = scratch.url.appendingPathComponent("store")
        for source in ["widget-ids", "families", "kinds", "intents", "intent-arguments", "links"] {
            let run = try scratch.widgethost(
                ["__complete", source, "--", "perform", "AddTaskIntent", "widgets.yaml", ""],
                environment: ["WIDGETHOST_STORE": store.path])
            #expect(run.status == 0)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("data").path))
    }

    @Test func whatCannotBeReadCompletesNothing() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("broken.yaml", "widgets: [\n")
        for words in [
            ["run", "broken.yaml", ""], ["run", "missing.yaml", ""], ["perform", "NoSuchIntent", ""],
        ] {
            let source = words[0] == "perform" ? "intent-arguments" : "widget-ids"
            let run = try scratch.widgethost(["__complete", source, "--"] + words)
            #expect(run.status == 0)
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.isEmpty)
        }
        let unknown = try scratch.widgethost(["__complete", "widgetids", "--", "run", ""])
        #expect(unknown.status == 64)
        #expect(
            unknown.firstErrorLine
                == "Error: No completion source is named 'widgetids'. Did you mean 'widget-ids'?")
    }

    @Test func familiesAreThoseTheSelectedWidgetsSupport() throws {
        let all = try WidgetHostProcess.run(
            ["__complete", "families", "--", "run", ""], directory: TemporaryDirectory.repositoryURL)
        // The seven families, and `all`, which only `run` and `simulate` take.
        #expect(Self.lines(all).count == 8)
        #expect(Self.lines(all).last == "all")
        let simulate = try WidgetHostProcess.run(
            ["__complete", "families", "--", "simulate", ""], directory: TemporaryDirectory.repositoryURL)
        #expect(Self.lines(simulate) == Self.lines(all))
        let watch = try WidgetHostProcess.run(
            ["__complete", "families", "--", "watch", ""], directory: TemporaryDirectory.repositoryURL)
        #expect(Self.lines(watch).count == 7)
        #expect(!Self.lines(watch).contains("all"))
        let quickMenu = try WidgetHostProcess.run(
            ["__complete", "families", "--", "run", "--widget", "quick-menu", "--family", ""],
            directory: TemporaryDirectory.repositoryURL)
        #expect(Self.lines(quickMenu).count < 8)
        #expect(Self.lines(quickMenu).contains("systemMedium"))
    }

    /// The widget ids of the sample, as a shell asks for them (how fast is `widgethost-bench
    /// complete`'s to measure, not a test's: a test beside others measures the queue).
    @Test func answersTheSampleConfigurationsWidgetIDs() throws {
        let run = try WidgetHostProcess.run(
            ["__complete", "widget-ids", "--", "run", "--widget", ""],
            directory: TemporaryDirectory.repositoryURL)
        #expect(run.status == 0)
        #expect(Self.lines(run) == ["work-tasks", "all-tasks", "focus", "quick-menu"])
    }
}
