import Foundation
import TestSupport
import Testing

/// `widgethost describe`, run as a binary: the text of a widget, the JSON of every widget and
/// intent (what editors and plugin authors read), and unknown names.
@Suite struct DescribeCommandTests {
    static let taskWidgetText = """
        TaskWidget (Tasks)
          Manage your tasks from the home screen: filter them, and tap one to complete it. Without showCompleted, the shared default showCompletedTasks decides whether completed tasks show.
          families: systemMedium (default), systemSmall, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline
          configuration:
            priorityFilter  one of all, high, medium, low  default "all"     "Priority"
            showCompleted   boolean, optional                                "Show Completed"
            maxTasks        integer, at least 1            default 3         "Number of Tasks"
            rowStyle        one of button, toggle          default "button"  "Row Style"
            category        string                         default "all"     "Category"
              choices from the app's data (--store DIR lists them)

        """

    /// `AddTaskIntent`'s paragraph in `describe`'s intents section.
    static let addTaskParagraph = """
        AddTaskIntent (Add Task)
          Adds a task at the end of the list.
          parameters:
            taskName  string                    required          "Task Name"
            priority  one of low, medium, high  default "medium"  "Priority"
            category  string, optional                            "Category"

        """

    /// The paragraphs of `describe`'s intents section, an intent each, in the registry's order.
    static let intentParagraphs = [
        """
        ToggleTaskIntent (Toggle Task)
          Marks a task as completed or not completed.
          parameters:
            taskID  string  required          "Task ID"

        """,
        """
        SetTaskCompletionIntent (Set Task Completion)
          Marks a task as completed, or as not completed.
          parameters:
            taskID       string   required          "Task ID"
            isCompleted  boolean  required          "Completed"

        """,
        """
        CompleteTaskIntent (Complete Task)
          Marks a task as completed.
          parameters:
            taskId  string  required          "Task ID"

        """,
        addTaskParagraph,
        """
        ToggleTaskWithFeedbackIntent (Toggle Task with Feedback)
          Toggles a task and returns whether it did: false, with nothing changed, for an unknown id.
          parameters:
            taskID  string  required          "Task ID"

        """,
        """
        ToggleFocusModeIntent (Toggle Focus Mode)
          Turns focus mode on or off.
          parameters:
            value  boolean  required          "Focus Mode"

        """,
    ]

    static let usageLines = """
        Usage: widgethost describe [<kind>] [--format <format>] [--plugins <dir> ...] [--config <path> ...] [--store <dir>] [--lock-timeout <seconds>]
          See 'widgethost describe --help' for more information.

        """

    @Test func taskWidgetAsText() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["describe", "TaskWidget"])
        run.expectSucceeded(standardOutput: Self.taskWidgetText)
    }

    @Test func everythingAsText() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["describe"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix(Self.taskWidgetText + "\nFocusWidget (Focus)\n"))
        #expect(
            run.standardOutput.contains(
                """

                Quickmenu (Quickmenu)
                  Opens the app at Home, Balance, Transfer or Scan.
                  families: systemMedium (default), systemSmall, systemLarge, systemExtraLarge
                  configuration: none (a static widget)

                Intents:

                ToggleTaskIntent (Toggle Task)

                """))
        #expect(run.standardOutput.hasSuffix("\n" + Self.intentParagraphs.suffix(3).joined(separator: "\n")))
    }

    @Test func everythingAsJSON() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["describe", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let document = try JSONText.object(run.standardOutput)
        #expect(Set(document.keys) == ["widgets", "intents"])
        let widgets = try #require(document["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["kind"] as? String } == ["TaskWidget", "FocusWidget", "Quickmenu"])
        #expect(widgets.map { $0["displayName"] as? String } == ["Tasks", "Focus", "Quickmenu"])
        #expect(widgets.map { $0["configurable"] as? Bool } == [true, false, false])
        #expect(
            widgets.map { $0["supportedFamilies"] as? [String] } == [
                [
                    "systemMedium", "systemSmall", "systemLarge", "systemExtraLarge", "accessoryCircular",
                    "accessoryRectangular", "accessoryInline",
                ],
                ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"],
                ["systemMedium", "systemSmall", "systemLarge", "systemExtraLarge"],
            ])
        let parameters = widgets.map { $0["parameters"] as? [[String: Any]] }
        #expect(
            parameters[0].map { $0.map(JSONText.canonical) } == [
                #"{"cases":["all","high","medium","low"],"caseTitles":["All","High","Medium","Low"],"default":"all","#
                    + #""name":"priorityFilter","title":"Priority","type":"enum","typeName":"Priority Filter"}"#,
                #"{"name":"showCompleted","optional":true,"title":"Show Completed","type":"boolean"}"#,
                #"{"default":3,"minimum":1,"name":"maxTasks","title":"Number of Tasks","type":"integer"}"#,
                #"{"cases":["button","toggle"],"caseTitles":["Button","Toggle"],"default":"button","name":"rowStyle","#
                    + #""title":"Row Style","type":"enum","typeName":"Row Style"}"#,
                #"{"default":"all","dynamicOptions":true,"name":"category","title":"Category","type":"string"}"#,
            ])
        #expect(parameters[1]?.isEmpty == true && parameters[2]?.isEmpty == true)

        let intents = try #require(document["intents"] as? [[String: Any]])
        #expect(
            intents.map { $0["type"] as? String } == [
                "ToggleTaskIntent", "SetTaskCompletionIntent", "CompleteTaskIntent", "AddTaskIntent",
                "ToggleTaskWithFeedbackIntent", "ToggleFocusModeIntent",
            ])
        let string = { (name: String, title: String) in
            #"{"name":"\#(name)","title":"\#(title)","type":"string"}"#
        }
        #expect(
            intents.map { JSONText.canonical($0["parameters"]) } == [
                "[" + string("taskID", "Task ID") + "]",
                "[" + string("taskID", "Task ID")
                    + #",{"name":"isCompleted","title":"Completed","type":"boolean"}]"#,
                "[" + string("taskId", "Task ID") + "]",
                "[" + string("taskName", "Task Name")
                    + #",{"cases":["low","medium","high"],"caseTitles":["Low","Medium","High"],"default":"medium","#
                    + #""name":"priority","title":"Priority","type":"enum"}"#
                    + #",{"name":"category","optional":true,"title":"Category","type":"string"}]"#,
                "[" + string("taskID", "Task ID") + "]",
                #"[{"name":"value","title":"Focus Mode","type":"boolean"}]"#,
            ])
        #expect(intents.allSatisfy { ($0["title"] as? String)?.isEmpty == false })
        #expect(intents.allSatisfy { ($0["description"] as? String)?.isEmpty == false })
    }

    @Test(arguments: [
        ("TaskWidget", ["TaskWidget"], [String]()), ("Quickmenu", ["Quickmenu"], []),
        ("ToggleFocusModeIntent", [], ["ToggleFocusModeIntent"]),
    ])
    func oneKindOrIntentAsJSON(name: String, kinds: [String], intents: [String]) throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["describe", name, "--format", "json"])
        #expect(run.status == 0)
        let document = try JSONText.object(run.standardOutput)
        #expect((document["widgets"] as? [[String: Any]])?.map { $0["kind"] as? String } == kinds)
        #expect((document["intents"] as? [[String: Any]])?.map { $0["type"] as? String } == intents)
    }

    @Test(arguments: [
        ("TaskWidgit", "Error: No widget kind or intent is named 'TaskWidgit'. Did you mean 'TaskWidget'?"),
        ("taskwidget", "Error: No widget kind or intent is named 'taskwidget'. Did you mean 'TaskWidget'?"),
        (
            "ToggleTaskIntnt",
            "Error: No widget kind or intent is named 'ToggleTaskIntnt'. Did you mean 'ToggleTaskIntent'?"
        ),
        (
            "Weather",
            "Error: No widget kind or intent is named 'Weather'. Known: TaskWidget, FocusWidget, Quickmenu, "
                + "ToggleTaskIntent, SetTaskCompletionIntent, CompleteTaskIntent, AddTaskIntent, ToggleTaskWithFeedbackIntent, ToggleFocusModeIntent."
        ),
    ])
    func unknownNameIsAUsageError(name: String, message: String) throws {
        let scratch = try TemporaryDirectory()
        for format in ["text", "json"] {
            let run = try scratch.widgethost(["describe", name, "--format", format])
            // Where plugins were looked for, and how to point at others.
            let looked =
                " Plugins were looked for in \(scratch.path("data/widgethost/plugins")). Name a plugin "
                + "folder with --plugins DIR, or a configuration whose plugins to take with --config PATH."
            run.expectFailed(64, standardError: message + looked + "\n" + Self.usageLines)
        }
    }
}
