import Foundation
import TestSupport
import Testing

extension TemporaryDirectory {
    /// Imports `yaml` (a `store import` file) into `store`, which must succeed.
    func importTasks(_ yaml: String, into store: String = "store") throws {
        let name = "import-\(UUID().uuidString).yaml"
        try file(name, yaml)
        let run = try widgethost(["store", "import", name, "--store", store])
        try #require(run.status == 0, "store import failed: \(run.standardError)")
    }

    /// Creates an empty store with `store init` (in `store` unless `arguments` say otherwise: the
    /// commands that use a store refuse one that does not exist), which must succeed.
    func initStore(_ arguments: [String] = ["--store", "store"]) throws {
        let run = try widgethost(["store", "init"] + arguments)
        try #require(run.status == 0, "store init failed: \(run.standardError)")
    }

    /// What `store export --format json` prints for `store`, which must succeed.
    func exportJSON(of store: String = "store") throws -> String {
        let run = try widgethost(["store", "export", "--format", "json", "--store", store])
        try #require(run.status == 0, "store export failed: \(run.standardError)")
        #expect(run.standardError.isEmpty)
        return run.standardOutput
    }

    /// Writes 8 KiB of garbage as `store`'s database file, which SQLite refuses to open.
    ///
    /// - Returns: The file's path, and its bytes to check that nothing wrote over them.
    func garbageDatabase(in store: String = "store") throws -> (path: String, bytes: Data) {
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent(store), withIntermediateDirectories: true)
        let garbage = (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let file = try self.file("\(store)/widgethost.sqlite", bytes: garbage)
        return (file.path, Data(garbage))
    }

    /// What widgethost says of the ``garbageDatabase(in:)`` at `path` when it opens it.
    static func garbageDatabaseMessage(_ path: String) -> String {
        "cannot open the store at '\(path)': the file is damaged or is not an SQLite database "
            + "(file is not a database); move it aside to start a new store"
    }

    /// The content of `store`'s reload stamp file, or `nil` when there is none.
    func reloadStamp(of store: String = "store") -> String? {
        let stamp = url.appendingPathComponent(store).appendingPathComponent("reload-requests")
        return try? String(contentsOf: stamp, encoding: .utf8)
    }

    /// What `sqlite3` says of `PRAGMA integrity_check` on `store`'s database (`ok` when sound),
    /// with the sqlite3 command-line shell rather than widgethost's own SQLite code.
    func integrityCheck(of store: String = "store") throws -> String {
        try sqlite3("PRAGMA integrity_check", on: store)
    }

    /// Runs `sql` with the `sqlite3` command-line shell on `store`'s database.
    ///
    /// - Returns: What it printed, without the last newline.
    func sqlite3(_ sql: String, on store: String = "store") throws -> String {
        let shell = try #require(
            ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "these tests read the store with the sqlite3 command-line shell; install it (apt-get install sqlite3)"
        )
        let database = url.appendingPathComponent(store).appendingPathComponent("widgethost.sqlite").path
        let run = try LaunchedProcess(URL(fileURLWithPath: shell), ["-bail", database, sql]).wait()
        try #require(run.status == 0, "sqlite3 \(sql): \(run.summary): \(run.standardError)")
        var output = run.standardOutput
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }
}
