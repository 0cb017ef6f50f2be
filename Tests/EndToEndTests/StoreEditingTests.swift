import Foundation
import TestSupport
import Testing

/// The app's side of the App Group, run as a binary: `store delete`, `store move` (the seed app's
/// `saveTasks` after a removal or a drag) and `store defaults get/set` (its `@AppStorage`), and
/// TaskWidget's `showCompleted` falling back to the shared default `showCompletedTasks`.
@Suite struct StoreEditingTests {
    static let a = "6B1A1A3E-5F0C-4E8C-9C55-2F2B1B0C0D11"
    static let b = "0EBD2090-C844-442D-82AC-2583D6834FA5"
    static let c = "42A93937-ACFF-439C-ACE2-EB577878E925"
    static let d = "26965145-2A4E-4552-8990-65E532EC4905"

    /// A scratch directory with four tasks A, B (completed), C, D stored in `store`.
    static func scratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "tasks.yaml",
            """
            tasks:
              - {id: \(a), title: A, priority: high}
              - {id: \(b), title: B, isCompleted: true}
              - {id: \(c), title: C, priority: low}
              - {id: \(d), title: D}

            """)
        let imported = try StoreCommandTests.run(
            ["store", "import", "tasks.yaml", "--store", "store"], in: scratch)
        try #require(imported.status == 0)
        return scratch
    }

    /// The stored titles, in store order.
    static func titles(in scratch: TemporaryDirectory) throws -> [String] {
        let export = try StoreCommandTests.run(
            ["store", "export", "--format", "json", "--store", "store"], in: scratch)
        let tasks = try #require(try JSONText.object(export.standardOutput)["tasks"] as? [[String: Any]])
        return tasks.compactMap { $0["title"] as? String }
    }

    static func store(_ arguments: [String], in scratch: TemporaryDirectory) throws
        -> WidgetHostProcess.Result
    {
        try StoreCommandTests.run(["store"] + arguments + ["--store", "store"], in: scratch)
    }

    // MARK: - delete

    @Test func deleteRemovesTheNamedTasksAnyLetterCase() throws {
        let scratch = try Self.scratch()
        let path = scratch.url.appendingPathComponent("store/widgethost.sqlite").path
        let deleted = try Self.store(["delete", Self.c.lowercased(), Self.a, Self.a], in: scratch)
        deleted.expectSucceeded(standardOutput: "Deleted 2 tasks ('A', 'C') from \(path)\n")
        #expect(try Self.titles(in: scratch) == ["B", "D"])
    }

    @Test func deleteOfAnUnknownIdDeletesNothing() throws {
        let scratch = try Self.scratch()
        let unknown = "00000000-0000-4000-8000-000000000000"
        let refused = try Self.store(["delete", Self.a, unknown, "nope"], in: scratch)
        refused.expectFailed(
            65,
            standardError: "Error: no tasks have the ids '\(unknown)', 'nope'; nothing was changed "
                + "('widgethost store export' lists the stored tasks and their ids)\n")
        #expect(try Self.titles(in: scratch) == ["A", "B", "C", "D"])
    }

    @Test func deleteWithoutAnIdIsAUsageError() throws {
        let scratch = try Self.scratch()
        let refused = try Self.store(["delete"], in: scratch)
        #expect(refused.status == 64)
        #expect(try Self.titles(in: scratch) == ["A", "B", "C", "D"])
    }

    // MARK: - move

    @Test(arguments: [
        (b, 4, ["A", "C", "D", "B"]),
        (d, 1, ["D", "A", "B", "C"]),
        (c, 2, ["A", "C", "B", "D"]),
        (a, 1, ["A", "B", "C", "D"]),
    ])
    func moveReordersAsADragDoes(id: String, position: Int, order: [String]) throws {
        let scratch = try Self.scratch()
        let moved = try Self.store(["move", id, "\(position)"], in: scratch)
        moved.expectSucceeded(standardOutput: "Moved '\(order[position - 1])' to position \(position) of 4\n")
        #expect(try Self.titles(in: scratch) == order)
    }

    /// The widget shows the new order, and a task added later still goes last.
    @Test func widgetsShowTheNewOrderAndNewTasksGoLast() throws {
        let scratch = try Self.scratch()
        #expect(try Self.store(["move", Self.d, "1"], in: scratch).status == 0)
        let added = try StoreCommandTests.run(
            ["perform", "AddTaskIntent", "taskName=E", "--store", "store"], in: scratch)
        #expect(added.status == 0)
        #expect(try Self.titles(in: scratch) == ["D", "A", "B", "C", "E"])
        try scratch.file(
            "widgets.yaml",
            """
            appGroup: group.com.example.taskapp
            widgets:
              - {id: tasks, kind: TaskWidget, configuration: {maxTasks: 5}}

            """)
        let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--format", "json"])
        let widget = try #require(try RunCommandTests.widgets(run.standardOutput).first)
        let tasks = try #require((widget["entry"] as? [String: Any])?["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["title"] as? String } == ["D", "A", "B", "C", "E"])
    }

    @Test(arguments: [
        (
            ["move", a, "5"], 65,
            "Error: cannot move task '\(a)' to position 5: the store holds 4 tasks, so a position is 1 to 4"
        ),
        (
            ["move", a, "0"], 65,
            "Error: cannot move task '\(a)' to position 0: the store holds 4 tasks, so a position is 1 to 4"
        ),
        (
            ["move", "00000000-0000-4000-8000-000000000000", "1"], 65,
            "Error: no task has the id '00000000-0000-4000-8000-000000000000'; nothing was changed "
                + "('widgethost store export' lists the stored tasks and their ids)"
        ),
        (["move", a, "first"], 64, "Error: The value 'first' is invalid for '<position>'"),
    ])
    func badMovesChangeNothing(arguments: [String], status: Int, message: String) throws {
        let scratch = try Self.scratch()
        let refused = try Self.store(arguments, in: scratch)
        #expect(refused.status == Int32(status))
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.firstErrorLine == message)
        #expect(try Self.titles(in: scratch) == ["A", "B", "C", "D"])
    }

    // MARK: - defaults

    @Test func defaultsSetThenGet() throws {
        let scratch = try Self.scratch()
        let path = scratch.url.appendingPathComponent("store/widgethost.sqlite").path
        let set = try Self.store(["defaults", "set", "showCompletedTasks", "false"], in: scratch)
        set.expectSucceeded(standardOutput: "Set showCompletedTasks to false in \(path)\n")
        let get = try Self.store(["defaults", "get", "showCompletedTasks"], in: scratch)
        #expect(get.status == 0)
        #expect(get.standardOutput == "false\n")
        #expect(try Self.store(["defaults", "set", "theme", "dark"], in: scratch).status == 0)
        let all = try Self.store(["defaults", "get"], in: scratch)
        #expect(all.status == 0)
        #expect(all.standardOutput == "showCompletedTasks=false\ntheme=dark\n")
    }

    /// A value's line break, tab and escape are shown as control pictures in the listing and in one
    /// value, as all text from data is, so no value forges a `KEY=VALUE` line; the value is stored
    /// as it was given.
    @Test func defaultsGetShowsControlCharactersAsPictures() throws {
        let scratch = try Self.scratch()
        let forged = "line1\nshowCompletedTasks=true"
        #expect(try Self.store(["defaults", "set", "k", forged], in: scratch).status == 0)
        #expect(try Self.store(["defaults", "set", "t", "a\tb\u{1B}[2J"], in: scratch).status == 0)
        let all = try Self.store(["defaults", "get"], in: scratch)
        all.expectSucceeded(standardOutput: "k=line1␊showCompletedTasks=true\nt=a␉b␛[2J\n")
        let one = try Self.store(["defaults", "get", "k"], in: scratch)
        one.expectSucceeded(standardOutput: "line1␊showCompletedTasks=true\n")
        #expect(try scratch.sqlite3("SELECT value FROM defaults WHERE key = 'k'") == forged)
    }

    /// A key that would make the `KEY=VALUE` listing ambiguous is refused, saying which character,
    /// and nothing is written (not even a reload request).
    @Test(arguments: [
        (
            "",
            "'' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE, so a key must be non-empty"
        ),
        (
            "a=b",
            "'a=b' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE, so a key must hold no '='"
        ),
        (
            "showCompletedTasks=true",
            "'showCompletedTasks=true' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE, so a key must hold no '='"
        ),
        (
            "a\nb",
            "'a␊b' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE on one line, so a key must hold no control character (it holds U+000A)"
        ),
        (
            "\u{1B}[31mx",
            "'␛[31mx' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE on one line, so a key must hold no control character (it holds U+001B)"
        ),
        (
            "x\u{85}",
            "'x\\u{85}' is not a valid shared default key: 'store defaults get' lists each default as KEY=VALUE on one line, so a key must hold no control character (it holds U+0085)"
        ),
    ])
    func defaultsSetRefusesAKeyTheListingCannotShow(key: String, message: String) throws {
        let scratch = try Self.scratch()
        let requests = try scratch.sqlite3("SELECT generation FROM reload_requests")
        let refused = try Self.store(["defaults", "set", key, "v"], in: scratch)
        refused.expectFailed(65, standardError: "Error: \(message)\n")
        #expect(try scratch.sqlite3("SELECT count(*) FROM defaults") == "0")
        #expect(try scratch.sqlite3("SELECT generation FROM reload_requests") == requests)
    }

    @Test func defaultsOfAKnownKeyAreChecked() throws {
        let scratch = try Self.scratch()
        let refused = try Self.store(["defaults", "set", "showCompletedTasks", "no"], in: scratch)
        refused.expectFailed(
            65,
            standardError:
                "Error: 'no' is not a value of the shared default 'showCompletedTasks' (whether a TaskWidget "
                + "whose configuration does not set showCompleted shows completed tasks); expected true or false\n"
        )
        #expect(try Self.store(["defaults", "get", "showCompletedTasks"], in: scratch).status == 1)
    }

    @Test func defaultsOfAnUnknownKeyWarn() throws {
        let scratch = try Self.scratch()
        let typo = try Self.store(["defaults", "set", "showCompletedTask", "false"], in: scratch)
        #expect(typo.status == 0)
        #expect(
            typo.standardError
                == "warning: no built-in widget reads the shared default 'showCompletedTask'; "
                + "did you mean 'showCompletedTasks'?\n")
    }

    @Test func defaultsGetOfAKeyNotSetFails() throws {
        let scratch = try Self.scratch()
        let missing = try Self.store(["defaults", "get", "theme"], in: scratch)
        missing.expectFailed(
            1,
            standardError:
                "Error: the shared default 'theme' is not set in \(scratch.url.appendingPathComponent("store").path)\n"
        )
        // A key the built-ins read says what they take meanwhile (as they do: see below and
        // FocusWidgetTests).
        let store = scratch.url.appendingPathComponent("store").path
        for (key, value, summary) in [
            (
                "showCompletedTasks", "true",
                "whether a TaskWidget whose configuration does not set showCompleted shows completed tasks"
            ),
            ("focus.isOn", "false", "whether focus mode is on (FocusWidget)"),
        ] {
            try Self.store(["defaults", "get", key], in: scratch).expectFailed(
                1,
                standardError:
                    "Error: the shared default '\(key)' is not set in \(store); the built-in widgets take \(value) "
                    + "(\(summary))\n")
        }
        // A store that does not exist yet is refused, as by every command (StoreOnPurposeTests),
        // and is not created by reading.
        let none = try StoreCommandTests.run(["store", "defaults", "get", "--store", "none"], in: scratch)
        #expect(none.status == 65)
        #expect(none.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("none").path))
    }

    /// TaskWidget's `showCompleted`, when a configuration does not set it, is the shared default
    /// `showCompletedTasks` (the seed's `@AppStorage`), shown when that is not set either; a
    /// configuration's own value wins.
    @Test func showCompletedFallsBackToTheSharedDefault() throws {
        let scratch = try Self.scratch()
        try scratch.file(
            "widgets.yaml",
            """
            appGroup: group.com.example.taskapp
            widgets:
              - {id: unset, kind: TaskWidget, configuration: {maxTasks: 9}}
              - {id: shown, kind: TaskWidget, configuration: {maxTasks: 9, showCompleted: true}}
              - {id: hidden, kind: TaskWidget, configuration: {maxTasks: 9, showCompleted: false}}

            """)
        func shown() throws -> [String: [String]] {
            let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--format", "json"])
            try #require(run.status == 0)
            var titles: [String: [String]] = [:]
            for widget in try RunCommandTests.widgets(run.standardOutput) {
                let tasks = (widget["entry"] as? [String: Any])?["tasks"] as? [[String: Any]] ?? []
                titles[widget["id"] as? String ?? ""] = tasks.compactMap { $0["title"] as? String }
            }
            return titles
        }
        #expect(
            try shown() == [
                "unset": ["A", "B", "C", "D"], "shown": ["A", "B", "C", "D"], "hidden": ["A", "C", "D"],
            ])
        #expect(try Self.store(["defaults", "set", "showCompletedTasks", "false"], in: scratch).status == 0)
        #expect(
            try shown() == [
                "unset": ["A", "C", "D"], "shown": ["A", "B", "C", "D"], "hidden": ["A", "C", "D"],
            ])
        #expect(try Self.store(["defaults", "set", "showCompletedTasks", "true"], in: scratch).status == 0)
        #expect(try shown()["unset"] == ["A", "B", "C", "D"])
    }
}
