import Foundation
import LiveHost
import TestSupport
import Testing

/// The live host's inotify events, on real folders.
@Suite struct LiveEventsTests {
    /// A folder watched after the start may have had a file written in it before its watch was
    /// added (a configuration's include folder made and filled at once): that file is reported,
    /// so the host reads it, rather than missed until its next change.
    @Test func aFileWrittenBeforeItsNewFolderIsWatchedIsReported() async throws {
        let scratch = try TemporaryDirectory()
        let events = try LiveEvents()
        defer { events.stop() }
        let root = scratch.url.path
        events.watch(only: [root])
        let folder = scratch.url.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try scratch.file("more/m.yaml", "widgets: []\n")
        events.watch(only: [root, folder.path])
        // Without the report, nothing would come: a stop after 10 seconds ends the wait.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            events.stop()
        }
        defer { watchdog.cancel() }
        var seen: [String] = []
        for await event in events.stream {
            if case .stop = event { break }
            guard case .files(let changes) = event else { continue }
            seen += changes.map { ($0.directory as NSString).appendingPathComponent($0.name) }
            if seen.contains(folder.appendingPathComponent("m.yaml").path) { break }
        }
        #expect(seen.contains(folder.appendingPathComponent("m.yaml").path))
    }
}
