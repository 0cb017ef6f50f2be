import Foundation
import RawHTTP
import TestSupport
import Testing

/// A plugin's coded error (the Python SDK's `CodedError`) reaches scripts as the error's `reason`,
/// from `perform`, `run` and `serve` alike, under the usual code and status.
@Suite struct ErrorReasonTests {
    /// A scratch folder with the sample store and the `station` plugin: a widget whose provider
    /// fails with `station.closed` when the store holds `closed`, and whose button runs an intent
    /// that always fails with `station.closed`.
    static func scratch(closed: Bool) throws -> TemporaryDirectory {
        let scratch = try WatchCommandTests.sample()
        let folder = try scratch.plugin(
            "station", at: "plugins/station", executable: "station.py",
            script: """
                #!/usr/bin/env python3
                import os
                import widgethost_plugin as wh

                @wh.intent("OpenStationIntent")
                def open_station(context):
                    raise wh.CodedError("station.closed", "the station is closed until 6:00")

                @wh.widget("StationWidget")
                def show(config, context):
                    if os.path.exists(os.path.join(context.container, "closed")):
                        raise wh.CodedError("station.closed", "the station is closed until 6:00")
                    return wh.entry(context.date, wh.button("Open", open_station()))

                wh.serve("station")

                """,
            manifest: "kinds: [StationWidget]\nintents: [OpenStationIntent]\n")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widgethost_plugin.py"),
            withDestinationURL: TemporaryDirectory.repositoryURL.appendingPathComponent(
                "Plugins/SDK/python/widgethost_plugin.py"))
        try scratch.file("station.yaml", "widgets:\n  - {id: station, kind: StationWidget}\n")
        if closed { try scratch.file("store/closed", "") }
        return scratch
    }

    @Test func performGivesTheIntentsReason() throws {
        let scratch = try Self.scratch(closed: false)
        let run = try scratch.widgethost(
            ["perform", "OpenStationIntent", "--plugins", "plugins", "--format", "json"],
            environment: WatchCommandTests.store(scratch))
        #expect(run.status == 1)
        let error = try #require(try JSONText.object(run.standardOutput)["error"] as? [String: Any])
        #expect(error["code"] as? String == "plugin.error")
        #expect(error["reason"] as? String == "station.closed")
        #expect(
            error["message"] as? String
                == "plugin 'station' failed 'perform': the station is closed until 6:00 (code -32000)")
    }

    @Test func runGivesTheProvidersReason() throws {
        let scratch = try Self.scratch(closed: true)
        for format in ["json", "ndjson"] {
            let run = try scratch.widgethost(
                ["run", "station.yaml", "--plugins", "plugins", "--format", format],
                environment: WatchCommandTests.store(scratch))
            #expect(run.status == 1)
            let widget = try JSONText.object(
                format == "json" ? run.standardOutput : String(run.standardOutput.split(separator: "\n")[0]))
            let error = try #require(
                ((widget["widgets"] as? [[String: Any]])?.first ?? widget)["error"] as? [String: Any],
                "\(run.standardOutput)")
            #expect(error["code"] as? String == "plugin.error")
            #expect(error["reason"] as? String == "station.closed")
        }
    }

    @Test func aTapThroughServeGivesTheIntentsReason() throws {
        let scratch = try Self.scratch(closed: false)
        let served = try ServeCommandTests.serve(["station.yaml", "--plugins", "plugins"], scratch: scratch)
        let reply = try served.request(
            "POST", "/widgets/station/controls/1",
            headers: ["X-Widgethost-Token": served.token, "Origin": "http://127.0.0.1:\(served.port)"])
        #expect(reply.status == 500)
        let error = try #require(try JSONText.object(reply.body)["error"] as? [String: Any], "\(reply.body)")
        #expect(error["code"] as? String == "plugin.error")
        #expect(error["reason"] as? String == "station.closed")
        #expect(served.process.stop() == 0)
    }
}
