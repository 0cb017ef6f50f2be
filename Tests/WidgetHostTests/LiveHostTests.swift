import AppGroup
import Foundation
import Glibc
import LiveHost
import Synchronization
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// An entry an hour, six at a time: the timeline reloads at its last entry.
private struct SixHoursEntry: TimelineEntry, Encodable {
    let date: Date
    let hour: Int
}

private struct SixHoursProvider: TimelineProvider {
    static func hour(of date: Date) -> Int { Int(date.timeIntervalSince1970 / 3_600) % 24 }

    func placeholder(in context: Context) -> SixHoursEntry { SixHoursEntry(date: context.date, hour: 0) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (SixHoursEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<SixHoursEntry>) -> Void) {
        let start = (context.date.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600
        let entries = (0..<6).map { offset in
            let date = Date(timeIntervalSince1970: start + Double(offset) * 3_600)
            return SixHoursEntry(date: date, hour: Self.hour(of: date))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

private struct SixHoursBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] {
        [
            StaticConfiguration(kind: "Hourly", provider: SixHoursProvider()) { entry in
                Text("hour \(entry.hour)")
            }
        ]
    }
    var intents: [any AppIntent.Type] { [] }
}

/// The live host in process, on a virtual clock and scripted events: a day of timeline, an edit
/// of the configuration and a stop, in milliseconds and without a sleep.
@Suite struct LiveHostTests {
    let folder: TemporaryDirectory
    let clock = VirtualClock(Date(timeIntervalSince1970: 1_796_083_200))  // 2026-12-01T00:00:00Z
    let events = ScriptedLiveEvents()
    let host: LiveHost

    init() throws {
        folder = try TemporaryDirectory()
        for name in ["store", "config"] {
            try FileManager.default.createDirectory(
                atPath: folder.path(name), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        _ = try AppGroupContainer.resolve(
            appGroup: "group.test", storeOption: folder.path("store"), environment: [:]
        ).openStore(lockTimeout: .default)
        try folder.file(
            "config/widgets.yaml",
            "appGroup: group.test\nwidgets:\n  - {id: h, kind: Hourly, family: systemSmall}\n")
        let session = try HostSession(
            bundles: [SixHoursBundle()],
            settings: .init(storeOption: folder.path("store"), hostVersion: "test", environment: [:]))
        host = LiveHost(
            session: session, options: .init(paths: [folder.path("config")]), clock: clock, events: events)
    }

    /// Runs the host, handing each event to `events`; the returned task ends when the host does.
    func start() -> (Task<Void, any Error>, AsyncStream<WatchEvent>.Iterator) {
        let (stream, continuation) = AsyncStream.makeStream(of: WatchEvent.self)
        let task = Task { [host] in
            defer { continuation.finish() }
            try await host.run { continuation.yield($0) }
        }
        return (task, stream.makeAsyncIterator())
    }

    /// The next widget event, skipping the others (order, diagnostics).
    func nextWidget(_ iterator: inout AsyncStream<WatchEvent>.Iterator) async -> (
        WatchEvent.Reason, WidgetResult
    )? {
        while let event = await iterator.next() {
            if case .widget(let reason, let result) = event { return (reason, result) }
        }
        return nil
    }

    func hour(of result: WidgetResult) -> Int? {
        (try? result.outcome.get())?.current.data["hour"]?.intValue
    }

    @Test(.timeLimit(.minutes(1))) func aDayOfTimelineShowsEachEntryAtItsHourAndReloadsAtTheEnd() async throws
    {
        var (task, iterator) = start()
        var dues = events.dueDates.makeAsyncIterator()
        let first = try #require(await nextWidget(&iterator))
        #expect(first.0 == .start)
        #expect(hour(of: first.1) == 0)
        for hour in 1...24 {
            // The host asks to be woken at the next hour; the test moves the clock there.
            var due: Date?
            while due == nil, let asked = await dues.next() { due = asked }
            let date = try #require(due)
            #expect(date == Date(timeIntervalSince1970: 1_796_083_200 + Double(hour) * 3_600))
            clock.set(date)
            events.send(.due)
            let (reason, result) = try #require(await nextWidget(&iterator))
            #expect(self.hour(of: result) == hour % 24, "at hour \(hour)")
            // The timeline ends at its sixth entry, and is reloaded there by its policy.
            #expect(reason == (hour % 5 == 0 ? .policy : .entry), "at hour \(hour)")
        }
        events.stop()
        try await task.value
    }

    /// The configuration's folder is watched before the first widget is reported: a file saved the
    /// moment a script sees the start is not missed.
    @Test(.timeLimit(.minutes(1))) func theConfigurationIsWatchedBeforeTheStartIsReported() async throws {
        let watchedAtStart = Mutex<Set<String>?>(nil)
        let task = Task { [host, events] in
            try await host.run { event in
                if case .widget(.start, _) = event {
                    watchedAtStart.withLock { $0 = $0 ?? events.watchedDirectories }
                    events.stop()
                }
            }
        }
        try await task.value
        #expect(watchedAtStart.withLock { $0 }?.contains(folder.path("config")) == true)
    }

    @Test(.timeLimit(.minutes(1))) func anEditOfTheConfigurationIsShownAndAStopEndsTheHost() async throws {
        var (task, iterator) = start()
        let first = try #require(await nextWidget(&iterator))
        #expect(first.1.family == .systemSmall)
        #expect(events.watchedDirectories.contains(folder.path("config")))
        try folder.file(
            "config/widgets.yaml",
            "appGroup: group.test\nwidgets:\n  - {id: h, kind: Hourly, family: systemMedium}\n")
        events.send(.files([LiveEvents.FileChange(directory: folder.path("config"), name: "widgets.yaml")]))
        let edited = try #require(await nextWidget(&iterator))
        #expect(edited.0 == .config)
        #expect(edited.1.family == .systemMedium)
        events.stop()
        try await task.value
    }
}

/// A real plugin process under the in-process host: killed, it shows its failure, and comes back
/// when the virtual clock reaches the end of its backoff, without waiting out the backoff.
@Suite struct LiveHostPluginTests {
    static let script =
        Python.shebang + "\n" + """
            import json, os, sys
            HERE = os.path.dirname(os.path.abspath(__file__))
            with open(os.path.join(HERE, "pid"), "w") as f:
                f.write(str(os.getpid()))
            for line in sys.stdin:
                r = json.loads(line)
                if "id" not in r:
                    continue
                if r["method"] == "initialize":
                    res = {"protocolVersion": 1, "plugin": {"name": "beat", "version": "1"},
                           "widgets": [{"kind": "Beat", "supportedFamilies": ["systemSmall"], "parameters": []}]}
                else:
                    res = {"entries": [{"date": r["params"]["date"], "data": {"pid": os.getpid()},
                                        "view": {"type": "text", "text": "beat"}}], "policy": {"policy": "never"}}
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": res}), flush=True)
            """

    @Test(.timeLimit(.minutes(1))) func aKilledPluginIsRestartedWhenItsBackoffEndsOnTheClock() async throws {
        let folder = try TemporaryDirectory()
        for name in ["store", "config", "plugins/beat"] {
            try FileManager.default.createDirectory(
                atPath: folder.path(name), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        try folder.file("plugins/beat/plugin.yaml", "name: beat\nexecutable: beat.py\nkinds: [Beat]\n")
        try folder.file("plugins/beat/beat.py", Self.script)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o700], ofItemAtPath: folder.path("plugins/beat/beat.py"))
        _ = try AppGroupContainer.resolve(
            appGroup: "group.test", storeOption: folder.path("store"), environment: [:]
        )
        .openStore(lockTimeout: .default)
        try folder.file("config/widgets.yaml", "appGroup: group.test\nwidgets:\n  - {id: b, kind: Beat}\n")
        let session = try HostSession(
            bundles: [],
            settings: .init(
                storeOption: folder.path("store"), pluginFolders: [folder.path("plugins")],
                hostVersion: "test",
                environment: ProcessInfo.processInfo.environment))
        let start = Date(timeIntervalSince1970: 1_796_083_200)
        let clock = VirtualClock(start)
        let events = ScriptedLiveEvents()
        let host = LiveHost(
            session: session, options: .init(paths: [folder.path("config")]), clock: clock, events: events)
        let (stream, continuation) = AsyncStream.makeStream(of: WatchEvent.self)
        let task = Task {
            defer { continuation.finish() }
            try await host.run { continuation.yield($0) }
        }
        var iterator = stream.makeAsyncIterator()
        func next(_ matching: (WatchEvent) -> Bool) async -> WatchEvent? {
            while let event = await iterator.next() { if matching(event) { return event } }
            return nil
        }
        func pid(_ event: WatchEvent?) -> Int? {
            guard case .widget(_, let result) = event else { return nil }
            return (try? result.outcome.get())?.current.data["pid"]?.intValue
        }
        let first = await next { if case .widget = $0 { true } else { false } }
        let killed = try #require(pid(first))
        kill(pid_t(killed), SIGKILL)
        let failed = await next { if case .plugin(_, .failed, _) = $0 { true } else { false } }
        #expect(failed != nil)
        // The plugin is tried again one second (of the clock) later.
        var dues = events.dueDates.makeAsyncIterator()
        var due: Date?
        while due == nil, let asked = await dues.next() { due = asked }
        #expect(due == start.addingTimeInterval(1))
        clock.set(try #require(due))
        events.send(.due)
        let back = await next { event in
            if case .widget(.plugin, let result) = event, (try? result.outcome.get()) != nil {
                true
            } else {
                false
            }
        }
        let restarted = try #require(pid(back))
        #expect(restarted != killed)
        events.stop()
        try await task.value
        // Its plugin ended with the host.
        #expect(kill(pid_t(restarted), 0) != 0)
    }
}
