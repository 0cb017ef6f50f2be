import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stores that cannot be used, on the binary: a store directory that cannot be written, a
/// database file of garbage, a database with damaged pages. Every command says what is wrong with
/// which path and exits with a status (never a signal); `run` still prints the widgets that do
/// not need the store.
@Suite struct StoreFailureTests {
    /// One valid invocation of each intent.
    static let performs: [[String]] = [
        ["perform", "ToggleTaskIntent", "taskID=\(StoreConcurrencyTests.taskID(0))"],
        [
            "perform", "SetTaskCompletionIntent", "taskID=\(StoreConcurrencyTests.taskID(0))",
            "isCompleted=true",
        ],
        ["perform", "CompleteTaskIntent", "taskId=\(StoreConcurrencyTests.taskID(0))"],
        ["perform", "AddTaskIntent", "taskName=Plan the offsite"],
        ["perform", "ToggleFocusModeIntent", "value=true"],
    ]

    /// The Quickmenu's box, which `run` prints whatever the store's state.
    static let quickMenu = """
        quick-menu · Quickmenu · systemMedium
        ╭──────────────────────────────────────────────────╮
        │ Quick Menu                                       │
        │ [1] ⌂ Home ↗ [2] ▭ Balance ↗ [3] ⇄ Transfer ↗    │
        │ [4] ▦ Scan ↗                                     │

        """

    /// A scratch directory with the sample `config/widgets.yaml`.
    static func scratchWithConfig() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        return scratch
    }

    /// Checks that every intent, `tap` and `run` on `store` fail with `message` and no crash, and
    /// that `run` still prints the Quickmenu.
    ///
    /// - Parameter launch: Starts `widgethost` with the arguments (as another user, say).
    static func expectEveryCommandFails(
        store: String,
        message: String,
        launch: ([String]) throws -> LaunchedProcess
    ) throws {
        for arguments in performs + [["perform", "ToggleFocusModeIntent", "value=true", "--format", "json"]] {
            let exit = try launch(arguments + ["--store", store]).wait()
            #expect(exit.status == 1, "\(arguments): \(exit.summary)")
            if arguments.contains("json") {
                // One error object for scripts, with the same message.
                let error = try JSONText.object(exit.standardOutput)["error"] as? [String: Any]
                #expect(error?["message"] as? String == message)
            } else {
                #expect(exit.standardOutput.isEmpty)
            }
            #expect(exit.standardError == "error: \(message)\n", "\(arguments)")
        }

        let tap = try launch(["tap", "focus", "1", "--store", store]).wait()
        #expect(tap.status == 1, "tap: \(tap.summary)")
        #expect(tap.standardError == "error: widget 'focus' failed: \(message)\n")
        let link = try launch(["tap", "quick-menu", "1", "--store", store]).wait()
        #expect(link.status == 0, "a link needs no store: \(link.summary): \(link.standardError)")

        let run = try launch(["run", "--store", store]).wait()
        #expect(run.status == 1, "run: \(run.summary)")
        #expect(run.standardOutput.contains(quickMenu), "\(run.standardOutput)")
        #expect(
            run.standardError.contains("error: widget 'focus' failed: \(message)\n"), "\(run.standardError)")
        let json = try launch(["run", "--store", store, "--format", "json"]).wait()
        #expect(json.status == 1, "run --format json: \(json.summary)")
        let widgets = try JSONText.object(json.standardOutput)["widgets"] as? [[String: Any]] ?? []
        #expect(
            widgets.map { $0["id"] as? String ?? "?" } == ["work-tasks", "all-tasks", "focus", "quick-menu"])
        #expect(widgets.last?["view"] != nil && widgets.last?["error"] == nil)
        #expect(((widgets.first?["error"] as? [String: Any])?["message"] as? String) == message)
    }

    // MARK: - Cannot be written

    /// Checks that every intent, `tap` and `run` on `store`, which holds no store, refuse it (exit
    /// 65) naming its path, and create nothing.
    static func expectEveryCommandRefusesAMissingStore(
        store: String, path: String, launch: ([String]) throws -> LaunchedProcess
    ) throws {
        let message =
            "error: no store for the app group 'group.com.example.taskapp' at '\(path)': create it with"
        for arguments in performs + [["tap", "focus", "1"], ["tap", "quick-menu", "1"], ["run"]] {
            let exit = try launch(arguments + ["--store", store]).wait()
            #expect(exit.status == 65, "\(arguments): \(exit.summary)")
            #expect(exit.standardOutput.isEmpty, "\(arguments)")
            #expect(exit.standardError.hasPrefix(message), "\(arguments): \(exit.standardError)")
        }
    }

    @Test func aStorePathUnderARegularFileIsAClearError() throws {
        let scratch = try Self.scratchWithConfig()
        try scratch.file("plain", "not a directory\n")
        let plain = scratch.path("plain")
        try Self.expectEveryCommandRefusesAMissingStore(store: "plain/store", path: "\(plain)/store") {
            try scratch.launchWidgetHost($0)
        }
        let created = try scratch.widgethost(["store", "init", "--store", "plain/store"])
        #expect(created.status == 1)
        #expect(
            created.standardError
                == "Error: cannot create the store directory '\(plain)/store': '\(plain)' is a file, not a directory\n"
        )
        #expect(try String(contentsOfFile: plain, encoding: .utf8) == "not a directory\n")
    }

    /// Starts `widgethost` as the unprivileged user `nobody`: root writes into any directory,
    /// whatever its mode.
    static func launchAsNobody(_ scratch: TemporaryDirectory, _ arguments: [String]) throws -> LaunchedProcess
    {
        try LaunchedProcess(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", WidgetHostProcess.executableURL.path]
                + arguments,
            environment: scratch.widgethostEnvironment(),
            directory: scratch.url)
    }

    static let canDropPrivileges =
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// A read-only directory, empty or holding a store: as root through `setpriv` as `nobody`,
    /// otherwise as the user running the tests.
    @Test(
        .enabled(
            if: canDropPrivileges,
            "running as root without /usr/bin/setpriv: nothing can make a directory read-only to root"))
    func aReadOnlyStoreDirectoryIsAClearError() throws {
        let scratch = try Self.scratchWithConfig()
        let launch: ([String]) throws -> LaunchedProcess =
            getuid() == 0 ? { try Self.launchAsNobody(scratch, $0) } : { try scratch.launchWidgetHost($0) }
        if getuid() == 0 {
            let probe = try launch(["--version"]).wait()
            try #require(
                probe.status == 0,
                "setpriv could not run \(WidgetHostProcess.executableURL.path) as nobody: \(probe.summary) \(probe.standardError)"
            )
        }
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 3), into: "filled")
        let filled = try scratch.exportJSON(of: "filled")
        let showing = ["run", "--store", "filled", "--at", "2026-11-29T12:00:00Z", "--format", "json"]
        let writable = try scratch.widgethost(showing)
        try #require(writable.status == 0, "\(writable.standardError)")
        func entries(_ json: String) throws -> [String] {
            let widgets = try JSONText.object(json)["widgets"] as? [[String: Any]] ?? []
            return widgets.map { JSONText.canonical($0["entry"]) }
        }
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for store in ["filled", "empty"] {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: scratch.path(store))
        }
        defer {
            for store in ["filled", "empty"] {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: scratch.path(store))
            }
        }

        // A store the user may only read still shows its widgets; only intents fail, saying why.
        let run = try launch(showing).wait()
        #expect(run.status == 0, "\(run.summary): \(run.standardError)")
        let widgets = try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]] ?? []
        #expect(widgets.count == 4 && widgets.allSatisfy { $0["error"] == nil })
        // What the widgets show is what they showed while the store could be written.
        #expect(try entries(run.standardOutput) == entries(writable.standardOutput))
        for arguments in Self.performs + [["tap", "focus", "1"]] {
            let exit = try launch(arguments + ["--store", "filled"]).wait()
            #expect(exit.status == 1, "\(arguments): \(exit.summary)")
            #expect(
                exit.standardError.contains("the file or its directory is read-only"),
                "\(arguments): \(exit.standardError)")
        }
        // A read-only directory without a store: refused, and `store init` says why it cannot.
        try Self.expectEveryCommandRefusesAMissingStore(
            store: "empty", path: scratch.path("empty"), launch: launch)
        let created = try launch(["store", "init", "--store", "empty"]).wait()
        #expect(created.status == 1)
        #expect(
            created.standardError
                == "Error: cannot open the store at '\(scratch.path("empty"))/widgethost.sqlite': the directory is read-only\n"
        )
        let nested = try launch(["perform", "ToggleFocusModeIntent", "value=true", "--store", "empty/store"])
            .wait()
        #expect(nested.status == 65, "\(nested.summary)")

        #expect(try scratch.exportJSON(of: "filled") == filled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("empty")).isEmpty)
    }

    // MARK: - No room

    /// A store whose files may not grow (a file size limit of 0, `ulimit -f 0`: a disk with no room
    /// for the -shm file SQLite makes, as a full disk is): intents fail with `store.full` and
    /// nothing is changed, while `run` and `store export` still read it.
    @Test func aStoreWithNoRoomToGrowRefusesIntentsAndIsStillRead() throws {
        let scratch = try Self.scratchWithConfig()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 3))
        let before = try scratch.exportJSON()
        // Everything the limited process writes goes through a pipe: writes to a regular file
        // would fail too. SIGXFSZ is ignored so the limit shows as EFBIG, as a full disk's ENOSPC.
        func limited(_ arguments: String) -> String {
            #"( trap '' XFSZ; ulimit -f 0; "$WIDGETHOST" "#
                + arguments + #" --store store 2>/dev/null; echo "status $?" ) | cat"#
        }
        let script = [
            limited("perform AddTaskIntent taskName=x --format json") + " > perform.txt",
            limited("perform ToggleFocusModeIntent value=true --format json") + " > focus.txt",
            limited("run --at 2026-11-29T12:00:00Z --format json") + " > run.txt",
            limited("store export --format json") + " > export.txt",
        ].joined(separator: "\n")
        let shell = try WidgetHostProcess.runShell(
            script,
            environment: scratch.widgethostEnvironment(["WIDGETHOST": WidgetHostProcess.executableURL.path]),
            directory: scratch.url)
        #expect(shell.status == 0, "\(shell.standardError)")
        func lines(_ name: String) throws -> [String] {
            try String(contentsOfFile: scratch.path(name), encoding: .utf8).split(separator: "\n").map(
                String.init)
        }
        for name in ["perform.txt", "focus.txt"] {
            let output = try lines(name)
            #expect(output.last == "status 1", "\(name): \(output)")
            let error = try JSONText.object(output.first ?? "")["error"] as? [String: Any]
            #expect(error?["code"] as? String == "store.full", "\(name): \(output)")
            #expect(
                (error?["message"] as? String)?.contains(
                    "the store's files may not grow (File too large: the file size limit, ulimit -f, is reached); "
                        + "nothing was changed") == true, "\(name): \(output)")
        }
        let run = try lines("run.txt")
        #expect(run.last == "status 0", "\(run)")
        let widgets = try JSONText.object(run.first ?? "")["widgets"] as? [[String: Any]] ?? []
        #expect(widgets.count == 4 && widgets.allSatisfy { $0["error"] == nil }, "\(run)")
        let export = try lines("export.txt")
        #expect(export == [before.trimmingCharacters(in: .newlines), "status 0"])
        #expect(try scratch.exportJSON() == before)
    }

    // MARK: - Not a database

    @Test func aDatabaseOfGarbageIsAClearError() throws {
        let scratch = try Self.scratchWithConfig()
        let (path, garbage) = try scratch.garbageDatabase()
        try Self.expectEveryCommandFails(
            store: "store", message: TemporaryDirectory.garbageDatabaseMessage(path)
        ) {
            try scratch.launchWidgetHost($0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    /// A real store whose pages after the first were overwritten: it opens, and fails on first use.
    @Test func aDatabaseWithDamagedPagesIsAClearError() throws {
        let scratch = try Self.scratchWithConfig()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 40))
        let path = scratch.path("store/widgethost.sqlite")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data((0..<(4 * 4096)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
        try handle.close()

        let message =
            "cannot use the store at '\(path)': the file is damaged or is not an SQLite database "
            + "(database disk image is malformed); move it aside to start a new store"
        for arguments in Self.performs {
            let exit = try scratch.widgethostExit(arguments + ["--store", "store"])
            #expect(exit.status == 1, "\(arguments): \(exit.summary)")
            #expect(exit.standardError == "error: \(message)\n", "\(arguments)")
        }
        let run = try scratch.widgethostExit(["run", "--store", "store"])
        #expect(run.status == 1, "\(run.summary)")
        #expect(run.standardOutput.contains(Self.quickMenu))
        #expect(
            run.standardError.contains("error: widget 'focus' failed: \(message)\n"), "\(run.standardError)")
        let export = try scratch.widgethostExit(["store", "export", "--store", "store"])
        #expect(export.status == 1, "\(export.summary)")
        #expect(export.standardError == "Error: \(message)\n")
    }

    /// A store whose tasks table is damaged (its root page overwritten, the defaults' page left
    /// whole; or a row the schema's checks refuse) is refused by every intent, the focus mode's too,
    /// with the error `store export` gives (exit 1), and nothing is written to it.
    @Test(arguments: ["root page", "refused row"])
    func aDamagedTasksTableIsRefusedByEveryIntent(damage: String) throws {
        let scratch = try Self.scratchWithConfig()
        try scratch.importTasks(StoreConcurrencyTests.storedTasksYAML(count: 40))
        if damage == "root page" {
            // Page 2 is the tasks table's root (page 1 is the schema).
            let handle = try FileHandle(
                forUpdating: URL(fileURLWithPath: scratch.path("store/widgethost.sqlite")))
            try handle.seek(toOffset: 4096)
            try handle.write(contentsOf: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
            try handle.close()
        } else {
            _ = try scratch.sqlite3(
                "PRAGMA ignore_check_constraints = 1; "
                    + "UPDATE tasks SET priority = 'urgent' WHERE id = '\(StoreConcurrencyTests.taskID(7))'")
        }
        let path = scratch.path("store/widgethost.sqlite")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        let export = try scratch.widgethostExit(["store", "export", "--store", "store"])
        #expect(export.status == 1, "\(export.summary)")
        let message = String(export.standardError.dropFirst("Error: ".count))
        #expect(message.contains("the file is damaged"), "\(export.standardError)")
        for arguments in Self.performs {
            let exit = try scratch.widgethostExit(arguments + ["--store", "store"])
            #expect(exit.status == 1, "\(arguments): \(exit.summary)")
            #expect(exit.standardError == "error: \(message)", "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "nothing was written")
    }
}
