import Foundation
import TestSupport
import Testing

/// What a Python plugin's author sees when it goes wrong: a `print` at the top of the plugin goes to
/// its log instead of killing it; a failure shows the author's file and line first, then the last
/// lines of the traceback as lines; a default that does not fit names its parameter; a line that
/// is not JSON says where logs belong.
@Suite struct PythonPluginDiagnosticsTests {
    /// A scratch folder with the sample store and the plugin `clock` (`clock.py`, `script`) beside
    /// the Python SDK, and `clock.yaml` hosting its widget `Clock`.
    static func scratch(_ script: String) throws -> TemporaryDirectory {
        let scratch = try WatchCommandTests.sample()
        let folder = try scratch.plugin(
            "clock", at: "plugins/clock", executable: "clock.py", script: script,
            manifest: "kinds: [Clock]\n")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widgethost_plugin.py"),
            withDestinationURL: TemporaryDirectory.repositoryURL.appendingPathComponent(
                "Plugins/SDK/python/widgethost_plugin.py"))
        try scratch.file("clock.yaml", "widgets:\n  - {id: clock, kind: Clock}\n")
        return scratch
    }

    static func run(_ scratch: TemporaryDirectory, _ extra: [String] = []) throws -> WidgetHostProcess.Result
    {
        try scratch.widgethost(
            ["run", "clock.yaml", "--plugins", "plugins"] + extra,
            environment: WatchCommandTests.store(scratch))
    }

    @Test func aPrintAtTheTopOfAPluginGoesToItsLog() throws {
        let scratch = try Self.scratch(
            """
            #!/usr/bin/env python3
            import widgethost_plugin as wh
            print("clock: starting up")

            @wh.widget("Clock")
            def show(config, context):
                print("clock: drawing")
                return wh.entry(context.date, wh.text("tick"))

            wh.serve("clock")

            """)
        let run = try Self.run(scratch, ["--verbose"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("tick"))
        #expect(run.standardError.contains("clock: starting up"), "\(run.standardError)")
        #expect(run.standardError.contains("clock: drawing"), "\(run.standardError)")
    }

    @Test func aLineThatIsNotJSONSaysWhereLogsBelong() throws {
        let scratch = try Self.scratch(
            """
            #!/usr/bin/env python3
            print("before the SDK")
            import widgethost_plugin as wh

            @wh.widget("Clock")
            def show(config, context):
                return wh.entry(context.date, wh.text("tick"))

            wh.serve("clock")

            """)
        let run = try Self.run(scratch)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "wrote a line that is not JSON (unexpected character): 'before the SDK' and was stopped (its standard "
                    + "output carries the protocol alone: a plugin writes its logs to standard error, where the "
                    + "Python SDK sends print from its import on)"), "\(run.standardError)")
    }

    @Test func aFailureShowsTheAuthorsLineFirstAndTheTracebackAsLines() throws {
        let scratch = try Self.scratch(
            """
            #!/usr/bin/env python3
            import widgethost_plugin as wh

            def hours(n):
                return 24 / (n - n)

            @wh.widget("Clock")
            def show(config, context):
                return wh.entry(context.date, wh.text(str(hours(3))))

            wh.serve("clock")

            """)
        let run = try Self.run(scratch)
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "error: widget 'clock' failed: clock.py:5 (in hours): plugin 'clock' failed 'timeline': "
                + "ZeroDivisionError: division by zero (code -32000); its stderr ended with:",
            "\(run.standardError)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  | ") }, "\(run.standardError)")
        #expect(lines.contains("  |     return 24 / (n - n)"), "\(run.standardError)")
        #expect(lines.last == "  | ZeroDivisionError: division by zero")
        #expect(!run.standardError.contains("␊"))

        // JSON keeps the lines in its message, and the box starts with the author's line.
        let json = try Self.run(scratch, ["--format", "json"])
        let widget = try #require(
            (try JSONText.object(json.standardOutput)["widgets"] as? [[String: Any]])?.first)
        let message = try #require((widget["error"] as? [String: Any])?["message"] as? String)
        #expect(message.hasPrefix("clock.py:5 (in hours): plugin 'clock' failed 'timeline'"))
        #expect(message.hasSuffix("\nZeroDivisionError: division by zero"))
        // The box has room for the first line only.
        #expect(run.standardOutput.contains("│ error: clock.py:5 (in    │\n│ hours): plugin 'clock'   │"))
        #expect(!run.standardOutput.contains("its stderr"), "\(run.standardOutput)")
    }

    @Test func aDefaultThatDoesNotFitNamesItsParameter() throws {
        let scratch = try Self.scratch(
            """
            #!/usr/bin/env python3
            import widgethost_plugin as wh

            @wh.widget("Clock", minutes=wh.integer("90", title="Minutes"))
            def show(config, context):
                return wh.entry(context.date, wh.text("tick"))

            wh.serve("clock")

            """)
        let run = try Self.run(scratch)
        #expect(run.status == 1)
        // The plugin never started: the warning names the line in clock.py, the traceback follows
        // as notes, a line each, ending with the parameter named.
        let lines = run.standardError.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(
            first.hasSuffix(
                "plugins/clock/plugin.yaml: warning: clock.py:4 (in <module>): plugin 'clock' exited with status 1 "
                    + "during 'initialize' (after one restart); its stderr ended with:"), "\(first)")
        #expect(
            lines.contains(
                "note: | widgethost_plugin.DeclarationError: the widget 'Clock': the parameter 'minutes': the "
                    + "default '90' is not an integer"), "\(run.standardError)")
        #expect(!run.standardError.contains("␊"))
    }
}
