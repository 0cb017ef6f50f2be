import Foundation
import TestSupport
import Testing

/// The store appears only on purpose: commands that use it refuse a container without one
/// (naming the path and how to create it) and create nothing; `store init` creates it; `--store ''`
/// is a usage error; `validate` warns of an `appGroup` without a store; a read-only store is read.
@Suite struct StoreOnPurposeTests {
    static let config = """
        appGroup: group.test.purpose
        widgets:
          - id: tasks
            kind: TaskWidget
          - id: focus
            kind: FocusWidget

        """

    /// A new scratch directory holding ``config`` as `widgets.yaml`, and no store.
    static func configured() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", config)
        return scratch
    }

    /// The commands that take no configuration: their App Group is --app-group's, the default.
    static let unconfigured: [[String]] = [
        ["perform", "ToggleFocusModeIntent", "value=true"], ["reload"], ["reload", "TaskWidget"],
        ["store", "export"], ["store", "delete", "42A93937-ACFF-439C-ACE2-EB577878E925"],
        ["store", "move", "42A93937-ACFF-439C-ACE2-EB577878E925", "1"],
        ["store", "defaults", "set", "showCompletedTasks", "false"],
        ["store", "defaults", "set", "theme", "dark"],
        ["store", "defaults", "get"], ["store", "defaults", "get", "showCompletedTasks"],
    ]

    @Test func everyCommandThatUsesTheStoreRefusesOneThatDoesNotExist() throws {
        let scratch = try Self.configured()
        for arguments in [
            ["run", "widgets.yaml"], ["tap", "focus", "1", "widgets.yaml"], ["watch", "widgets.yaml"],
        ] + Self.unconfigured {
            let run = try scratch.widgethost(arguments + ["--store", "typo"])
            let appGroup =
                Self.unconfigured.contains(arguments) ? "group.com.example.taskapp" : "group.test.purpose"
            run.expectFailed(
                65,
                standardError:
                    "error: no store for the app group '\(appGroup)' at '\(scratch.path("typo"))': create it with "
                    + "'widgethost store init --store typo', or import tasks into it with "
                    + "'widgethost store import FILE --store typo'\n")
            // Nothing was created on the way.
            #expect(!FileManager.default.fileExists(atPath: scratch.path("typo")), "\(arguments)")
        }
        let json = try scratch.widgethost(["run", "widgets.yaml", "--store", "typo", "--format", "json"])
        #expect(json.status == 65)
        #expect(try JSONPath(json.standardOutput)["error"]?["code"]?.string == "store.missing")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("typo")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data/widgethost")))
    }

    /// `$WIDGETHOST_STORE` naming a directory that does not exist, as a tester found it: the store
    /// commands and `reload` made the store there, then refused (or, for `defaults set` and
    /// `reload`, succeeded on the new, empty store).
    @Test func theStoreVariableNamingNoStoreIsRefusedAndNothingIsMade() throws {
        let scratch = try Self.configured()
        let missing = scratch.path("x/miss")
        for arguments in Self.unconfigured {
            let run = try scratch.widgethost(arguments, environment: ["WIDGETHOST_STORE": missing])
            run.expectFailed(
                65,
                standardError:
                    "error: no store for the app group 'group.com.example.taskapp' at '\(missing)': create it with "
                    + "'widgethost store init', or import tasks into it with 'widgethost store import FILE'\n"
            )
            #expect(!FileManager.default.fileExists(atPath: scratch.path("x")), "\(arguments)")
        }
    }

    @Test func theDefaultStoreOfAnAppGroupIsNamedWithItsOption() throws {
        let scratch = try Self.configured()
        let run = try scratch.widgethost(["run", "widgets.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError
                == "error: no store for the app group 'group.test.purpose' at "
                + "'\(scratch.path("data/widgethost/group.test.purpose"))': create it with "
                + "'widgethost store init --app-group group.test.purpose', or import tasks into it with "
                + "'widgethost store import FILE --app-group group.test.purpose'\n")
        // The store commands name it the same way (they once said 'store init' without the option,
        // which creates the default App Group's store).
        let delete = try scratch.widgethost([
            "store", "delete", "42A93937-ACFF-439C-ACE2-EB577878E925", "--app-group", "group.test.purpose",
        ])
        delete.expectFailed(65, standardError: run.standardError)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data/widgethost")))
    }

    @Test func storeInitCreatesTheStoreOnceAndThenCommandsRun() throws {
        let scratch = try Self.configured()
        let created = try scratch.widgethost(["store", "init", "--app-group", "group.test.purpose"])
        #expect(created.status == 0, "\(created.standardError)")
        let database = scratch.path("data/widgethost/group.test.purpose/widgethost.sqlite")
        #expect(created.standardOutput == "Created the store \(database)\n")
        let again = try scratch.widgethost(["store", "init", "--app-group", "group.test.purpose"])
        #expect(again.status == 0)
        #expect(again.standardOutput == "The store \(database) exists already; left as it is\n")
        let run = try scratch.widgethost(["run", "widgets.yaml", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try JSONPath(run.standardOutput)["widgets"]?[0]?["entry"]?["tasks"]?.count == 0)
        let export = try scratch.widgethost([
            "store", "export", "--format", "json", "--app-group", "group.test.purpose",
        ])
        #expect(export.status == 0)
        #expect(export.standardOutput == "{\"tasks\":[],\"focus\":{\"isOn\":false}}\n")
    }

    @Test func anEmptyStoreOptionIsAUsageError() throws {
        let scratch = try Self.configured()
        for arguments in [
            ["run", "widgets.yaml"], ["perform", "ToggleFocusModeIntent", "value=true"], ["store", "export"],
            ["store", "init"],
        ] {
            let run = try scratch.widgethost(arguments + ["--store", ""])
            #expect(run.status == 64, "\(arguments)")
            #expect(
                run.standardError.hasPrefix(
                    "Error: The value '' is invalid for '--store <dir>': expected a directory; leave --store out "
                        + "for the default store.\n"), "\(arguments): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("home/.local/share/widgethost")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data/widgethost")))
    }

    @Test func validateWarnsOfAnAppGroupWithoutAStoreWithTheNearestOne() throws {
        let scratch = try TemporaryDirectory()
        let created = try scratch.widgethost(["store", "init", "--app-group", "group.com.example.tasks"])
        try #require(created.status == 0)
        try scratch.file("widgets.yaml", "appGroup: group.com.example.task\nwidgets:\n  - kind: Quickmenu\n")
        let run = try scratch.widgethost(["validate", "widgets.yaml"])
        #expect(run.status == 0)
        #expect(
            run.standardError == """
                widgets.yaml:1:11: warning: no store exists yet for the app group 'group.com.example.task' (at '\(scratch.path("data/widgethost/group.com.example.task"))'); run, tap and watch will refuse it until 'widgethost store init' or 'store import' creates it; did you mean 'group.com.example.tasks'?
                appGroup: group.com.example.task
                          ^

                """)
        try scratch.file("widgets.yaml", "appGroup: group.com.example.tasks\nwidgets:\n  - kind: Quickmenu\n")
        let fine = try scratch.widgethost(["validate", "widgets.yaml"])
        #expect(fine.status == 0)
        #expect(fine.standardError.isEmpty)
    }

    /// `validate` and `run` judge `appGroup` by one rule: what one refuses, so does the other.
    @Test(arguments: ["a/b", "..", "\\tgroup", "\\e[2Jgroup"])
    func validateAndRunRefuseTheSameAppGroups(appGroup: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("widgets.yaml", "appGroup: \"\(appGroup)\"\nwidgets:\n  - kind: Quickmenu\n")
        for command in ["validate", "run"] {
            let run = try scratch.widgethost([command, "widgets.yaml"])
            #expect(run.status == 65, "\(command): \(run.standardError)")
            #expect(run.standardError.contains("is not a valid app group identifier"), "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("data/widgethost")))
    }

    /// The path of an SQLite database made by `sql` (with the sqlite3 shell) in the folder
    /// `folder` of `scratch`, where a store named `--store FOLDER` would be.
    static func database(_ sql: String, in folder: String, of scratch: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        #expect(try scratch.sqlite3(sql, on: folder) == "")
        return scratch.path("\(folder)/widgethost.sqlite")
    }

    /// `store init` on an SQLite file that holds nothing yet makes the store in it, and says so
    /// (it said the store "exists already; left as it is" while making its tables).
    @Test func storeInitOnAnEmptyDatabaseSaysItMadeTheStore() throws {
        let scratch = try Self.configured()
        let path = try Self.database("PRAGMA user_version = 0;", in: "empty", of: scratch)
        #expect(FileManager.default.fileExists(atPath: path))
        let created = try scratch.widgethost(["store", "init", "--store", "empty"])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput == "Created the store \(path) in the empty SQLite database there\n")
        let again = try scratch.widgethost(["store", "init", "--store", "empty"])
        #expect(again.standardOutput == "The store \(path) exists already; left as it is\n")
        let export = try scratch.widgethost(["store", "export", "--format", "json", "--store", "empty"])
        #expect(export.standardOutput == "{\"tasks\":[],\"focus\":{\"isOn\":false}}\n")
    }

    /// Every command that opens a store to write it refuses another program's SQLite database as
    /// `store export` does, and leaves it as it is: no widgethost table added to it (they were, by
    /// `store import` among others, when none of the other program's tables clashed with them),
    /// no journal mode changed, no file made beside it.
    @Test func anotherProgramsDatabaseIsNotMadeAStore() throws {
        let scratch = try Self.configured()
        let path = try Self.database(
            "CREATE TABLE foo(x); INSERT INTO foo VALUES (1);", in: "other", of: scratch)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let message =
            "cannot open the store at '\(path)': the file is not a widgethost store (an SQLite database of "
            + "1 table or index without widgethost's schema); name another store with --store"
        try scratch.file("tasks.yaml", "tasks:\n  - title: A\n")
        for arguments in [
            ["store", "import", "tasks.yaml"], ["store", "init"],
            ["store", "delete", "42A93937-ACFF-439C-ACE2-EB577878E925"],
            ["store", "move", "42A93937-ACFF-439C-ACE2-EB577878E925", "1"],
            ["store", "defaults", "set", "showCompletedTasks", "false"],
        ] {
            let run = try scratch.widgethost(arguments + ["--store", "other"])
            run.expectFailed(1, standardError: "Error: \(message)\n")
        }
        for arguments in [
            ["reload"], ["reload", "TaskWidget"], ["perform", "ToggleFocusModeIntent", "value=true"],
            ["perform", "AddTaskIntent", "taskName=A"],
        ] {
            let run = try scratch.widgethost(arguments + ["--store", "other"])
            run.expectFailed(1, standardError: "error: \(message)\n")
        }
        let perform = try scratch.widgethost([
            "perform", "AddTaskIntent", "taskName=A", "--store", "other", "--format", "json",
        ])
        #expect(perform.status == 1)
        #expect(try JSONPath(perform.standardOutput)["error"]?["code"]?.string == "store.corrupt")
        // `run` opens the store to write (it records nothing, but a widget's intent may): refused too.
        let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "other", "--format", "json"])
        #expect(run.status == 1)
        #expect(try JSONPath(run.standardOutput)["widgets"]?[0]?["error"]?["code"]?.string == "store.corrupt")

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("other")) == [
                "widgethost.sqlite"
            ])
        #expect(try scratch.sqlite3(".schema", on: "other") == "CREATE TABLE foo(x);")
        #expect(
            try scratch.sqlite3("PRAGMA journal_mode; PRAGMA user_version; SELECT x FROM foo", on: "other")
                == "delete\n0\n1")
    }

    /// An SQLite file of no table yet (made, say, by a tool that creates its file first) may still be
    /// made a store, as `store init` always did.
    @Test func anSQLiteFileOfNoTableIsMadeAStore() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        #expect(try scratch.sqlite3("CREATE TABLE x(y); DROP TABLE x;", on: "empty") == "")
        try scratch.initStore(["--store", "empty"])
        #expect(try scratch.exportJSON(of: "empty") == "{\"tasks\":[],\"focus\":{\"isOn\":false}}\n")
        try scratch.importTasks("tasks:\n  - title: A\n", into: "empty")
        #expect(try scratch.sqlite3("SELECT title FROM tasks", on: "empty") == "A")
    }

    @Test func anotherProgramsDatabaseIsNotExportedAsEmpty() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("other"), withIntermediateDirectories: true)
        let made = try LaunchedProcess(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            [scratch.path("other/widgethost.sqlite"), "CREATE TABLE notes(x); INSERT INTO notes VALUES (1);"]
        ).wait()
        try #require(made.status == 0, "\(made.standardError)")
        let export = try scratch.widgethost(["store", "export", "--store", "other"])
        export.expectFailed(
            1,
            standardError:
                "Error: cannot open the store at '\(scratch.path("other/widgethost.sqlite"))': the file is not a "
                + "widgethost store (an SQLite database of 1 table or index without widgethost's schema); name "
                + "another store with --store\n")
    }
}
