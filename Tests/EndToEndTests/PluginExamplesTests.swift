import Foundation
import TestSupport
import Testing

/// The two example plugins of `Plugins/Examples` through the built binary.
@Suite struct PluginExamplesTests {
    @Test func pythonAndSwiftExamplesRunNextToABuiltIn() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let swiftFolder = scratch.url.appendingPathComponent("countdown")
        try FileManager.default.createDirectory(at: swiftFolder, withIntermediateDirectories: true)
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent()
            .appendingPathComponent("countdown-swift")
        try "name: countdown-swift\nexecutable: \(binary.path)\nkinds: [Countdown]\nintents: [RemindIntent]\n"
            .write(to: swiftFolder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        let python = TemporaryDirectory.repositoryURL.appendingPathComponent("Plugins/Examples/python-clock")
        try scratch.file(
            "widgets.yaml",
            """
            plugins: [\(python.path)]
            widgets:
              - {id: clock, kind: PythonClock, configuration: {label: Oslo, utcOffset: 1}}
              - {id: launch, kind: Countdown, configuration: {event: Launch, date: 2026-12-24T00:00:00Z}}
              - {id: focus, kind: FocusWidget}
            """)
        try scratch.trustPlugins(["widgets.yaml"])
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "countdown", "--format", "ndjson", "--at",
            "2026-11-29T12:00:00Z",
            "--store", "store",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines.first?.contains(
                #""entry":{"time":"13:00"},"view":{"type":"vstack","children":[{"type":"text","text":"Oslo 13:00"}"#
            )
                == true)
        #expect(lines.dropFirst().first?.contains(#""entry":{"event":"Launch","daysLeft":25}"#) == true)
        #expect(lines.last?.contains(#""kind":"FocusWidget""#) == true)
    }

    @Test func pluginsListShowsManifestProblemsWithoutRunningAnything() throws {
        let scratch = try TemporaryDirectory()
        let folder = scratch.url.appendingPathComponent("plugins/broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: broken\nexecutable: missing.sh\nkinds: [Broken]\n"
            .write(to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        let result = try scratch.widgethost(["plugins", "list", "--plugins", "plugins"])
        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "plugin.yaml:2:13: error: the executable 'missing.sh' does not exist"))
        #expect(result.standardOutput.contains("(invalid manifest)"))
    }

    // MARK: - The intent of python-clock

    static let python = TemporaryDirectory.repositoryURL.appendingPathComponent(
        "Plugins/Examples/python-clock")

    /// A scratch directory with `widgets.yaml` holding one python-clock widget, `clock`.
    static func clockScratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "widgets.yaml",
            """
            plugins: [\(python.path)]
            widgets:
              - {id: clock, kind: PythonClock, configuration: {label: Oslo, utcOffset: 1}}
            """)
        try scratch.trustPlugins(["widgets.yaml"])
        return scratch
    }

    @Test func performSendsAPluginIntentToItsPluginAndRecordsItsReloads() throws {
        let scratch = try Self.clockScratch()
        try scratch.initStore()
        let run = ["run", "widgets.yaml", "--store", "store", "--format", "ndjson"]
        // A first run records the widget's evaluation; the intent's reload request comes after it.
        #expect(try scratch.widgethost(run).standardOutput.contains(#""reloadRequested":false"#))
        let text = try scratch.widgethost([
            "perform", "ChimeIntent", "times=3", "--plugins", Self.python.path, "--store", "store",
        ])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput
                == "ChimeIntent: bell bell bell!\nvalue: \"bell bell bell\"\nreloaded: PythonClock\n")
        #expect(text.standardError == "")
        let json = try scratch.widgethost([
            "perform", "ChimeIntent", "sound=gong", "--plugins", Self.python.path, "--store", "store",
            "--format", "json",
        ])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(
            json.standardOutput
                == #"{"intent":"ChimeIntent","value":"gong","dialog":"gong!","reloaded":["PythonClock"]}"#
                + "\n")
        let after = try scratch.widgethost(run)
        #expect(after.standardOutput.contains(#""reloadRequested":true"#), "\(after.standardOutput)")
    }

    @Test(arguments: [
        (["times=13"], 65, "error: 'times' must be an integer from 1 to 12, not 13\n"),
        (["sound=harp"], 65, "error: 'harp' is not a sound; expected one of bell, gong\n"),
        (["tims=2"], 64, "Error: ChimeIntent has no parameter 'tims'; did you mean 'times'?\n"),
    ])
    func pluginIntentValuesAreCheckedBeforeAnythingIsSent(
        arguments: [String], status: Int32, message: String
    ) throws {
        let scratch = try Self.clockScratch()
        let result = try scratch.widgethost(
            ["perform", "ChimeIntent"] + arguments + ["--plugins", Self.python.path, "--store", "store"])
        #expect(result.status == status)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        // Nothing was sent, so nothing asked for a reload.
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("store").path))
    }

    @Test func anUnknownIntentNamesThePluginsIntentsToo() throws {
        let scratch = try Self.clockScratch()
        let result = try scratch.widgethost(["perform", "ChimeIntnt", "--plugins", Self.python.path])
        result.expectFailed(
            64,
            firstErrorLine:
                "Error: No intent is named 'ChimeIntnt'. Did you mean 'ChimeIntent'? Plugins were "
                + "looked for in \(scratch.path("data/widgethost/plugins")), \(Self.python.path). Name a plugin "
                + "folder with --plugins DIR, or a configuration whose plugins to take with --config PATH.")
    }

    @Test func tapOfAPluginButtonPerformsItsIntentInThePlugin() throws {
        let scratch = try Self.clockScratch()
        try scratch.initStore()
        let result = try scratch.widgethost([
            "tap", "clock", "1", "widgets.yaml", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == #"{"widget":"clock","control":1,"intent":"ChimeIntent","value":"gong gong","dialog":"gong gong!","#
                + #""reloaded":["PythonClock"]}"# + "\n")
        let text = try scratch.widgethost(["tap", "clock", "1", "widgets.yaml", "--store", "store"])
        #expect(
            text.standardOutput == "ChimeIntent: gong gong!\nvalue: \"gong gong\"\nreloaded: PythonClock\n")
    }

    @Test func describeListsPluginIntentsWithTheirDeclaredParameters() throws {
        let scratch = try TemporaryDirectory()
        let text = try scratch.widgethost(["describe", "ChimeIntent", "--plugins", Self.python.path])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput == """
                Intents:

                ChimeIntent (Chime)
                  Rings the clock's bell.
                  parameters:
                    times  integer from 1 to 12  default 1         "Times"
                    sound  one of bell, gong     default "bell"    "Sound"

                """)
        let json = try scratch.widgethost(["describe", "--plugins", Self.python.path, "--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(
            json.standardOutput.contains(
                #"{"type":"ChimeIntent","title":"Chime","description":"Rings the clock's bell.","parameters":[{"name":"times""#
            ))
        #expect(json.standardOutput.contains(#"{"type":"ToggleTaskIntent""#))
        let all = try scratch.widgethost(["describe", "--plugins", Self.python.path])
        #expect(all.standardOutput.contains("ToggleFocusModeIntent (Toggle Focus Mode)"))
        #expect(all.standardOutput.contains("\nChimeIntent (Chime)\n"))
    }

    // MARK: - The Swift SDK's server

    @Test func printFromSwiftPluginCodeGoesToStderrNotTheProtocol() throws {
        let scratch = try TemporaryDirectory()
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent()
            .appendingPathComponent("countdown-swift")
        let input = try scratch.file(
            "requests",
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":2,"method":"timeline","params":{"kind":"Countdown","#
                + #""family":"systemSmall","#
                + #""configuration":{"event":"Launch","date":"2026-12-24T00:00:00Z"},"date":"2026-11-29T12:00:00Z","#
                + #""isPreview":false,"container":"\#(scratch.url.path)"}}"# + "\n")
        let output = scratch.url.appendingPathComponent("stdout")
        let errors = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.environment = ["WIDGETHOST_PLUGIN": "1"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":"#) == true, "\(lines)")
        #expect(
            lines.last?.contains(
                #""entries":[{"date":"2026-11-29T12:00:00Z","data":{"event":"Launch","daysLeft":25}"#)
                == true, "\(lines)")
        #expect(try String(contentsOf: errors, encoding: .utf8).contains("countdown: 25 days to Launch\n"))
    }
}
