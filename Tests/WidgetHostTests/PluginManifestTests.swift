import Diagnostics
import Foundation
import PluginHosting
import TestSupport
import Testing
import WidgetHost

@Suite struct PluginManifestTests {
    /// A plugin folder holding `manifest` and, when named, an `executable` shell script.
    func folder(_ manifest: String, executable: String? = nil, mode: Int = 0o755) throws -> TemporaryDirectory
    {
        let directory = try TemporaryDirectory()
        let folder = directory.url
        try manifest.write(
            to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        if let executable {
            let url = folder.appendingPathComponent(executable)
            try "#!/bin/sh\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        return directory
    }

    @Test func aValidManifestResolvesTheExecutableAndTimeouts() throws {
        let folder = try folder(
            "name: clock\nexecutable: run.sh\narguments: [-v]\ntimeouts: {timeline: 1.5, initialize: 2}\nkinds: []\n",
            executable: "run.sh")
        let (manifest, diagnostics) = PluginManifest.read(folder: folder.url.path)
        #expect(diagnostics.isEmpty)
        let read = try #require(manifest)
        #expect(read.name == "clock")
        #expect(read.executable.hasSuffix("/run.sh"))
        #expect(read.arguments == ["-v"])
        #expect(read.timeouts.seconds(for: "timeline") == 1.5)
        #expect(read.timeouts.seconds(for: "initialize") == 2)
        #expect(read.timeouts.seconds(for: "perform") == 30)
        #expect(read.timeouts.seconds(for: "placeholder") == 2)
    }

    @Test func kindsAndIntentsAreReadAndNoIntentsMeansNone() throws {
        let declared = try folder(
            "name: clock\nexecutable: run.sh\nkinds: [Clock, Alarm]\nintents: []\n", executable: "run.sh")
        let (manifest, diagnostics) = PluginManifest.read(folder: declared.url.path)
        #expect(diagnostics.isEmpty)
        #expect(manifest?.kinds == ["Clock", "Alarm"])
        #expect(manifest?.intents == [])
        let silent = try folder("name: clock\nexecutable: run.sh\nkinds: [Clock]\n", executable: "run.sh")
        let read = PluginManifest.read(folder: silent.url.path).manifest
        #expect(read != nil && read?.kinds == ["Clock"] && read?.intents == [])
    }

    @Test(
        arguments: [
            (
                "executable: run.sh\nkinds: []\n", "run.sh", 0o755,
                "1:1: error: 'plugin' is missing the required key 'name'"
            ),
            (
                "name: x\nexecutable: nope.sh\nkinds: []\n", nil, 0o755,
                "2:13: error: the executable 'nope.sh' does not exist"
            ),
            (
                "name: x\nexecutable: run.sh\nkinds: []\n", "run.sh", 0o644,
                "2:13: error: the file 'run.sh' is not executable"
            ),
            (
                "name: x\nexecutable: run.sh\ntimeouts: {timeline: -1}\nkinds: []\n", "run.sh", 0o755,
                "3:22: error: the timeout of 'timeline' must be a positive number"
            ),
            (
                "name: x\nexecutable: run.sh\nkinds: Clock\n", "run.sh", 0o755,
                "3:8: error: 'kinds' must be a list"
            ),
            (
                "name: x\nexecutable: run.sh\nkinds: []\nintents: [A, B, A]\n", "run.sh", 0o755,
                "4:17: error: 'A' is listed twice in 'intents'"
            ),
            (
                "name: x\nexecutable: run.sh\ntimeouts: {perform: 601}\nkinds: []\n", "run.sh", 0o755,
                "3:21: error: the timeout of 'perform' is 601 seconds; at most 600 (ten minutes) is allowed"
            ),
            (
                "name: x\nexecutable: run.sh\n", "run.sh", 0o755,
                "1:1: error: 'plugin' is missing the required key 'kinds': the widget kinds the plugin serves"
            ),
            (
                "name: x\nexecutable: run.sh\nkinds: [A, B, A]\n", "run.sh", 0o755,
                "3:15: error: 'A' is listed twice in 'kinds'"
            ),
            (
                "name: x\nexecutable: run.sh\ntimout: 3\nkinds: []\n", "run.sh", 0o755,
                "3:1: error: unknown key 'timout' in 'plugin'; did you mean 'timeouts'?"
            ),
        ] as [(String, String?, Int, String)])
    func manifestProblemsAreDiagnosticsAtTheirLine(
        _ text: String, _ executable: String?, _ mode: Int, _ expected: String
    ) throws {
        let folder = try folder(text, executable: executable, mode: mode)
        let (manifest, diagnostics) = PluginManifest.read(folder: folder.url.path)
        #expect(manifest == nil)
        let rendered = diagnostics.map(\.description)
        #expect(
            rendered.contains { $0.contains("plugin.yaml:" + expected) }, "\(rendered)")
    }

    /// An executable that names a folder is said to be one, not to be missing.
    @Test func anExecutableThatIsAFolderIsSaidToBeOne() throws {
        let directory = try folder("name: x\nexecutable: bin\nkinds: []\n", executable: nil)
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("bin"), withIntermediateDirectories: false)
        let (manifest, diagnostics) = PluginManifest.read(folder: directory.url.path)
        #expect(manifest == nil)
        #expect(diagnostics.map(\.code) == [.pluginExecutableNotExecutable])
        #expect(diagnostics.first?.message.hasPrefix("the executable 'bin' is a folder (") == true)
    }

    @Test func aFIFONamedPluginYamlIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("plugin.yaml").path
        #expect(mkfifo(path, 0o644) == 0)
        let (manifest, diagnostics) = PluginManifest.read(folder: directory.url.path)
        #expect(manifest == nil)
        #expect(
            diagnostics.map(\.description) == [
                "\(path): error: is a FIFO (named pipe), not a regular file; it was not read "
                    + "(reading it could wait forever)"
            ])
    }
}
