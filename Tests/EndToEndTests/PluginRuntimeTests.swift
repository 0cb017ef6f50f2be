import Foundation
import TestSupport
import Testing

/// iOS widget code run as a plugin: `UserDefaults(suiteName:)` of the App Group is the App Group's
/// shared defaults, and under `--at` the clock widget code reads is the host's. The Swift plugin is
/// the `appgroup-swift` fixture (Fixtures/appgroup-swift).
@Suite struct PluginRuntimeTests {
    static let appGroup = "group.com.example.runtime"
    static let at = "2026-11-29T12:00:00Z"

    /// The fixture plugin in `scratch/plugins/appgroup`, named with `--plugins` (so trusted), and a
    /// configuration of its widgets in `widgets.yaml`.
    static func scratchWithSwiftPlugin() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent()
            .appendingPathComponent("appgroup-swift")
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("plugins/appgroup"), withIntermediateDirectories: true)
        try scratch.file(
            "plugins/appgroup/plugin.yaml",
            "name: appgroup\nexecutable: \(binary.path)\nkinds: [Counter, Clock]\n"
                + "intents: [AddOneIntent, StoreBytesIntent]\n")
        try scratch.file(
            "widgets.yaml",
            "appGroup: \(appGroup)\nwidgets:\n  - {id: counter, kind: Counter}\n  - {id: clock, kind: Clock}\n"
        )
        return scratch
    }

    /// `run --format json` of `scratch`'s widgets, read back.
    static func run(
        _ scratch: TemporaryDirectory, _ extra: [String] = [], environment: [String: String] = [:]
    )
        throws -> (result: WidgetHostProcess.Result, widgets: [String: [String: Any]])
    {
        let result = try scratch.widgethost(
            ["run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json"] + extra,
            environment: environment)
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let list = json?["widgets"] as? [[String: Any]] ?? []
        var widgets: [String: [String: Any]] = [:]
        for widget in list { widgets[widget["id"] as? String ?? ""] = widget }
        return (result, widgets)
    }

    static func entry(_ widget: [String: Any]?) -> [String: Any] {
        widget?["entry"] as? [String: Any] ?? [:]
    }

    // MARK: - UserDefaults(suiteName:) of the App Group

    @Test func anIntentsUserDefaultsWritesAreTheAppGroupsSharedDefaults() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        let before = try Self.run(scratch)
        #expect(Self.entry(before.widgets["counter"])["count"] as? Int == 0, "\(before.result.standardError)")
        for expected in 1...2 {
            let tap = try scratch.widgethost([
                "tap", "counter", "1", "widgets.yaml", "--plugins", "plugins", "--store", "store",
            ])
            #expect(tap.status == 0, "\(tap.standardError)")
            #expect(tap.standardOutput.contains("value: \(expected)"), "\(tap.standardOutput)")
        }
        // The next process sees both taps: no synchronize() in the intent, nothing lost at its exit.
        let after = try Self.run(scratch)
        let entry = Self.entry(after.widgets["counter"])
        #expect(entry["count"] as? Int == 2)
        #expect(entry["appStorage"] as? Int == 2)
        #expect(entry["tapped"] as? Bool == true)
        // Data (the seeds' JSON) read back with data(forKey:).
        #expect(entry["note"] as? String == "tap")
        // Another suite is Foundation's own, apart from the App Group's.
        #expect(entry["other"] is NSNull)
        let defaults = try scratch.widgethost(["store", "defaults", "get", "--store", "store"])
        #expect(defaults.status == 0)
        #expect(defaults.standardOutput.contains("counter=2\n"), "\(defaults.standardOutput)")
        #expect(defaults.standardOutput.contains("tapped=true\n"))
        // The JSON the intent encoded, as its text (JSONEncoder writes its keys in either order).
        let note = defaults.standardOutput.split(separator: "\n").first { $0.hasPrefix("note=") } ?? ""
        #expect(note.contains(#""text":"tap""#) && note.contains(#""count":2"#), "\(defaults.standardOutput)")
    }

    @Test func storeDefaultsSetIsWhatUserDefaultsReads() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        let set = try scratch.widgethost(["store", "defaults", "set", "counter", "10", "--store", "store"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(Self.entry(try Self.run(scratch).widgets["counter"])["count"] as? Int == 10)
        let perform = try scratch.widgethost([
            "perform", "AddOneIntent", "--plugins", "plugins", "--store", "store", "--app-group",
            Self.appGroup,
        ])
        #expect(perform.status == 0, "\(perform.standardError)")
        let get = try scratch.widgethost(["store", "defaults", "get", "counter", "--store", "store"])
        #expect(get.standardOutput == "11\n")
        // The app changes the JSON the intent stored as Data: the widget reads it with data(forKey:).
        let note = try scratch.widgethost([
            "store", "defaults", "set", "note", #"{"text":"from the app","count":1}"#, "--store", "store",
        ])
        #expect(note.status == 0, "\(note.standardError)")
        #expect(Self.entry(try Self.run(scratch).widgets["counter"])["note"] as? String == "from the app")
    }

    @Test func aValueTheSharedDefaultsCannotKeepFailsTheIntentNamingTheKey() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        let perform = try scratch.widgethost([
            "perform", "StoreBytesIntent", "--plugins", "plugins", "--store", "store", "--app-group",
            Self.appGroup,
            "--format", "json",
        ])
        #expect(perform.status == 1)
        #expect(
            perform.standardOutput.contains(#""reason":"defaults.not-text""#), "\(perform.standardOutput)")
        #expect(
            perform.standardOutput.contains(
                "could not keep 'bytes' in the App Group's shared defaults, which hold text: the Data (3 bytes) is not "
                    + "UTF-8 text"), "\(perform.standardOutput)")
        let defaults = try scratch.widgethost(["store", "defaults", "get", "--store", "store"])
        #expect(!defaults.standardOutput.contains("bytes="))
    }

    @Test func thePythonSDKsDefaultsAreTheSameAppGroupDefaults() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        let folder = try scratch.plugin(
            "pycounter", at: "plugins/pycounter",
            script: """
                #!/usr/bin/env python3
                import widgethost_plugin as wh

                @wh.intent("PyAddOneIntent", title="Add one")
                def add_one(context):
                    count = context.defaults.get_int("counter") + 1
                    context.defaults.set("counter", count)
                    return wh.result(value=f"{context.app_group}: {count}")

                @wh.widget("PyCounter", "Counter", "Counts taps.", families=["systemSmall"])
                def counter(config, context):
                    count = context.defaults.get_int("counter")
                    view = wh.vstack(wh.text(f"Count: {count}"), wh.button("Add one", add_one()))
                    return wh.timeline([wh.entry(context.date, view, {"count": count})], wh.NEVER)

                wh.serve("pycounter")

                """,
            manifest: "kinds: [PyCounter]\nintents: [PyAddOneIntent]\n")
        let sdk = TemporaryDirectory.repositoryURL.appendingPathComponent(
            "Plugins/SDK/python/widgethost_plugin.py")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widgethost_plugin.py"), withDestinationURL: sdk)
        try scratch.file(
            "widgets.yaml",
            "appGroup: \(Self.appGroup)\nwidgets:\n  - {id: counter, kind: Counter}\n  - {id: py, kind: PyCounter}\n"
        )
        let python = try scratch.widgethost([
            "tap", "py", "1", "widgets.yaml", "--plugins", "plugins", "--store", "store",
        ])
        #expect(python.status == 0, "\(python.standardError)")
        #expect(python.standardOutput.contains(#"value: "\#(Self.appGroup): 1""#), "\(python.standardOutput)")
        let swift = try scratch.widgethost([
            "tap", "counter", "1", "widgets.yaml", "--plugins", "plugins", "--store", "store",
        ])
        #expect(swift.status == 0, "\(swift.standardError)")
        let run = try Self.run(scratch)
        #expect(Self.entry(run.widgets["counter"])["count"] as? Int == 2)
        #expect(Self.entry(run.widgets["py"])["count"] as? Int == 2)
    }

    // MARK: - The host's clock under --at

    /// A Python plugin on the SDK whose entry carries `datetime.now()` and `time.time()`, and which
    /// sleeps on a timer first.
    static func addPythonClock(to scratch: TemporaryDirectory) throws {
        let folder = try scratch.plugin(
            "pyclock", at: "plugins/pyclock",
            script: """
                #!/usr/bin/env python3
                import widgethost_plugin as wh
                import time
                from datetime import datetime, timezone

                @wh.widget("PyClock", "Clock", "Reads the clock.", families=["systemSmall"])
                def clock(config, context):
                    started = time.monotonic()
                    time.sleep(0.05)
                    slept = time.monotonic() - started >= 0.05
                    now = datetime.now(timezone.utc)
                    data = {"now": now, "time": time.time(), "slept": slept}
                    return wh.timeline([wh.entry(now, wh.text("clock"), data)], wh.NEVER)

                wh.serve("pyclock")

                """,
            manifest: "kinds: [PyClock]\n")
        let sdk = TemporaryDirectory.repositoryURL.appendingPathComponent(
            "Plugins/SDK/python/widgethost_plugin.py")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widgethost_plugin.py"), withDestinationURL: sdk)
        try scratch.file(
            "widgets.yaml",
            "appGroup: \(appGroup)\nwidgets:\n  - {id: clock, kind: Clock}\n  - {id: pyclock, kind: PyClock}\n"
        )
    }

    @Test func swiftAndPythonPluginsReadTheHostsClockUnderAtSoTwoRunsAgree() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        try Self.addPythonClock(to: scratch)
        let first = try Self.run(scratch, ["--at", Self.at])
        let second = try Self.run(scratch, ["--at", Self.at])
        #expect(first.result.status == 0, "\(first.result.standardOutput) \(first.result.standardError)")
        #expect(first.result.standardOutput == second.result.standardOutput)
        // Date() in Swift; its Task.sleep still sleeps.
        #expect(first.widgets["clock"]?["date"] as? String == Self.at)
        #expect(Self.entry(first.widgets["clock"])["now"] as? String == Self.at)
        #expect(Self.entry(first.widgets["clock"])["slept"] as? Bool == true)
        // datetime.now() and time.time() in Python; its time.sleep still sleeps.
        let python = Self.entry(first.widgets["pyclock"])
        #expect(first.widgets["pyclock"]?["date"] as? String == Self.at)
        #expect(python["now"] as? String == Self.at)
        #expect(python["time"] as? Double == 1_795_953_600)
        #expect(python["slept"] as? Bool == true)
    }

    @Test func withoutAtPluginsReadTheWallClock() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        let run = try Self.run(scratch)
        let text = try #require(Self.entry(run.widgets["clock"])["now"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let now = try #require(formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text))
        #expect(abs(now.timeIntervalSinceNow) < 600, "\(text)")
    }

    @Test func withoutLibfaketimeAPluginIsNotStartedOnTheWallClockUnderAt() throws {
        let scratch = try Self.scratchWithSwiftPlugin()
        let missing = scratch.url.appendingPathComponent("no/libfaketimeMT.so.1").path
        let run = try Self.run(scratch, ["--at", Self.at], environment: ["WIDGETHOST_LIBFAKETIME": missing])
        #expect(run.result.status == 1)
        let error = run.widgets["clock"]?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "plugin.clock-unavailable")
        #expect(
            error?["message"] as? String
                == "plugin 'appgroup' could not serve the kind 'Clock': could not be started on the host's clock "
                + "(\(Self.at)): WIDGETHOST_LIBFAKETIME "
                + "names '\(missing)', which is not a readable file; without it the plugin would read the wall clock"
        )
    }
}
