import Foundation
import TestSupport
import Testing

/// What a plugin may reach beyond itself, through the built binary: its controls run only the
/// intents it declares, its reloads name only its own kinds, its descendants end with it, and its
/// exit is reported as an exit even while a descendant holds its stdout.
@Suite struct PluginBoundaryTests {
    static let widget = #"{"kind": "Mine", "supportedFamilies": ["systemSmall"]}"#

    /// A plugin's prelude that double-forks a grandchild into a session of its own (`setsid()`),
    /// which writes its process id to `grandchild` in the plugin's folder and sleeps two minutes.
    static let setsidGrandchild = """
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                with open(os.path.join(HERE, "grandchild"), "w") as f:
                    f.write(str(os.getpid()))
                time.sleep(120)
            os._exit(0)

        """

    @Test func aControlRunsOnlyAnIntentItsOwnPluginDeclares() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let view = """
            {"type": "vstack", "children": [
              {"type": "button", "intent": {"type": "GhostIntent", "parameters": {}}, "children": []},
              {"type": "toggle", "isOn": false, "intent": {"type": "ToggleFocusModeIntent", "parameters": {"value": true}},
               "children": []}]}
            """
        try ScratchPlugin.write(
            "forgetful", in: scratch, manifest: "kinds: [Mine]\n", widgets: [Self.widget], view: view)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: m, kind: Mine}\n")
        let common = ["widgets.yaml", "--plugins", "plugins", "--store", "store"]
        let run = try scratch.widgethost(["run"] + common)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "warning: plugin 'forgetful', widget 'Mine': a control runs the intent 'GhostIntent', which the "
                    + "plugin 'forgetful' does not declare, so tapping it fails; declare it in the plugin's "
                    + "initialize reply ('intents') and its manifest ('intents: [GhostIntent]'; a Swift bundle "
                    + "lists GhostIntent.self in its `intents`)"),
            "\(run.standardError)")
        let ghost = try scratch.widgethost(["tap", "m", "1"] + common)
        #expect(ghost.status == 1)
        #expect(
            ghost.standardError.hasPrefix(
                "error: control 1 of 'm' cannot run: a control runs the intent 'GhostIntent', which the plugin "
                    + "'forgetful' does not declare"),
            "\(ghost.standardError)")
        // A built-in intent it does not declare does not run either: the focus mode stays off.
        let builtIn = try scratch.widgethost(["tap", "m", "2", "--format", "json"] + common)
        #expect(builtIn.status == 1)
        #expect(builtIn.standardOutput.contains(#""code":"plugin.undeclared-intent""#))
        let export = try scratch.widgethost(["store", "export", "--format", "json", "--store", "store"])
        #expect(!export.standardOutput.contains(#""isOn":true"#), "\(export.standardOutput)")
    }

    @Test func aPluginReloadsOnlyItsOwnKinds() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "greedy", in: scratch, manifest: "kinds: [Mine]\nintents: [SyncIntent]\n",
            widgets: [Self.widget], intents: [#"{"type": "SyncIntent"}"#],
            perform: #"{"value": 1, "reload": ["Mine", "TaskWidget"]}"#)
        let result = try scratch.widgethost([
            "perform", "SyncIntent", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""reloaded":["Mine"]"#), "\(result.standardOutput)")
        #expect(
            result.standardError.contains(
                "the plugin 'greedy' asked to reload 'TaskWidget', which is not one of its kinds (Mine); ignored"
            ),
            "\(result.standardError)")
    }

    @Test(.ownThreads) func aSetsidGrandchildEndsWithThePluginAndTheExitIsReportedAsAnExit() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let grandchild = scratch.url.appendingPathComponent("plugins/leaky/grandchild")
        try ScratchPlugin.write(
            "leaky", in: scratch, manifest: "kinds: [Mine]\ntimeouts: {timeline: 20}\n",
            widgets: [Self.widget],
            prelude: "import time\n" + Self.setsidGrandchild,
            onRender: "sys.stderr.write('leaky: giving up\\n'); sys.stderr.flush(); os._exit(4)")
        try scratch.file("widgets.yaml", "widgets:\n  - {id: m, kind: Mine}\n")
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""code":"plugin.exited""#), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("exited with status 4"))
        // Well under the 20 s timeline timeout: the exit was seen as an exit.
        #expect(result.duration < .seconds(10))
        let pid = try #require(Int32(try String(contentsOf: grandchild, encoding: .utf8)))
        // The double-forked, setsid() grandchild is gone with widgethost.
        #expect(kill(pid, 0) != 0)
    }

    /// SIGINT, SIGTERM or SIGHUP (Ctrl-C, `kill`, a closed terminal) to a `run` whose plugin is
    /// busy (it ignores SIGTERM, and its stdin's end does not reach it) ends the plugin and its
    /// setsid() grandchild with widgethost, which dies of the signal as it would have.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalToRunEndsItsPluginsToo(signal: Int32) throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "stuck", in: scratch, manifest: "kinds: [Mine]\ntimeouts: {timeline: 120}\n",
            widgets: [Self.widget],
            prelude: "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                + Self.setsidGrandchild,
            onRender: """
                with open(os.path.join(HERE, "busy"), "w") as f:
                    f.write(str(os.getpid()))
                time.sleep(120)
                """)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: m, kind: Mine}\n")
        let run = try WatchProcess(
            ["widgets.yaml", "--plugins", "plugins", "--store", "store"], in: scratch, command: "run")
        let folder = scratch.url.appendingPathComponent("plugins/stuck")
        let deadline = Date().addingTimeInterval(30)
        var pids: [Int32] = []
        while Date() < deadline {
            pids = ["busy", "grandchild"].compactMap { name in
                (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).flatMap {
                    Int32($0)
                }
            }
            if pids.count == 2 { break }
            usleep(20_000)
        }
        try #require(pids.count == 2, "the plugin never got busy: \(run.standardError)")
        #expect(run.stop(signal) == signal)
        // Killed, and reaped by whoever adopted them: gone within a moment.
        let gone = Date().addingTimeInterval(10)
        while pids.contains(where: { kill($0, 0) == 0 }) && Date() < gone { usleep(20_000) }
        for pid in pids { #expect(kill(pid, 0) != 0, "process \(pid) outlived widgethost") }
    }

    @Test func aSwiftBundleThatForgetsAnIntentItsButtonRunsIsToldTheFix() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent()
            .appendingPathComponent("forgetful-swift")
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("plugins/forgetful"), withIntermediateDirectories: true)
        try scratch.file(
            "plugins/forgetful/plugin.yaml",
            "name: forgetful\nexecutable: \(binary.path)\nkinds: [Forgetful]\n")
        try scratch.file("widgets.yaml", "widgets:\n  - {id: f, kind: Forgetful}\n")
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "plugin 'forgetful' failed 'timeline': the view of 'Forgetful' has a button running 'NudgeIntent', "
                    + "which the bundle does not list in its intents, so tapping it could not run; add "
                    + "NudgeIntent.self to the bundle's `intents` (and 'NudgeIntent' to the manifest's `intents:`)"
            ),
            "\(result.standardOutput)")
    }
}
