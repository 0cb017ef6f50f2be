import Foundation
import TestSupport
import Testing

/// `widgethost store import` and `store export`, run as a binary on temporary stores: round trips,
/// refused files, updates in place, where the store lives, and stores that cannot be used.
@Suite struct StoreCommandTests {
    static let tasksYAML = """
        tasks:
          - id: 6b1a1a3e-5f0c-4e8c-9c55-2f2b1b0c0d11
            title: Write the quarterly report
            priority: high
            category: work
            dueDate: 2026-05-01T09:00:00Z
          - id: 0EBD2090-C844-442D-82AC-2583D6834FA5
            title: "Buy \\"2%\\" milk"
            priority: low
            category: shopping
            isCompleted: true
          - id: 42A93937-ACFF-439C-ACE2-EB577878E925
            title: Call mom
        focus:
          isOn: true

        """

    static let tasksJSON =
        #"{"tasks":[{"id":"6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11","title":"Write the quarterly report","#
        + #""priority":"high","category":"work","isCompleted":false,"dueDate":"2026-05-01T09:00:00Z"},"#
        + #"{"id":"0EBD2090-C844-442D-82AC-2583D6834FA5","title":"Buy \"2%\" milk","priority":"low","#
        + #""category":"shopping","isCompleted":true,"dueDate":null},"#
        + #"{"id":"42A93937-ACFF-439C-ACE2-EB577878E925","title":"Call mom","priority":"medium","#
        + #""category":null,"isCompleted":false,"dueDate":null}],"focus":{"isOn":true}}"# + "\n"

    /// Runs `widgethost` with `arguments` in `scratch`, with no store variables from the test's own
    /// environment leaking in.
    static func run(
        _ arguments: [String],
        in scratch: TemporaryDirectory,
        environment: [String: String] = [:]
    ) throws -> WidgetHostProcess.Result {
        var variables = [
            "WIDGETHOST_STORE": "", "XDG_DATA_HOME": "",
            "HOME": scratch.url.appendingPathComponent("home").path,
        ]
        variables.merge(environment) { _, new in new }
        return try WidgetHostProcess.run(arguments, environment: variables, directory: scratch.url)
    }

    /// A scratch directory whose store `store` holds ``tasksYAML`` (imported from `tasks.yaml`).
    static func imported() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", Self.tasksYAML)
        let imported = try Self.run(["store", "import", "tasks.yaml", "--store", "store"], in: scratch)
        try #require(imported.status == 0, "store import failed: \(imported.standardError)")
        return scratch
    }

    @Test func importThenExportRoundTrips() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", Self.tasksYAML)
        let store = scratch.url.appendingPathComponent("store").path
        let imported = try Self.run(["store", "import", "tasks.yaml", "--store", "store"], in: scratch)
        imported.expectSucceeded(
            standardOutput: "Imported 3 tasks (0 updated, 3 added) into \(store)/widgethost.sqlite\n")

        let json = try Self.run(["store", "export", "--format", "json", "--store", "store"], in: scratch)
        json.expectSucceeded(standardOutput: Self.tasksJSON)
        // Exporting only reads, and leaves no write-ahead log or shared-memory file behind (the
        // writers' queue is the import's).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: store).sorted() == [
                "reload-requests", "widgethost.sqlite", "widgethost.sqlite-writers",
            ])

        // The JSON export imports back as the same data (every id updated in place)...
        try scratch.file("export.json", json.standardOutput)
        let again = try Self.run(["store", "import", "export.json", "--store", "store"], in: scratch)
        #expect(
            again.standardOutput == "Imported 3 tasks (3 updated, 0 added) into \(store)/widgethost.sqlite\n")
        #expect(
            try Self.run(["store", "export", "--format=json", "--store", "store"], in: scratch).standardOutput
                == Self.tasksJSON)

        // ...and so does the YAML export, into a fresh store.
        let yaml = try Self.run(["store", "export", "--store", "store"], in: scratch)
        #expect(yaml.status == 0)
        #expect(yaml.standardOutput.hasPrefix("tasks:\n  - id: 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11\n"))
        try scratch.file("export.yaml", yaml.standardOutput)
        let fresh = try Self.run(["store", "import", "export.yaml", "--store", "fresh"], in: scratch)
        #expect(fresh.status == 0)
        #expect(
            try Self.run(["store", "export", "--format", "json", "--store", "fresh"], in: scratch)
                .standardOutput == Self.tasksJSON)
    }

    /// A title over 4 KiB is refused at its line (exit 65, `store.title-too-long` in JSON) and
    /// nothing of the file is imported.
    @Test func aTitleOverFourKiBIsRefusedAtItsLine() throws {
        let scratch = try Self.imported()
        let before = try Self.run(["store", "export", "--format", "json", "--store", "store"], in: scratch)
        try scratch.file(
            "long.yaml", "tasks:\n  - title: fine\n  - title: " + String(repeating: "t", count: 5000) + "\n")
        let refused = try Self.run(["store", "import", "long.yaml", "--store", "store"], in: scratch)
        #expect(refused.status == 65)
        #expect(refused.standardOutput.isEmpty)
        #expect(
            refused.standardError.hasPrefix(
                "long.yaml:3:12: error: 'title' is 5000 bytes long; a title holds at most 4096 bytes (4 KiB) of UTF-8\n"
            ), "\(refused.standardError.prefix(300))")
        let after = try Self.run(["store", "export", "--format", "json", "--store", "store"], in: scratch)
        #expect(after.standardOutput == before.standardOutput, "nothing imported")
    }

    @Test func aBadFileIsRefusedAndTheStoreIsUnchanged() throws {
        let scratch = try Self.imported()
        try scratch.file(
            "bad.yaml",
            """
            tasks:
              - title: A new task
              - id: 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11
                title: Renamed
                priority: urgent
              - title: ""
            focus: {isOn: false}

            """
        )
        let refused = try Self.run(["store", "import", "bad.yaml", "--store", "store"], in: scratch)
        refused.expectFailed(
            65,
            standardError: """
                bad.yaml:5:15: error: 'urgent' is not a priority; expected one of low, medium, high
                    priority: urgent
                              ^
                bad.yaml:6:12: error: 'title' must not be empty
                  - title: ""
                           ^

                """)
        #expect(
            refused.firstErrorLine
                == "bad.yaml:5:15: error: 'urgent' is not a priority; expected one of low, medium, high")
        let after = try Self.run(["store", "export", "--format", "json", "--store", "store"], in: scratch)
        #expect(after.standardOutput == Self.tasksJSON)
    }

    @Test func aBadFileCreatesNoStore() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("bad.json", #"{"tasks": [{"title": 1, "isCompleted": "no"}]}"#)
        let refused = try Self.run(["store", "import", "bad.json", "--store", "store"], in: scratch)
        #expect(refused.status == 65)
        #expect(
            refused.firstErrorLine
                == "bad.json:1:40: error: 'isCompleted' must be true or false, not a string 'no' "
                + "('no' is a string in YAML 1.2; write false)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("store").path))
    }

    @Test func importUpdatesInPlaceAndAppendsNewTasks() throws {
        let scratch = try Self.imported()
        try scratch.file(
            "more.yaml",
            """
            tasks:
              - id: 77777777-7777-4777-8777-777777777777
                title: Plan the offsite
                category: work
              - id: 0ebd2090-c844-442d-82ac-2583d6834fa5
                title: Buy oat milk
                priority: medium
            focus: {isOn: false}

            """
        )
        let imported = try Self.run(["store", "import", "more.yaml", "--store", "store"], in: scratch)
        #expect(imported.status == 0)
        #expect(imported.standardOutput.hasPrefix("Imported 2 tasks (1 updated, 1 added) into "))
        let export = try Self.run(["store", "export", "--store", "store"], in: scratch)
        #expect(
            export.standardOutput == """
                tasks:
                  - id: 6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11
                    title: Write the quarterly report
                    priority: high
                    category: work
                    isCompleted: false
                    dueDate: "2026-05-01T09:00:00Z"
                  - id: 0EBD2090-C844-442D-82AC-2583D6834FA5
                    title: Buy oat milk
                    priority: medium
                    isCompleted: false
                  - id: 42A93937-ACFF-439C-ACE2-EB577878E925
                    title: Call mom
                    priority: medium
                    isCompleted: false
                  - id: 77777777-7777-4777-8777-777777777777
                    title: Plan the offsite
                    priority: medium
                    category: work
                    isCompleted: false
                focus:
                  isOn: false

                """)
    }

    @Test func importReadsStandardInput() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("tasks.yaml", Self.tasksYAML)
        var variables = ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
        variables["HOME"] = scratch.url.path
        let run = try WidgetHostProcess.run(
            ["store", "import", "-"], input: .file(file), environment: variables)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("Imported 3 tasks (0 updated, 3 added) into "))
    }

    // MARK: - Where the store is

    /// Which directory each way of choosing the store picks, checked by where the database appears.
    @Test func storeOptionThenStoreVariableThenDataHomeThenHome() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", Self.tasksYAML)
        let root = scratch.url.path
        let everything = [
            "WIDGETHOST_STORE": "\(root)/env", "XDG_DATA_HOME": "\(root)/xdg", "HOME": "\(root)/home",
        ]
        let cases: [([String], [String: String], String)] = [
            (["--store", "option"], everything, "\(root)/option"),
            ([], everything, "\(root)/env"),
            (
                [], ["XDG_DATA_HOME": "\(root)/xdg", "HOME": "\(root)/home"],
                "\(root)/xdg/widgethost/group.com.example.taskapp"
            ),
            (
                ["--app-group", "group.org.example.notes"], ["XDG_DATA_HOME": "\(root)/xdg"],
                "\(root)/xdg/widgethost/group.org.example.notes"
            ),
            ([], ["HOME": "\(root)/home"], "\(root)/home/.local/share/widgethost/group.com.example.taskapp"),
        ]
        for (options, environment, directory) in cases {
            let run = try Self.run(
                ["store", "import", "tasks.yaml"] + options, in: scratch, environment: environment)
            #expect(run.status == 0, "\(options) \(environment): \(run.standardError)")
            #expect(
                run.standardOutput
                    == "Imported 3 tasks (0 updated, 3 added) into \(directory)/widgethost.sqlite\n",
                "\(options) \(environment)")
            #expect(FileManager.default.fileExists(atPath: directory + "/widgethost.sqlite"))
            let export = try Self.run(
                ["store", "export", "--format", "json"] + options, in: scratch, environment: environment)
            #expect(export.standardOutput == Self.tasksJSON)
        }
    }

    @Test func noPlaceForTheStoreIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", Self.tasksYAML)
        let run = try Self.run(["store", "import", "tasks.yaml"], in: scratch, environment: ["HOME": ""])
        #expect(run.status == 64)
        #expect(
            run.firstErrorLine
                == "Error: Cannot find where to keep the store of 'group.com.example.taskapp': "
                + "pass --store DIR, or set WIDGETHOST_STORE, XDG_DATA_HOME or HOME.")
    }

    /// A store is made only on purpose: exporting one that does not exist is an error, not an
    /// empty store (a misspelt --store would otherwise look like one without tasks).
    @Test func exportingAStoreThatDoesNotExistIsAnError() throws {
        let scratch = try TemporaryDirectory()
        let run = try Self.run(
            ["store", "export", "--format", "json", "--store", "nothing-here"], in: scratch)
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.hasPrefix(
                "error: no store for the app group 'group.com.example.taskapp' at '\(scratch.path("nothing-here"))': "
                    + "create it with"))
        #expect(
            !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("nothing-here").path))
    }

    // MARK: - Stores that cannot be used

    @Test func aCorruptStoreIsAClearErrorForImportAndExport() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", Self.tasksYAML)
        let (path, garbage) = try scratch.garbageDatabase()
        let message = "Error: \(TemporaryDirectory.garbageDatabaseMessage(path))\n"
        for arguments in [["store", "import", "tasks.yaml"], ["store", "export"]] {
            let run = try Self.run(arguments + ["--store", "store"], in: scratch)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError == message, "\(arguments)")
            #expect(!run.timedOut)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aStoreDirectoryUnderAFileIsAClearError() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("tasks.yaml", Self.tasksYAML)
        try scratch.file("plain", "not a directory")
        let run = try Self.run(["store", "import", "tasks.yaml", "--store", "plain/store"], in: scratch)
        #expect(run.status == 1)
        let plain = scratch.url.appendingPathComponent("plain").path
        #expect(
            run.standardError
                == "Error: cannot create the store directory '\(plain)/store': '\(plain)' is a file, not a directory\n"
        )
    }

    @Test func helpDocumentsTheExitCodes() throws {
        let scratch = try TemporaryDirectory()
        let run = try Self.run(["store", "import", "--help"], in: scratch)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("1 the store cannot be opened or\nwritten"))
        #expect(
            run.standardOutput.contains(
                "USAGE: widgethost store import <file> [--store <dir>] [--app-group <id>]"))
    }
}
