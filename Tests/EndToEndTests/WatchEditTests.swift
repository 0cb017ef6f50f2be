import Foundation
import RawHTTP
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `widgethost watch`, run as the built binary, following edits of what it hosts: configuration
/// files made while it runs, the files an `include:` glob comes to match, the order of the widgets,
/// and plugin manifests.
@Suite struct WatchEditTests {
    /// A scratch directory with an empty store and the configuration directory `dcfg` holding
    /// `files` (name and text).
    static func scratch(_ files: [(String, String)]) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        for (name, text) in files {
            let url = scratch.url.appendingPathComponent("dcfg/\(name)")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try scratch.file("dcfg/\(name)", text)
        }
        return scratch
    }

    static func store(_ scratch: TemporaryDirectory) -> [String: String] {
        ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
    }

    static func isDiagnostics(_ event: [String: Any]) -> Bool {
        event["event"] as? String == "diagnostics"
    }

    /// A file created in a watched directory is read once its writer closes it, as an edit is,
    /// not while it is still empty; a link, whole as it is made, is read at once.
    @Test func aNewFileIsReadOnceItsWriterClosesIt() throws {
        let scratch = try Self.scratch([("a.yaml", "widgets:\n  - id: focus\n    kind: FocusWidget\n")])
        let watch = try WatchProcess(["dcfg", "--format", "ndjson"], in: scratch)
        #expect(watch.wait(isWidgetEvent("start", id: "focus")).count == 1)

        // Created and left open, empty, as `(sleep 2; printf ...) > dcfg/b.yaml` leaves it.
        let seen = watch.events.count
        let descriptor = open(scratch.path("dcfg/b.yaml"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        // inotify reports in order: once this request is answered, the creation was seen.
        #expect(
            try scratch.widgethost(["reload", "FocusWidget"], environment: Self.store(scratch)).status == 0)
        #expect(watch.wait(after: seen, isWidgetEvent("request", id: "focus")).count == 1)
        let text = Array("widgets:\n  - id: qm\n    kind: Quickmenu\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)
        #expect(watch.wait(after: seen, isWidgetEvent("config", id: "qm")).count == 1)
        #expect(watch.events.dropFirst(seen).filter(Self.isDiagnostics).isEmpty)

        // A symbolic link has no close to wait for.
        try scratch.file("elsewhere.yaml", "widgets:\n  - id: linked\n    kind: FocusWidget\n")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("dcfg/c.yaml"), withDestinationPath: scratch.path("elsewhere.yaml"))
        #expect(watch.wait(after: seen, isWidgetEvent("config", id: "linked")).count == 1)
        #expect(watch.events.dropFirst(seen).filter(Self.isDiagnostics).isEmpty)
        #expect(watch.stop() == 0)
        #expect(watch.standardError == "")
    }

    /// A configuration folder replaced whole (`rm -rf c; mkdir c; ...`, as a checkout or a deploy
    /// does) is followed: what the new folder holds is loaded, and later saves in it are read.
    /// Before, the watch stayed on the deleted folder: `config.not-found`, then nothing.
    @Test func aConfigurationFolderReplacedWholeIsStillFollowed() throws {
        let scratch = try Self.scratch([("main.yaml", "widgets:\n  - id: w\n    kind: FocusWidget\n")])
        let watch = try WatchProcess(["dcfg", "--format", "ndjson"], in: scratch)
        #expect(watch.wait(isWidgetEvent("start", id: "w")).count == 1)
        var seen = watch.events.count
        try FileManager.default.removeItem(atPath: scratch.path("dcfg"))
        try FileManager.default.createDirectory(
            atPath: scratch.path("dcfg"), withIntermediateDirectories: false)
        try scratch.file("dcfg/main.yaml", "widgets:\n  - id: w\n    kind: Quickmenu\n")
        let replaced = watch.wait(after: seen) {
            isWidgetEvent("config", id: "w")($0) && $0["kind"] as? String == "Quickmenu"
        }
        #expect(replaced.count == 1)

        seen = watch.events.count
        try scratch.file("dcfg/main.yaml", "widgets:\n  - id: w\n    kind: FocusWidget\n")
        let saved = watch.wait(after: seen) {
            isWidgetEvent("config", id: "w")($0) && $0["kind"] as? String == "FocusWidget"
        }
        #expect(saved.count == 1)
        #expect(watch.stop() == 0)
    }

    /// When the kernel's queue of file events overflows (more than 16,384 waiting: here while the
    /// host is stopped), the edits it dropped are still read: the configuration is loaded again
    /// as if every watched file had changed. Before, an edit lost in the overflow was never seen.
    @Test func editsLostInAnOverflowOfFileEventsAreStillRead() throws {
        let scratch = try Self.scratch([("main.yaml", "widgets:\n  - id: w\n    kind: FocusWidget\n")])
        let watch = try WatchProcess(["dcfg", "--format", "ndjson"], in: scratch)
        #expect(watch.wait(isWidgetEvent("start", id: "w")).count == 1)
        let seen = watch.events.count
        #expect(kill(watch.pid, SIGSTOP) == 0)
        // Each file made is two events (created, closed): twice the kernel's default queue.
        let queue =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
        for index in 0..<queue {
            FileManager.default.createFile(atPath: scratch.path("dcfg/noise-\(index).txt"), contents: nil)
        }
        try scratch.file("dcfg/main.yaml", "widgets:\n  - id: w\n    kind: Quickmenu\n")
        #expect(kill(watch.pid, SIGCONT) == 0)
        let edited = watch.wait(after: seen, timeout: 30, isWidgetEvent("config", id: "w"))
        #expect(edited.first?["kind"] as? String == "Quickmenu")
        #expect(watch.stop() == 0)
    }

    /// A file that comes to match an `include:` glob is loaded, its edits followed, and one that
    /// goes is dropped, as for the files the glob matched at start; so is one in a directory the
    /// glob names that did not exist yet.
    @Test func filesComingToMatchAnIncludeGlobAreLoadedAndGoingOnesDropped() throws {
        let scratch = try Self.scratch([
            (
                "main.yaml",
                "include: [shared/*.yaml, more/*.yaml]\nwidgets:\n  - id: own\n    kind: FocusWidget\n"
            ),
            ("shared/f1.yaml", "widgets:\n  - id: s1\n    kind: FocusWidget\n"),
        ])
        let watch = try WatchProcess(["dcfg/main.yaml", "--format", "ndjson"], in: scratch)
        #expect(watch.wait(for: 2, isWidgetEvent("start")).map { $0["id"] as? String } == ["s1", "own"])

        var seen = watch.events.count
        try scratch.file("dcfg/shared/f2.yaml", "widgets:\n  - id: s2\n    kind: FocusWidget\n")
        #expect(watch.wait(after: seen, isWidgetEvent("config", id: "s2")).count == 1)

        seen = watch.events.count
        try scratch.file("dcfg/shared/f2.yaml", "widgets:\n  - id: s2\n    kind: Quickmenu\n")
        let edited = watch.wait(after: seen, isWidgetEvent("config", id: "s2"))
        #expect(edited.first?["kind"] as? String == "Quickmenu")

        seen = watch.events.count
        try FileManager.default.removeItem(atPath: scratch.path("dcfg/shared/f1.yaml"))
        let removed = watch.wait(after: seen) { $0["event"] as? String == "removed" }
        #expect(removed.map { $0["id"] as? String } == ["s1"])

        // The glob's directory is made after the start.
        seen = watch.events.count
        try FileManager.default.createDirectory(
            atPath: scratch.path("dcfg/more"), withIntermediateDirectories: false)
        try scratch.file("dcfg/more/m.yaml", "widgets:\n  - id: m1\n    kind: FocusWidget\n")
        #expect(watch.wait(after: seen, isWidgetEvent("config", id: "m1")).count == 1)
        // `more/*.yaml` was warned of at the start (it matched no file); the load that finds a file
        // for it says there is nothing to warn of any more, so that the warning can be cleared.
        let first = watch.events.first(where: Self.isDiagnostics)?["diagnostics"] as? [[String: Any]]
        #expect(first?.map { $0["code"] as? String } == ["config.include-no-match"])
        let last = watch.events.dropFirst(seen).last(where: Self.isDiagnostics)
        #expect((last?["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(watch.stop() == 0)
    }

    /// The configuration `main.yaml` of widgets `ids` (each a FocusWidget but `b`, a Quickmenu), in
    /// that order.
    static func ordered(_ ids: [String]) -> String {
        "widgets:\n"
            + ids.map { "  - id: \($0)\n    kind: \($0 == "b" ? "Quickmenu" : "FocusWidget")\n" }.joined()
    }

    /// Waits (at most `timeout` seconds) until `condition` holds; whether it did.
    static func eventually(timeout: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            usleep(20_000)
        }
    }

    /// After every edit, what is hosted keeps the configuration's order, as `run` has it: a widget
    /// removed and put back where it was, and widgets reordered, are told in an `order` event, and
    /// `serve` lists them in that order in `/api/widgets`, on its page and in a new event stream.
    @Test func theWidgetsKeepTheConfigurationsOrderAfterEveryEdit() throws {
        let scratch = try Self.scratch([("main.yaml", Self.ordered(["a", "b", "c"]))])
        let config = scratch.url.appendingPathComponent("dcfg/main.yaml")
        let watch = try WatchProcess(["dcfg", "--format", "ndjson"], in: scratch)
        #expect(watch.wait(for: 3, isWidgetEvent("start")).map { $0["id"] as? String } == ["a", "b", "c"])
        let served = try ServeCommandTests.serve(["dcfg"], scratch: scratch)
        func isOrder(_ event: [String: Any]) -> Bool { event["event"] as? String == "order" }
        func apiOrder() throws -> [String] {
            let api = try served.request("GET", "/api/widgets")
            let widgets = try JSONText.object(api.body)["widgets"] as? [[String: Any]] ?? []
            return widgets.compactMap { $0["id"] as? String }
        }
        func runOrder() throws -> [String] {
            let run = try scratch.widgethost(
                ["run", "dcfg", "--format", "json"], environment: Self.store(scratch))
            let widgets = try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]] ?? []
            return widgets.compactMap { $0["id"] as? String }
        }

        // Removed: the removal says it all.
        var seen = watch.events.count
        try Self.ordered(["a", "c"]).write(to: config, atomically: true, encoding: .utf8)
        #expect(watch.wait(after: seen) { $0["event"] as? String == "removed" }.count == 1)
        #expect(try Self.eventually { try apiOrder() == ["a", "c"] })

        // Put back where it was: new, then the order.
        seen = watch.events.count
        try Self.ordered(["a", "b", "c"]).write(to: config, atomically: true, encoding: .utf8)
        let back = watch.wait(after: seen, isOrder)
        #expect(back.first?["ids"] as? [String] == ["a", "b", "c"])
        #expect(
            watch.events.dropFirst(seen).filter(isWidgetEvent("config")).map { $0["id"] as? String } == ["b"])
        #expect(try runOrder() == ["a", "b", "c"])
        #expect(try Self.eventually { try apiOrder() == ["a", "b", "c"] }, "\((try? apiOrder()) ?? [])")

        // Reordered: nothing else changed, so the order is all there is to tell.
        seen = watch.events.count
        try Self.ordered(["c", "a", "b"]).write(to: config, atomically: true, encoding: .utf8)
        #expect(watch.wait(after: seen, isOrder).first?["ids"] as? [String] == ["c", "a", "b"])
        #expect(try runOrder() == ["c", "a", "b"])
        #expect(try Self.eventually { try apiOrder() == ["c", "a", "b"] }, "\((try? apiOrder()) ?? [])")
        let page = try served.request("GET", "/")
        let cards = page.body.matches(of: /data-widget-id="([a-z]+)"/).map { String($0.output.1) }
        #expect(cards == ["c", "a", "b"])
        let events = try EventStreamReader(served)
        #expect(events.wait { $0.cards.count >= 3 })
        #expect(events.cards.prefix(3).map { $0["id"] as? String } == ["c", "a", "b"])
        events.close()
        #expect(watch.events.dropFirst(seen).filter(isWidgetEvent("config")).isEmpty)
        #expect(watch.stop() == 0)
        #expect(served.process.stop() == 0)
    }

    /// An edit of a plugin's manifest is read when the plugin restarts: a manifest that cannot be
    /// used, or that no longer lists the widget's kind, is reported as diagnostics and its widgets
    /// fail with why (other widgets untouched) until it is fixed; a new timeout is the one used.
    @Test(.ownThreads) func aPluginsManifestEditIsReadWhenItRestarts() throws {
        let scratch = try Self.scratch([
            (
                "main.yaml",
                "plugins: [../plugins/slow]\nwidgets:\n  - id: slow\n    kind: Slow\n"
                    + "  - id: focus\n    kind: FocusWidget\n"
            )
        ])
        // Its timeline takes 0.6 s: twice a 0.3 s timeout, far less than ten seconds.
        let plugin = try ScratchPlugin.write(
            "slow", in: scratch, manifest: "kinds: [Slow]\ntimeouts: {timeline: 10}\n",
            widgets: [#"{"kind": "Slow", "supportedFamilies": ["systemSmall"], "parameters": []}"#],
            prelude: "import time", onRender: "time.sleep(0.6)")
        let manifest = plugin.folder.appendingPathComponent("plugin.yaml")
        func edit(_ text: String) throws {
            try ("name: slow\nexecutable: plugin.py\n" + text).write(
                to: manifest, atomically: true, encoding: .utf8)
        }
        func isSlow(_ event: [String: Any]) -> Bool { isWidgetEvent("plugin", id: "slow")(event) }
        func error(_ event: [String: Any]?) -> [String: Any]? { event?["error"] as? [String: Any] }

        let watch = try WatchProcess(["dcfg", "--format", "ndjson"], in: scratch)
        let started = watch.wait(for: 2, isWidgetEvent("start"))
        #expect(started.map { $0["id"] as? String } == ["slow", "focus"])
        #expect(started.first?["entry"] != nil)
        // The plugin's folder is watched once its widget is first shown, after the start is
        // reported: an edit made before was missed, and this test waited 30 s for nothing. A
        // request answered proves it watched (inotify reports in order, and the host adds its
        // watches before it reads its next event).
        var seen = watch.events.count
        #expect(
            try scratch.widgethost(["reload", "FocusWidget"], environment: Self.store(scratch)).status == 0)
        #expect(watch.wait(after: seen, isWidgetEvent("request", id: "focus")).count == 1)
        let fenced = watch.events.count

        // Broken YAML: the manifest's diagnostic, and the widget fails with it.
        seen = watch.events.count
        try edit("executable: [oops\nkinds: [Slow]\n")
        let broken = watch.wait(after: seen) { isSlow($0) && $0["error"] != nil }.first
        #expect(error(broken)?["code"] as? String == "yaml.syntax")
        #expect((error(broken)?["message"] as? String)?.contains("plugins/slow/plugin.yaml:") == true)
        let reported = watch.events.dropFirst(seen).filter(Self.isDiagnostics).flatMap {
            $0["diagnostics"] as? [[String: Any]] ?? []
        }
        #expect(reported.contains { ($0["file"] as? String)?.hasSuffix("plugins/slow/plugin.yaml") == true })
        #expect(
            watch.events.dropFirst(seen).contains {
                $0["event"] as? String == "plugin" && $0["state"] as? String == "restarting"
            })

        // Fixed: back.
        seen = watch.events.count
        try edit("kinds: [Slow]\ntimeouts: {timeline: 10}\n")
        #expect(watch.wait(after: seen) { isSlow($0) && $0["entry"] != nil }.count == 1)

        // Another kind listed: the widget's kind is unknown, with a "did you mean".
        seen = watch.events.count
        try edit("kinds: [Slow2]\n")
        let renamed = watch.wait(after: seen) { isSlow($0) && $0["error"] != nil }.first
        #expect(error(renamed)?["code"] as? String == "config.unknown-kind")
        #expect((error(renamed)?["message"] as? String)?.contains("did you mean 'Slow2'?") == true)
        #expect(watch.wait(after: seen, Self.isDiagnostics).count == 1)

        // A changed manifest is not run until it is trusted again; then a timeout shorter than the
        // timeline takes is the one used.
        seen = watch.events.count
        try edit("kinds: [Slow]\ntimeouts: {timeline: 0.3}\n")
        let untrusted = watch.wait(after: seen) { isSlow($0) && $0["error"] != nil }.first
        #expect(error(untrusted)?["code"] as? String == "plugin.untrusted")
        seen = watch.events.count
        try scratch.trustPlugins([plugin.folder.path])
        let late = watch.wait(after: seen) { isSlow($0) && $0["error"] != nil }.first
        #expect(error(late)?["code"] as? String == "plugin.timeout")

        seen = watch.events.count
        try edit("kinds: [Slow]\ntimeouts: {timeline: 10}\n")
        try scratch.trustPlugins([plugin.folder.path])
        #expect(watch.wait(after: seen) { isSlow($0) && $0["entry"] != nil }.count == 1)

        // The other widget never noticed.
        #expect(watch.events.dropFirst(fenced).filter { $0["id"] as? String == "focus" }.isEmpty)
        #expect(watch.stop() == 0)
    }
}
