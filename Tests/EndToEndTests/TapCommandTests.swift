import Foundation
import TestSupport
import Testing

/// `widgethost tap`, run as a binary on the sample configuration (`config/widgets.yaml`) and the
/// sample tasks (`config/data/tasks.yaml`) imported into a temporary store: the control numbered
/// N in the text view is the one tapped, its intent changes the store, a link says what it opens.
@Suite struct TapCommandTests {
    static let roadmap = "0EBD2090-C844-442D-82AC-2583D6834FA5"
    static let loginReview = "42A93937-ACFF-439C-ACE2-EB577878E925"

    /// A scratch directory holding `config/widgets.yaml` and a store `store` with the sample tasks.
    ///
    /// - Returns: The directory and the store's JSON export.
    static func sample() throws -> (TemporaryDirectory, String) {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        let tasks = try String(
            contentsOf: TemporaryDirectory.repositoryURL.appendingPathComponent("config/data/tasks.yaml"),
            encoding: .utf8)
        try scratch.importTasks(tasks)
        return (scratch, try scratch.exportJSON())
    }

    /// `export` with task `id` completed (it must not be yet).
    static func export(_ export: String, completing id: String) throws -> String {
        let task = try #require(export.range(of: #"{"id":"\#(id)""#), "task \(id) in \(export)")
        let field = try #require(
            export.range(of: #""isCompleted":false"#, range: task.upperBound..<export.endIndex))
        try #require(!export[task.upperBound..<field.lowerBound].contains("}"), "task \(id) is completed")
        return export.replacingCharacters(in: field, with: #""isCompleted":true"#)
    }

    @Test func tappingATaskRowTogglesThatTask() throws {
        let (scratch, before) = try Self.sample()

        // The text view numbers the rows; the JSON view says which task each row's button toggles.
        let view = try scratch.widgethost(["run", "--widget", "work-tasks", "--store", "store"])
        #expect(view.status == 0)
        // The roadmap's row also says when it is due, relative to now.
        #expect(view.standardOutput.contains("│ [1] ○ Finish the Q3 roadmap slides "))
        #expect(view.standardOutput.contains("│ [2] ○ Review the login pull request            ! │\n"))
        let json = try scratch.widgethost([
            "run", "--widget", "work-tasks", "--store", "store", "--format", "json",
        ])
        let widget = try #require((try JSONText.object(json.standardOutput)["widgets"] as? [Any])?.first)
        let buttons = JSONText.nodes(of: (widget as? [String: Any])?["view"], type: "button")
        #expect(
            buttons.map { JSONText.canonical($0["intent"]) } == [
                #"{"parameters":{"taskID":"\#(Self.roadmap)"},"type":"ToggleTaskIntent"}"#,
                #"{"parameters":{"taskID":"\#(Self.loginReview)"},"type":"ToggleTaskIntent"}"#,
            ])

        let tap = try scratch.widgethost(["tap", "work-tasks", "2", "--store", "store"])
        #expect(tap.status == 0, "\(tap.standardError)")
        #expect(tap.standardOutput == "ToggleTaskIntent\nvalue: true\nreloaded: TaskWidget\n")
        #expect(tap.standardError.isEmpty)
        let afterFirst = try Self.export(before, completing: Self.loginReview)
        #expect(try scratch.exportJSON() == afterFirst)

        // The completed task left the view (showCompleted: false), so work-tasks has one row now.
        let again = try scratch.widgethost(["run", "--widget", "work-tasks", "--store", "store"])
        #expect(!again.standardOutput.contains("[2]"))

        let second = try scratch.widgethost(
            ["tap", "all-tasks", "1", "config/widgets.yaml", "--store", "store", "--format", "json"])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(
            second.standardOutput
                == #"{"widget":"all-tasks","control":1,"intent":"ToggleTaskIntent","value":true,"#
                + #""dialog":null,"reloaded":["TaskWidget"]}"# + "\n")
        #expect(try scratch.exportJSON() == Self.export(afterFirst, completing: Self.roadmap))
    }

    @Test func tappingTheFocusToggleTwiceTurnsFocusOnThenOff() throws {
        let (scratch, before) = try Self.sample()
        #expect(before.hasSuffix(#""focus":{"isOn":false}}"# + "\n"))

        let on = try scratch.widgethost(["tap", "focus", "1", "--store", "store"])
        #expect(on.status == 0, "\(on.standardError)")
        #expect(on.standardOutput == "ToggleFocusModeIntent\nvalue: true\nreloaded: FocusWidget\n")
        let withFocus = before.replacingOccurrences(
            of: #""focus":{"isOn":false}"#, with: #""focus":{"isOn":true}"#)
        #expect(try scratch.exportJSON() == withFocus)
        let view = try scratch.widgethost(["run", "--widget", "focus", "--store", "store"])
        #expect(view.standardOutput.contains("│ Focus On                 │\n│ [1] ◉ on                 │\n"))

        let off = try scratch.widgethost(["tap", "focus", "1", "--store", "store", "--format", "json"])
        #expect(off.status == 0, "\(off.standardError)")
        #expect(
            off.standardOutput
                == #"{"widget":"focus","control":1,"intent":"ToggleFocusModeIntent","value":false,"#
                + #""dialog":null,"reloaded":["FocusWidget"]}"# + "\n")
        #expect(try scratch.exportJSON() == before)
    }

    @Test(arguments: [(1, "Home", 0), (2, "Balance", 1), (3, "Transfer", 2), (4, "Scan", 3)])
    func tappingAQuickMenuLinkSaysWhatItOpensAndChangesNothing(_ number: Int, _ tab: String, _ index: Int)
        throws
    {
        let (scratch, before) = try Self.sample()
        let text = try scratch.widgethost(["tap", "quick-menu", "\(number)", "--store", "store"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == "opens widgetquickmenu://\(tab) -> \(tab) (tab \(index))\n")
        #expect(text.standardError.isEmpty)

        let json = try scratch.widgethost([
            "tap", "quick-menu", "\(number)", "--store", "store", "--format", "json",
        ])
        #expect(json.status == 0)
        #expect(
            json.standardOutput
                == #"{"widget":"quick-menu","control":\#(number),"url":"widgetquickmenu://\#(tab)","#
                + #""tab":"\#(tab)","tabIndex":\#(index)}"# + "\n")

        #expect(try scratch.exportJSON() == before)
        #expect(scratch.reloadStamp() == "1\n", "a link asks for no reload (1 is the import's)")
    }

    @Test(arguments: [
        ("quick-menu", "5", "Widget 'quick-menu' has 4 controls now; there is no control 5."),
        ("quick-menu", "0", "Widget 'quick-menu' has 4 controls now; there is no control 0."),
        ("focus", "2", "Widget 'focus' has 1 control now; there is no control 2."),
        ("quik-menu", "1", "No widget has the id 'quik-menu'. Did you mean 'quick-menu'?"),
        (
            "nope", "1",
            "No widget has the id 'nope'. The ids are 'work-tasks', 'all-tasks', 'focus', 'quick-menu'."
        ),
    ])
    func aControlOrWidgetThatIsNotThereIsAUsageError(_ id: String, _ number: String, _ message: String) throws
    {
        let (scratch, before) = try Self.sample()
        let run = try scratch.widgethost(["tap", id, number, "--store", "store"])
        run.expectFailed(
            64,
            standardError: """
                Error: \(message)
                Usage: widgethost tap <widget-id> <n> [<config> ...] [<options>]
                  See 'widgethost tap --help' for more information.

                """)
        #expect(try scratch.exportJSON() == before)
        #expect(scratch.reloadStamp() == "1\n", "only the import's request")
    }
}
