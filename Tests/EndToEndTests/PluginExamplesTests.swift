import Foundation
import Testing

/// The two example plugins of `Plugins/Examples` through the built binary.
@Suite struct PluginExamplesTests {
    @Test func pythonAndSwiftExamplesRunNextToABuiltIn() throws {
        let scratch = try ScratchDirectory()
        let swiftFolder = scratch.url.appendingPathComponent("countdown")
        try FileManager.default.createDirectory(at: swiftFolder, withIntermediateDirectories: true)
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent()
            .appendingPathComponent("countdown-swift")
        try "name: countdown-swift\nexecutable: \(binary.path)\n"
            .write(to: swiftFolder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        let python = ScratchDirectory.repositoryURL.appendingPathComponent("Plugins/Examples/python-clock")
        try scratch.file(
            "widgets.yaml",
            """
            plugins: [\(python.path)]
            widgets:
              - {id: clock, kind: PythonClock, configuration: {label: Oslo, utcOffset: 1}}
              - {id: launch, kind: Countdown, configuration: {event: Launch, date: 2026-12-24T00:00:00Z}}
              - {id: focus, kind: FocusWidget}
            """)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "countdown", "--format", "ndjson", "--at",
            "2026-11-29T12:00:00Z",
            "--store", "store",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines.first?.contains(#""entry":{"time":"13:00"},"view":{"type":"text","text":"Oslo 13:00"}"#)
                == true)
        #expect(lines.dropFirst().first?.contains(#""entry":{"event":"Launch","daysLeft":25}"#) == true)
        #expect(lines.last?.contains(#""kind":"FocusWidget""#) == true)
    }

    @Test func pluginsListShowsManifestProblemsWithoutRunningAnything() throws {
        let scratch = try ScratchDirectory()
        let folder = scratch.url.appendingPathComponent("plugins/broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "name: broken\nexecutable: missing.sh\n"
            .write(to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        let result = try scratch.widgethost(["plugins", "list", "--plugins", "plugins"])
        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "plugin.yaml:2:13: error: the executable 'missing.sh' does not exist"))
        #expect(result.standardOutput.contains("(invalid manifest)"))
    }
}
