import Foundation
import TestSupport
import Testing

/// `widgethost perform`, run as a binary on temporary stores: what each built-in intent changes
/// (read back with `store export`), what it prints, and how values, names and failures are refused
/// with the store left as it was.
@Suite struct PerformCommandTests {
    static let roadmap = "0EBD2090-C844-442D-82AC-2583D6834FA5"
    static let audit = "FDCF9DD6-C216-4FBD-B416-1A8AD0B02341"
    static let milk = "8B81DF57-0FFD-4BFF-889C-FBD191C93047"

    /// Three tasks: the first and the last not completed, the second completed; focus off.
    static let tasksYAML = """
        tasks:
          - id: \(roadmap)
            title: Finish the Q3 roadmap slides
            priority: high
            category: work
            dueDate: 2026-12-01T17:00:00Z
          - id: \(audit)
            title: Reply to the security audit email
            priority: high
            category: work
            isCompleted: true
          - id: \(milk)
            title: Buy milk and eggs
            priority: medium
            category: shopping

        """

    /// The JSON export of the three tasks with these completions, then `added` (each a task's JSON).
    static func export(completed: [Bool] = [false, true, false], focus: Bool = false, added: [String] = [])
        -> String
    {
        let tasks =
            [
                #"{"id":"\#(roadmap)","title":"Finish the Q3 roadmap slides","priority":"high","#
                    + #""category":"work","isCompleted":\#(completed[0]),"dueDate":"2026-12-01T17:00:00Z"}"#,
                #"{"id":"\#(audit)","title":"Reply to the security audit email","priority":"high","#
                    + #""category":"work","isCompleted":\#(completed[1]),"dueDate":null}"#,
                #"{"id":"\#(milk)","title":"Buy milk and eggs","priority":"medium","#
                    + #""category":"shopping","isCompleted":\#(completed[2]),"dueDate":null}"#,
            ] + added
        return #"{"tasks":["# + tasks.joined(separator: ",") + #"],"focus":{"isOn":\#(focus)}}"# + "\n"
    }

    /// A scratch directory whose store `store` holds ``tasksYAML``.
    static func scratchWithTasks(stores: [String] = ["store"]) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        for store in stores { try scratch.importTasks(tasksYAML, into: store) }
        #expect(try scratch.exportJSON(of: stores[0]) == export())
        return scratch
    }

    /// Expects `perform` with `arguments` on `scratch`'s store to fail in text and in JSON alike:
    /// exit `status` and `message` on standard error; nothing on standard output in text, one error
    /// object with `code` in JSON (see JSONFailureTests).
    static func expectFailure(
        _ arguments: [String], in scratch: TemporaryDirectory, status: Int32, message: String, code: String,
        reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for format in ["text", "json"] {
            let run = try scratch.widgethost(
                ["perform"] + arguments + ["--store", "store", "--format", format])
            #expect(run.status == status, sourceLocation: sourceLocation)
            #expect(run.standardError == message, sourceLocation: sourceLocation)
            if format == "json" {
                let error = try JSONText.object(run.standardOutput)["error"] as? [String: Any]
                #expect(error?["code"] as? String == code, sourceLocation: sourceLocation)
                #expect(error?["reason"] as? String == reason, sourceLocation: sourceLocation)
            } else {
                #expect(run.standardOutput.isEmpty, sourceLocation: sourceLocation)
            }
        }
    }

    /// Expects `scratch`'s store to hold the imported tasks unchanged, with no reload requested
    /// but the import's.
    static func expectStoreUnchanged(
        _ scratch: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try scratch.exportJSON() == Self.export(), sourceLocation: sourceLocation)
        #expect(scratch.reloadStamp() == "1\n", "only the import's request", sourceLocation: sourceLocation)
    }

    // MARK: - What each intent does

    /// An intent, its arguments, what it returns and reloads, and the store it leaves.
    struct IntentCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// The value, as JSON.
        var value: String
        var reloaded: String
        var completed: [Bool]
        var focus = false

        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let intentCases: [IntentCase] = [
        IntentCase(
            arguments: ["ToggleTaskIntent", "taskID=\(roadmap)"], value: "true", reloaded: "TaskWidget",
            completed: [true, true, false]),
        // Ids match in any letter case.
        IntentCase(
            arguments: ["ToggleTaskIntent", "taskID=\(audit.lowercased())"], value: "false",
            reloaded: "TaskWidget", completed: [false, false, false]),
        IntentCase(
            arguments: ["SetTaskCompletionIntent", "taskID=\(milk)", "isCompleted=true"], value: "true",
            reloaded: "TaskWidget", completed: [false, true, true]),
        IntentCase(
            arguments: ["SetTaskCompletionIntent", "isCompleted=false", "taskID=\(audit)"], value: "false",
            reloaded: "TaskWidget", completed: [false, false, false]),
        // Setting what is already set changes nothing, but still asks for a reload.
        IntentCase(
            arguments: ["SetTaskCompletionIntent", "taskID=\(audit)", "isCompleted=true"], value: "true",
            reloaded: "TaskWidget", completed: [false, true, false]),
        IntentCase(
            arguments: ["CompleteTaskIntent", "taskId=\(roadmap)"], value: "true", reloaded: "TaskWidget",
            completed: [true, true, false]),
        // Completing a completed task leaves it completed (not a toggle).
        IntentCase(
            arguments: ["CompleteTaskIntent", "taskId=\(audit)"], value: "true", reloaded: "TaskWidget",
            completed: [false, true, false]),
        IntentCase(
            arguments: ["ToggleFocusModeIntent", "value=true"], value: "true", reloaded: "FocusWidget",
            completed: [false, true, false], focus: true),
        IntentCase(
            arguments: ["ToggleFocusModeIntent", "value=false"], value: "false", reloaded: "FocusWidget",
            completed: [false, true, false], focus: false),
    ]

    /// Each intent in text and in JSON, each on a store of its own: the output verbatim, and the
    /// whole export afterwards.
    @Test(arguments: intentCases)
    func performChangesWhatTheIntentSaysAndNothingElse(_ intent: IntentCase) throws {
        let scratch = try Self.scratchWithTasks(stores: ["text", "json"])
        let name = intent.arguments[0]

        let text = try scratch.widgethost(["perform"] + intent.arguments + ["--store", "text"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == "\(name)\nvalue: \(intent.value)\nreloaded: \(intent.reloaded)\n")
        #expect(text.standardError.isEmpty)
        #expect(
            try scratch.exportJSON(of: "text")
                == Self.export(completed: intent.completed, focus: intent.focus))

        let json = try scratch.widgethost(
            ["perform"] + intent.arguments + ["--store", "json", "--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(
            json.standardOutput
                == #"{"intent":"\#(name)","value":\#(intent.value),"dialog":null,"reloaded":["\#(intent.reloaded)"]}"#
                + "\n")
        #expect(json.standardError.isEmpty)
        #expect(
            try scratch.exportJSON(of: "json")
                == Self.export(completed: intent.completed, focus: intent.focus))
    }

    @Test func addTaskAppendsAnUncompletedTaskWithTheDefaultPriority() throws {
        let scratch = try Self.scratchWithTasks()
        // The store from the environment this time, not --store.
        let store = ["WIDGETHOST_STORE": scratch.path("store")]

        let first = try scratch.widgethost(
            ["perform", "AddTaskIntent", "taskName=Plan the offsite"], environment: store)
        #expect(first.status == 0, "\(first.standardError)")
        let lines = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 4, "\(first.standardOutput)")
        #expect(lines[0] == "AddTaskIntent: Plan the offsite added")
        #expect(lines[1].hasPrefix("value: \"") && lines[1].hasSuffix("\""))
        let firstID = String(lines[1].dropFirst("value: \"".count).dropLast())
        #expect(UUID(uuidString: firstID) != nil, "the value is the new task's id: \(firstID)")
        // As seed 002's AddTaskIntent: every timeline.
        #expect(lines[2] == "reloaded: all timelines" && lines[3].isEmpty)

        // Strings are taken as written: no YAML reading of `yes`, commas or `=`.
        let second = try scratch.widgethost(
            [
                "perform", "AddTaskIntent", "taskName=yes, 2 = 2", "priority=high", "category=travel",
                "--format", "json",
            ],
            environment: store)
        #expect(second.status == 0, "\(second.standardError)")
        let object = try JSONText.object(second.standardOutput)
        let secondID = try #require(object["value"] as? String)
        #expect(UUID(uuidString: secondID) != nil && secondID != firstID)
        #expect(
            second.standardOutput
                == #"{"intent":"AddTaskIntent","value":"\#(secondID)","dialog":"yes, 2 = 2 added","#
                + #""reloaded":["*"]}"# + "\n")

        let export = try scratch.exportJSON()
        #expect(
            export
                == Self.export(added: [
                    #"{"id":"\#(firstID)","title":"Plan the offsite","priority":"medium","category":null,"#
                        + #""isCompleted":false,"dueDate":null}"#,
                    #"{"id":"\#(secondID)","title":"yes, 2 = 2","priority":"high","category":"travel","#
                        + #""isCompleted":false,"dueDate":null}"#,
                ]))
        // The import's request, then one a task.
        #expect(scratch.reloadStamp() == "3\n")
    }

    // MARK: - Refused before anything runs

    /// A value that does not fit, or a missing required one: exit 65, every problem on its own
    /// `error:` line.
    @Test(arguments: [
        (
            ["SetTaskCompletionIntent", "taskID=\(roadmap)", "isCompleted=maybe"],
            "error: 'isCompleted' must be true or false, not a string 'maybe'\n"
        ),
        (
            ["AddTaskIntent", "taskName=Plan the offsite", "priority=urgent"],
            "error: 'urgent' is not a priority; expected one of low, medium, high\n"
        ),
        (
            ["AddTaskIntent", "taskName=Plan the offsite", "priority=High"],
            "error: 'High' is not a priority; expected one of low, medium, high; did you mean 'high'?\n"
        ),
        (["AddTaskIntent", "priority=low"], "error: AddTaskIntent needs taskName=<string> (Task Name)\n"),
        (["ToggleTaskIntent"], "error: ToggleTaskIntent needs taskID=<string> (Task ID)\n"),
        (["ToggleFocusModeIntent", "value=1"], "error: 'value' must be true or false, not an integer '1'\n"),
        (
            ["ToggleFocusModeIntent", "value=true\n---\nfalse"],
            "error: 'value' holds 2 YAML documents; give one value (quote a '---' that belongs to it)\n"
        ),
        (
            ["SetTaskCompletionIntent", "isCompleted=maybe"],
            "error: 'isCompleted' must be true or false, not a string 'maybe'\n"
                + "error: SetTaskCompletionIntent needs taskID=<string> (Task ID)\n"
        ),
    ])
    func aMalformedValueIsRefusedWithTheStoreUnchanged(_ arguments: [String], _ message: String) throws {
        let scratch = try Self.scratchWithTasks()
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("store/widgethost.sqlite"))
        try Self.expectFailure(
            arguments, in: scratch, status: 65, message: message, code: "intent.invalid-value")
        try Self.expectStoreUnchanged(scratch)
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("store/widgethost.sqlite")) == before)
    }

    /// An unknown intent or parameter name, or an argument that is not `name=value`: a usage
    /// error (exit 64) with "did you mean" where a name is near.
    @Test(arguments: [
        (
            ["ToggleTaskIntnet", "taskID=\(roadmap)"],
            "No intent is named 'ToggleTaskIntnet'. Did you mean 'ToggleTaskIntent'?"
        ),
        (
            ["Frobnicate"],
            "No intent is named 'Frobnicate'. Known: ToggleTaskIntent, SetTaskCompletionIntent, "
                + "CompleteTaskIntent, AddTaskIntent, ToggleTaskWithFeedbackIntent, ToggleFocusModeIntent."
        ),
        (
            ["ToggleTaskIntent", "taskId=\(roadmap)"],
            "ToggleTaskIntent has no parameter 'taskId'; did you mean 'taskID'?"
        ),
        (
            ["CompleteTaskIntent", "taskID=\(roadmap)"],
            "CompleteTaskIntent has no parameter 'taskID'; did you mean 'taskId'?"
        ),
        (
            ["AddTaskIntent", "taskname=Plan the offsite", "priority=urgent"],
            "AddTaskIntent has no parameter 'taskname'; did you mean 'taskName'?"
        ),
        (["ToggleTaskIntent", roadmap], "'\(roadmap)' is not name=value; ToggleTaskIntent takes taskID"),
        (["ToggleTaskIntent", "taskID=\(roadmap)", "taskID=\(milk)"], "'taskID' is given more than once"),
    ])
    func anUnknownNameIsAUsageErrorWithTheStoreUnchanged(_ arguments: [String], _ message: String) throws {
        let scratch = try Self.scratchWithTasks()
        let run = try scratch.widgethost(["perform"] + arguments + ["--store", "store"])
        // An unknown intent is told where plugins were looked for, and how to point at others.
        let looked =
            message.hasPrefix("No intent")
            ? " Plugins were looked for in \(scratch.path("data/widgethost/plugins")). Name a plugin "
                + "folder with --plugins DIR, or a configuration whose plugins to take with --config PATH."
            : ""
        run.expectFailed(
            64,
            standardError: """
                Error: \(message)\(looked)
                Usage: widgethost perform <intent> [<name>=<value> ...] [<options>]
                  See 'widgethost perform --help' for more information.

                """)
        try Self.expectStoreUnchanged(scratch)
    }

    // MARK: - Failing at run time

    /// No task with that id: exit 1, the id in the message, the intent's own code as the reason,
    /// nothing changed and no reload asked.
    @Test(arguments: [
        ["ToggleTaskIntent", "taskID=6F9619FF-8B86-D011-B42D-00CF4FC964FF"],
        ["SetTaskCompletionIntent", "taskID=6F9619FF-8B86-D011-B42D-00CF4FC964FF", "isCompleted=true"],
        ["CompleteTaskIntent", "taskId=6F9619FF-8B86-D011-B42D-00CF4FC964FF"],
    ])
    func anUnknownTaskFailsWithTheStoreUnchanged(_ arguments: [String]) throws {
        let scratch = try Self.scratchWithTasks()
        try Self.expectFailure(
            arguments, in: scratch, status: 1,
            message: "error: no task with id '6F9619FF-8B86-D011-B42D-00CF4FC964FF'; "
                + "'widgethost store export' lists the stored tasks and their ids\n",
            code: "intent.failed", reason: "task.not-found")
        try Self.expectStoreUnchanged(scratch)
    }

    /// The intent refuses the value itself (`$taskName.needsValueError`): invalid input, exit 65.
    @Test func anEmptyTaskNameIsRefusedWithTheStoreUnchanged() throws {
        let scratch = try Self.scratchWithTasks()
        for name in ["taskName=", "taskName=   "] {
            let run = try scratch.widgethost(["perform", "AddTaskIntent", name, "--store", "store"])
            #expect(run.status == 65, "\(name)")
            #expect(run.standardError == "error: a task needs a name: 'taskName' is empty\n")
        }
        try Self.expectStoreUnchanged(scratch)
    }

    /// A name or a category over 4 KiB is refused (invalid input, exit 65) with the store
    /// unchanged: one task cannot make every widget showing it grow without bound (three 20 MB
    /// categories once made a batch run of 40 widgets peak at 780 MB).
    @Test(arguments: [("taskName", "name", [String]()), ("category", "category", ["taskName=n"])])
    func aTextOverFourKiBIsRefusedWithTheStoreUnchanged(parameter: String, what: String, others: [String])
        throws
    {
        let scratch = try Self.scratchWithTasks()
        let long = parameter + "=" + String(repeating: "x", count: 4097)
        let run = try scratch.widgethost(["perform", "AddTaskIntent"] + others + [long, "--store", "store"])
        #expect(run.status == 65)
        #expect(
            run.standardError
                == "error: '\(parameter)' is 4097 bytes long; a task's \(what) holds at most 4096 bytes (4 KiB) of UTF-8\n"
        )
        try Self.expectStoreUnchanged(scratch)
    }

    // MARK: - Discovering the intents

    @Test func describeListsTheIntentsAndTheirParameters() throws {
        let scratch = try TemporaryDirectory()
        let all = try scratch.widgethost(["describe"])
        #expect(all.status == 0)
        let intents = try #require(all.standardOutput.range(of: "Intents:\n\n"), "\(all.standardOutput)")
        #expect(
            all.standardOutput[intents.upperBound...]
                == DescribeCommandTests.intentParagraphs.joined(separator: "\n"))

        let one = try scratch.widgethost(["describe", "AddTaskIntent"])
        #expect(one.status == 0)
        #expect(one.standardOutput == "Intents:\n\n" + DescribeCommandTests.addTaskParagraph)

        let json = try scratch.widgethost(["describe", "--format", "json"])
        #expect(json.status == 0)
        let intentsJSON = try JSONText.object(json.standardOutput)["intents"]
        #expect(
            JSONText.canonical(intentsJSON)
                == #"[{"description":"Marks a task as completed or not completed.","parameters":["#
                + #"{"name":"taskID","title":"Task ID","type":"string"}],"title":"Toggle Task","#
                + #""type":"ToggleTaskIntent"},{"description":"Marks a task as completed, or as not completed.","#
                + #""parameters":[{"name":"taskID","title":"Task ID","type":"string"},{"name":"isCompleted","#
                + #""title":"Completed","type":"boolean"}],"title":"Set Task Completion","#
                + #""type":"SetTaskCompletionIntent"},{"description":"Marks a task as completed.","#
                + #""parameters":[{"name":"taskId","title":"Task ID","type":"string"}],"title":"Complete Task","#
                + #""type":"CompleteTaskIntent"},{"description":"Adds a task at the end of the list.","#
                + #""parameters":[{"name":"taskName","title":"Task Name","type":"string"},"#
                + #"{"cases":["low","medium","high"],"caseTitles":["Low","Medium","High"],"default":"medium","#
                + #""name":"priority","title":"Priority","#
                + #""type":"enum"},{"name":"category","optional":true,"title":"Category","type":"string"}],"#
                + #""title":"Add Task","type":"AddTaskIntent"},{"description":"Toggles a task and returns whether "#
                + #"it did: false, with nothing changed, for an unknown id.","parameters":[{"name":"taskID","#
                + #""title":"Task ID","type":"string"}],"title":"Toggle Task with Feedback","#
                + #""type":"ToggleTaskWithFeedbackIntent"},{"description":"Turns focus mode on or off.","#
                + #""parameters":[{"name":"value","title":"Focus Mode","type":"boolean"}],"#
                + #""title":"Toggle Focus Mode","type":"ToggleFocusModeIntent"}]"#)
    }
}
