import Foundation
import TestSupport
import Testing

/// `watch --at DATE` (and `serve --at`): the host lives from DATE on at the wall clock's pace, and
/// a plugin's own clock (`time.time()` in Python, `Date()` in Swift) runs with it.
@Suite struct LiveClockAtTests {
    @Test(.ownThreads) func aWatchAtADateDrawsThereAndItsPluginsClockRunsFromIt() throws {
        // A plugin whose view is the time its own process reads, at each render.
        let scratch = try PluginViewTests.scratch(
            "ticker", kind: "Ticker", view: #"{"type": "text", "text": "-"}"#)
        try ScratchPlugin.write(
            "ticker", in: scratch, manifest: "kinds: [Ticker]\n",
            widgets: [#"{"kind": "Ticker", "supportedFamilies": ["systemSmall"]}"#],
            onRender: """
                import time
                VIEW = {"type": "text", "text": "%.3f" % time.time()}
                """)
        let at = 1_798_099_200.0  // 2026-12-24T08:00:00Z
        let watch = try WatchProcess(
            ["widgets.yaml", "--plugins", "plugins", "--format", "ndjson", "--at", "2026-12-24T08:00:00Z"],
            in: scratch, environment: ["WIDGETHOST_STORE": scratch.path("store")])
        defer { _ = watch.stop() }
        let started = watch.wait { $0["reason"] as? String == "start" }
        let first = try #require(started.first)
        #expect(first["date"] as? String == "2026-12-24T08:00:00Z")
        let read = try #require(Double(((first["view"] as? [String: Any])?["text"] as? String) ?? ""))
        #expect(read >= at && read < at + 20, "the plugin read \(read)")

        // A reload a second and a half later: the host and the plugin both read later times.
        Thread.sleep(forTimeInterval: 1.5)
        let reload = try scratch.widgethost(
            ["reload"], environment: ["WIDGETHOST_STORE": scratch.path("store")])
        #expect(reload.status == 0, "\(reload.standardError)")
        let again = watch.wait(after: watch.events.count - 1) {
            $0["reason"] as? String != "start" && $0["id"] as? String == "s"
        }
        let second = try #require(again.last)
        let later = try #require(Double(((second["view"] as? [String: Any])?["text"] as? String) ?? ""))
        #expect(later >= read + 1.4 && later < at + 60, "the plugin read \(read), then \(later)")
        let date = try #require(second["date"] as? String)
        #expect(date.hasPrefix("2026-12-24T08:00:") && date != "2026-12-24T08:00:00Z")
    }

    @Test func aBadDateIsRefused() throws {
        let scratch = try TemporaryDirectory()
        for command in ["watch", "serve"] {
            let run = try scratch.widgethost([command, "--at", "Christmas"])
            #expect(run.status == 64)
            #expect(run.standardError.contains("is invalid for '--at <date>'"))
        }
    }
}
