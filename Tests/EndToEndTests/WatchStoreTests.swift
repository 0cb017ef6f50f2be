import Foundation
import TestSupport
import Testing

/// `widgethost watch` when its store goes away under it and comes back: deleted (its folder), the
/// store is reported missing and its widgets fail as `run` would; restored from a backup (a copy of
/// the folder, or a database file renamed into place), it is reported back and its widgets show the
/// backup's tasks, never the deleted file's.
@Suite(.ownThreads) struct WatchStoreTests {
    static let appGroup = "group.com.example.taskapp"

    /// A store in `scratch/name` holding one task, unlike the sample's: a backup to restore.
    static func backup(in scratch: TemporaryDirectory, named name: String) throws -> URL {
        let tasks = """
            tasks:
              - id: 5B0C2F7E-1D3A-4C8B-9E6F-0A1B2C3D4E5F
                title: Restored from the backup
                priority: high
                category: work

            """
        try Data(tasks.utf8).write(to: scratch.url.appendingPathComponent("\(name).yaml"))
        let folder = scratch.url.appendingPathComponent(name)
        let imported = try scratch.widgethost(
            ["store", "import", "\(name).yaml"], environment: ["WIDGETHOST_STORE": folder.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        return folder
    }

    /// Runs `command` with `arguments`, as a person restoring a backup in a shell does.
    static func shell(_ command: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command) \(arguments): \(said)")
    }

    static func isStoreEvent(_ state: String) -> ([String: Any]) -> Bool {
        { $0["event"] as? String == "store" && $0["state"] as? String == state }
    }

    /// The files of a deleted store that process `pid` still has open (Linux names a deleted file
    /// `PATH (deleted)` in `/proc/PID/fd`).
    static func deletedStoreFiles(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)
        }
        .filter { $0.contains("widgethost.sqlite") && $0.hasSuffix(" (deleted)") }
    }

    /// The titles of the tasks a widget event's entry shows.
    /// After the `seen` first events, `watch` reports the store restored and `work-tasks` showing
    /// the backup's task, and holds no connection on the deleted store file.
    static func expectRestored(
        _ watch: WatchProcess, after seen: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(watch.wait(after: seen, isStoreEvent("restored")).count == 1, sourceLocation: sourceLocation)
        let shown = watch.wait(after: seen, isWidgetEvent("store", id: "work-tasks"))
        #expect(titles(shown.first) == ["Restored from the backup"], sourceLocation: sourceLocation)
        // The deleted file is read no more: no connection is left open on it.
        #expect(deletedStoreFiles(of: watch.pid) == [], sourceLocation: sourceLocation)
    }

    static func titles(_ event: [String: Any]?) -> [String]? {
        ((event?["entry"] as? [String: Any])?["tasks"] as? [[String: Any]])?.compactMap {
            $0["title"] as? String
        }
    }

    @Test func aDeletedStoreIsReportedAndARestoredBackupIsShown() throws {
        let scratch = try WatchCommandTests.sample()
        let backup = try Self.backup(in: scratch, named: "backup")
        let store = scratch.url.appendingPathComponent("store")
        let watch = try WatchProcess(["--format", "ndjson", "--widget", "work-tasks"], in: scratch)
        let started = watch.wait(isWidgetEvent("start", id: "work-tasks"))
        #expect(Self.titles(started.first)?.contains("Restored from the backup") == false)

        var seen = watch.events.count
        try FileManager.default.removeItem(at: store)
        let missing = watch.wait(after: seen, Self.isStoreEvent("missing"))
        #expect(missing.first?["appGroup"] as? String == Self.appGroup)
        #expect((missing.first?["path"] as? String)?.hasSuffix("/store") == true)
        #expect((missing.first?["message"] as? String)?.hasPrefix("no store for the app group") == true)
        let failed = watch.wait(after: seen, isWidgetEvent("store", id: "work-tasks"))
        let error = failed.first?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "store.missing")
        // Missing, it is not made again, empty, by the host.
        #expect(!FileManager.default.fileExists(atPath: store.path))

        seen = watch.events.count
        try Self.shell("/bin/cp", ["-a", backup.path, store.path])
        Self.expectRestored(watch, after: seen)

        #expect(watch.stop() == 0)
        #expect(watch.standardError == "")
    }

    @Test func aDatabaseRenamedIntoPlaceIsShown() throws {
        let scratch = try WatchCommandTests.sample()
        let backup = try Self.backup(in: scratch, named: "backup")
        let store = scratch.url.appendingPathComponent("store")
        let watch = try WatchProcess(["--format", "ndjson", "--widget", "work-tasks"], in: scratch)
        #expect(watch.wait(isWidgetEvent("start", id: "work-tasks")).count == 1)

        let seen = watch.events.count
        try Self.shell(
            "/bin/mv",
            [
                backup.appendingPathComponent("widgethost.sqlite").path,
                store.appendingPathComponent("widgethost.sqlite").path,
            ])
        Self.expectRestored(watch, after: seen)
        #expect(watch.events.dropFirst(seen).contains(where: Self.isStoreEvent("missing")) == false)

        #expect(watch.stop() == 0)
        #expect(watch.standardError == "")
    }

    @Test func aFolderMovedAwayAndABackupMovedIntoPlaceIsShown() throws {
        let scratch = try WatchCommandTests.sample()
        let backup = try Self.backup(in: scratch, named: "backup")
        let store = scratch.url.appendingPathComponent("store")
        let watch = try WatchProcess(["--format", "ndjson", "--widget", "work-tasks"], in: scratch)
        #expect(watch.wait(isWidgetEvent("start", id: "work-tasks")).count == 1)

        var seen = watch.events.count
        try Self.shell("/bin/mv", [store.path, scratch.url.appendingPathComponent("old").path])
        #expect(watch.wait(after: seen, Self.isStoreEvent("missing")).count == 1)
        let failed = watch.wait(after: seen, isWidgetEvent("store", id: "work-tasks"))
        #expect((failed.first?["error"] as? [String: Any])?["code"] as? String == "store.missing")

        seen = watch.events.count
        try Self.shell("/bin/mv", [backup.path, store.path])
        Self.expectRestored(watch, after: seen)

        #expect(watch.stop() == 0)
        #expect(watch.standardError == "")
    }
}
