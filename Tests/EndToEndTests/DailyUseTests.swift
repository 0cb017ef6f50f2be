import Foundation
import TestSupport
import Testing

/// The smaller frictions a new user met, each on the built binary: where `run` looked for a
/// configuration, a failure document for NDJSON too, families named short, a malformed `--set`,
/// the Python SDK's `progress()`, and names one character long.
@Suite struct DailyUseTests {
    @Test func runWithoutAConfigurationSaysWhereItLookedAndWhatToPass() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["run"])
        #expect(run.status == 65)
        #expect(
            run.standardError.hasPrefix(
                "config: error: no configuration was named, and there is no ./config in \(scratch.url.path) "
                    + "(the folder of *.yaml files read by default); name a configuration file or folder, as in "
                    + "'widgethost run path/to/widgets.yaml', or run from the folder that holds config/\n"),
            "\(run.standardError)")
        // A path given and missing keeps the plain reason.
        let named = try scratch.widgethost(["run", "mine.yaml"])
        #expect(named.standardError.hasPrefix("mine.yaml: error: no such file or directory\n"))
    }

    @Test(arguments: ["json", "ndjson"])
    func aUsageErrorPrintsAFailureDocumentForJSONAndNDJSON(format: String) throws {
        let scratch = try WatchCommandTests.sample()
        let run = try scratch.widgethost(
            ["run", "--format", format, "--widget", "nope"], environment: WatchCommandTests.store(scratch))
        #expect(run.status == 64)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        let error = try #require(try JSONText.object(run.standardOutput)["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage.invalid")
        #expect((error["message"] as? String)?.hasPrefix("No widget has the id 'nope'.") == true)
        // Refused by the parser (an option it does not know), the same.
        let parsed = try scratch.widgethost(["run", "--format", format, "--bogus"])
        #expect(parsed.status == 64)
        #expect(
            parsed.standardOutput.hasPrefix(#"{"error":{"code":"usage.invalid""#), "\(parsed.standardOutput)")
    }

    @Test(arguments: [
        ("small", "systemSmall"), ("Large", "systemLarge"), ("extralarge", "systemExtraLarge"),
        ("smal", "systemSmall"), ("inline", "accessoryInline"), ("systemSmal", "systemSmall"),
    ])
    func aFamilyNamedShortGetsADidYouMean(written: String, meant: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("w.yaml", "widgets:\n  - {kind: TaskWidget, family: \(written)}\n")
        let validate = try scratch.widgethost(["validate", "w.yaml"])
        #expect(validate.status == 65)
        #expect(validate.standardError.contains("is not a widget family"))
        #expect(validate.standardError.contains("did you mean '\(meant)'?"), "\(validate.standardError)")
        let run = try scratch.widgethost(["run", "w.yaml", "--family", written])
        #expect(run.status == 64)
        #expect(run.firstErrorLine.hasSuffix("Did you mean '\(meant)'?"), "\(run.firstErrorLine)")
    }

    @Test func aSetWithoutAnEqualsSignIsAUsageError() throws {
        let scratch = try WatchCommandTests.sample()
        for command in [["run"], ["validate"], ["config"]] {
            let run = try scratch.widgethost(
                command + ["--set", "personal"], environment: WatchCommandTests.store(scratch))
            #expect(run.status == 64, "\(command)")
            #expect(
                run.firstErrorLine
                    == "Error: --set 'personal' is not KEY=VALUE; KEY is appGroup, WIDGET-ID.family or "
                    + "WIDGET-ID.configuration.PARAMETER, VALUE is read as YAML.")
        }
        // Well formed, what it says of the configuration is still the configuration's problem.
        let unknown = try scratch.widgethost(
            ["run", "--set", "nope.family=systemSmall"], environment: WatchCommandTests.store(scratch))
        #expect(unknown.status == 65)
    }

    @Test func thePythonSDKDrawsProgress() throws {
        let scratch = try WatchCommandTests.sample()
        let folder = try scratch.plugin(
            "upload", at: "plugins/upload", executable: "upload.py",
            script: """
                #!/usr/bin/env python3
                import widgethost_plugin as wh

                @wh.widget("Upload")
                def show(config, context):
                    return wh.entry(context.date, wh.vstack(wh.progress(3, total=4, label="Upload"), wh.progress()))

                wh.serve("upload")

                """,
            manifest: "kinds: [Upload]\n")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widgethost_plugin.py"),
            withDestinationURL: TemporaryDirectory.repositoryURL.appendingPathComponent(
                "Plugins/SDK/python/widgethost_plugin.py"))
        try scratch.file("u.yaml", "widgets:\n  - {id: up, kind: Upload, family: systemMedium}\n")
        let run = try scratch.widgethost(
            ["run", "u.yaml", "--plugins", "plugins", "--format", "json"],
            environment: WatchCommandTests.store(scratch))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                #"{"type":"progress","value":0.75,"children":[{"type":"text","text":"Upload"}]}"#),
            "\(run.standardOutput)")
        let text = try scratch.widgethost(
            ["run", "u.yaml", "--plugins", "plugins"], environment: WatchCommandTests.store(scratch))
        #expect(text.standardOutput.contains("Upload 75%"), "\(text.standardOutput)")
    }

    /// Foundation's deletingLastPathComponent traps on a one-character name: a configuration file
    /// named `a` crashed every command, and `plugins new w` crashed.
    @Test func namesOneCharacterLongWork() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("a", "plugins: []\nwidgets:\n  - kind: Quickmenu\n")
        let validate = try scratch.widgethost(["validate", "a"])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(validate.standardOutput == "a: 1 widget, valid\n")
        let new = try scratch.widgethost(["plugins", "new", "w", "--language", "python"])
        #expect(new.status == 0, "\(new.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("w/plugin.yaml")))
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "w"])
        #expect(check.status == 0, "\(check.standardError)")
    }
}
