import Foundation
import TestSupport
import Testing

/// Where plugins are found and when they start, through the built binary: never from the current
/// directory, the `Plugins/` folder beside a configuration, manifests that say what each plugin
/// serves, and a plugin started only for a kind or intent its manifest lists.
@Suite struct PluginDiscoveryTests {
    static let widget = #"{"kind": "Evil", "supportedFamilies": ["systemSmall"]}"#

    /// A scratch directory prepared by someone else: `Plugins/evil` declaring `Evil` and
    /// `EvilIntent`, in what will be the current directory.
    static func preparedDirectory() throws -> (TemporaryDirectory, ScratchPlugin) {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let evil = try ScratchPlugin.write(
            "evil", at: "Plugins/evil", in: scratch, manifest: "kinds: [Evil]\nintents: [EvilIntent]\n",
            widgets: [widget], intents: [#"{"type": "EvilIntent"}"#])
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("mine"), withIntermediateDirectories: true)
        try scratch.file("mine/widgets.yaml", "widgets:\n  - {id: e, kind: Evil}\n")
        return (scratch, evil)
    }

    @Test func noCommandRunsAPluginOfTheCurrentDirectory() throws {
        let (scratch, evil) = try Self.preparedDirectory()
        let validate = try scratch.widgethost(["validate", "mine/widgets.yaml"])
        #expect(validate.status == 65)
        #expect(validate.standardError.contains("mine/widgets.yaml:2:19: error: unknown widget kind 'Evil'"))
        let run = try scratch.widgethost(["run", "mine/widgets.yaml", "--store", "store"])
        #expect(run.status == 65)
        #expect(try scratch.widgethost(["describe", "Evil"]).status == 64)
        #expect(try scratch.widgethost(["describe"]).status == 0)
        #expect(try scratch.widgethost(["schema"]).status == 0)
        let perform = try scratch.widgethost(["perform", "EvilIntent", "--store", "store"])
        #expect(perform.status == 64)
        #expect(
            try scratch.widgethost(["plugins", "check"]).standardOutput.hasPrefix("No plugins found in "))
        #expect(evil.starts == 0)
    }

    /// An empty or relative `HOME` or `XDG_DATA_HOME` names no place: read as it is, it would be
    /// the current directory's `.local/share/widgethost/plugins`.
    @Test(arguments: [["HOME": "", "XDG_DATA_HOME": ""], ["HOME": "home", "XDG_DATA_HOME": ".local/share"]])
    func anEmptyOrRelativeHomeIsNoPlaceToLookIn(environment: [String: String]) throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        var evil: [ScratchPlugin] = []
        for place in [".local/share/widgethost/plugins/evil", "home/.local/share/widgethost/plugins/evil"] {
            evil.append(
                try ScratchPlugin.write(
                    "evil", at: place, in: scratch, manifest: "kinds: [Evil]\n",
                    widgets: [Self.widget]))
        }
        try scratch.file("widgets.yaml", "widgets:\n  - {id: e, kind: Evil}\n")
        let list = try WidgetHostProcess.run(
            ["plugins", "check"], environment: environment, directory: scratch.url)
        #expect(list.status == 0)
        #expect(
            list.standardOutput.hasPrefix("No plugins found: no place to look in"), "\(list.standardOutput)")
        let run = try WidgetHostProcess.run(
            ["run", "widgets.yaml", "--store", "store"], environment: environment, directory: scratch.url)
        #expect(run.status == 65)
        #expect(run.standardError.contains("unknown widget kind 'Evil'"), "\(run.standardError)")
        #expect(evil.map(\.starts) == [0, 0])
    }

    @Test func thePluginsFolderBesideAConfigurationComesWithIt() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let clock = try ScratchPlugin.write(
            "near", at: "conf/Plugins/near", in: scratch, manifest: "kinds: [Near]\n",
            widgets: [#"{"kind": "Near", "supportedFamilies": ["systemSmall"]}"#],
            view: #"{"type": "text", "text": "beside the config"}"#)
        try scratch.file("conf/widgets.yaml", "widgets:\n  - {id: n, kind: Near}\n")
        let result = try scratch.widgethost([
            "run", "conf/widgets.yaml", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""text":"beside the config""#))
        #expect(clock.starts == 1)
    }

    @Test func theSampleConfigurationReachesTheExamplesThroughItsPluginsList() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let config = TemporaryDirectory.repositoryURL.appendingPathComponent("config/widgets.yaml").path
        let result = try scratch.widgethost(["run", config, "--widget", "focus", "--store", "store"])
        #expect(result.status == 0, "\(result.standardError)")
        let check = try scratch.widgethost(["validate", config])
        #expect(check.status == 0, "\(check.standardError)")
        // The examples are found (so a typo of their kinds is caught) without being started.
        try scratch.file(
            "typo.yaml",
            "plugins: [\(TemporaryDirectory.repositoryURL.path)/Plugins/Examples]\n"
                + "widgets:\n  - {id: c, kind: PythonClok}\n")
        let typo = try scratch.widgethost(["validate", "typo.yaml"])
        #expect(typo.status == 65)
        #expect(typo.standardError.contains("unknown widget kind 'PythonClok'; did you mean 'PythonClock'?"))
    }

    /// A broken plugin (it exits at once) declaring `Broken`, and a good one declaring `Good`.
    static func brokenAndGood() throws -> (TemporaryDirectory, broken: ScratchPlugin, good: ScratchPlugin) {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let broken = try ScratchPlugin.write(
            "broken", in: scratch, manifest: "kinds: [Broken]\n",
            handshake: "{}", prelude: "sys.stderr.write('broken: no config\\n'); sys.exit(3)")
        let good = try ScratchPlugin.write(
            "good", in: scratch, manifest: "kinds: [Good]\n",
            widgets: [#"{"kind": "Good", "supportedFamilies": ["systemSmall"]}"#])
        return (scratch, broken, good)
    }

    @Test func aKindNobodyDeclaresIsUnknownWhateverStateAPluginIsIn() throws {
        let (scratch, broken, good) = try Self.brokenAndGood()
        try scratch.file(
            "widgets.yaml",
            "widgets:\n  - {id: t, kind: TaskWidgt}\n  - {id: b, kind: Brokn}\n  - {id: g, kind: Good}\n"
                + "  - {id: f, kind: Focus}\n")
        let result = try scratch.widgethost(["validate", "widgets.yaml", "--plugins", "plugins"])
        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "widgets.yaml:2:19: error: unknown widget kind 'TaskWidgt'; did you mean 'TaskWidget'?"),
            "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "widgets.yaml:3:19: error: unknown widget kind 'Brokn'; did you mean 'Broken'?"))
        #expect(
            result.standardError.contains(
                "widgets.yaml:5:19: error: unknown widget kind 'Focus'; did you mean 'FocusWidget'?"))
        // Only the plugin whose kind is used was started.
        #expect(broken.starts == 0)
        #expect(good.starts == 1)
    }

    @Test func aBrokenPluginFailsOnlyTheKindsItsManifestLists() throws {
        let (scratch, broken, good) = try Self.brokenAndGood()
        try scratch.file(
            "widgets.yaml", "widgets:\n  - {id: b, kind: Broken}\n  - {id: f, kind: FocusWidget}\n")
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""code":"plugin.exited""#))
        #expect(result.standardOutput.contains("broken: no config"))
        #expect(result.standardOutput.contains(#""kind":"FocusWidget""#))
        #expect(broken.starts == 2)
        #expect(good.starts == 0)
    }

    @Test func aManifestWithoutKindsSaysWhatToWrite() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "vague", in: scratch, manifest: "", widgets: [], trusted: false)
        let result = try scratch.widgethost(["plugins", "list", "--plugins", "plugins"])
        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "plugin.yaml:1:1: error: 'plugin' is missing the required key 'kinds': the widget kinds the "
                    + "plugin serves (widgethost starts a plugin only for a kind or intent its manifest lists); "
                    + "write 'kinds: []' for a plugin that serves intents only"),
            "\(result.standardError)")
    }

    @Test func aFIFOAsConfigurationOrManifestIsRefusedAtOnce() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("conf"), withIntermediateDirectories: true)
        #expect(mkfifo(scratch.path("conf/fifo.yaml"), 0o644) == 0)
        try scratch.file("conf/widgets.yaml", "widgets:\n  - {id: f, kind: FocusWidget}\n")
        let result = try scratch.widgethost(["validate", "conf"])
        #expect(!result.timedOut)
        #expect(result.status == 65)
        #expect(
            result.standardError.contains(
                "conf/fifo.yaml: error: is a FIFO (named pipe), not a regular file; it was not read"))
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("plugins/fifo"), withIntermediateDirectories: true)
        #expect(mkfifo(scratch.path("plugins/fifo/plugin.yaml"), 0o644) == 0)
        let list = try scratch.widgethost(["plugins", "list", "--plugins", "plugins/fifo"])
        #expect(!list.timedOut)
        #expect(list.status == 65)
        #expect(list.standardError.contains("is a FIFO (named pipe), not a regular file"))
    }
}
