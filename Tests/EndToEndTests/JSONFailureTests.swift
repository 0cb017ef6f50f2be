import Foundation
import TestSupport
import Testing

/// With `--format json`, a command that fails before it has a document prints one JSON object on
/// standard output, `{"error": {"code", "message"}, "diagnostics": [...]}`, with the exit status and
/// the text on standard error it has without JSON.
@Suite struct JSONFailureTests {
    static let broken = """
        widgets:
          - id: work-tasks
            kind: TaskWidget
            configuration:
              priorityFilter: urgent
            maxTasks: 3

        """
    static let valid = "widgets:\n  - id: focus\n    kind: FocusWidget\n"

    /// Runs `arguments` with and without `--format json`: the same status and standard error; the
    /// JSON run's standard output parsed.
    static func failure(_ arguments: [String], in scratch: TemporaryDirectory) throws -> (
        status: Int32, error: [String: Any], diagnostics: [[String: Any]], standardError: String
    ) {
        let text = try scratch.widgethost(arguments)
        let json = try scratch.widgethost(arguments + ["--format", "json"])
        #expect(json.status == text.status)
        #expect(json.standardError == text.standardError)
        #expect(text.standardOutput.isEmpty)
        #expect(json.standardOutput.hasSuffix("}\n"))
        #expect(json.standardOutput.filter { $0 == "\n" }.count == 1)
        let object = try JSONText.object(json.standardOutput)
        #expect(Set(object.keys) == ["error", "diagnostics"])
        let error = try #require(object["error"] as? [String: Any])
        // `reason` only where the intent's own code gave one.
        #expect(Set(error.keys).subtracting(["reason"]) == ["code", "message"])
        return (
            json.status, error, try #require(object["diagnostics"] as? [[String: Any]]), json.standardError
        )
    }

    @Test func runOfAnInvalidConfiguration() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("broken.yaml", Self.broken)
        let run = try Self.failure(["run", "broken.yaml", "--store", "store"], in: scratch)
        #expect(run.status == 65)
        #expect(run.error["code"] as? String == "config.invalid")
        #expect(run.error["message"] as? String == "the configuration has 2 errors; nothing ran")
        #expect(
            run.diagnostics.map { $0["code"] as? String } == ["config.unknown-case", "config.unknown-key"])
        #expect(run.diagnostics.map { $0["line"] as? Int } == [5, 6])
        let notes = run.diagnostics.last?["notes"] as? [[String: Any]]
        #expect(
            notes?.first?["message"] as? String
                == "'maxTasks' is a parameter of TaskWidget: indent it under 'configuration:', to column 7")
        #expect(run.standardError.hasPrefix("broken.yaml:5:23: error: 'urgent' is not a priority filter"))
    }

    @Test func tapOfAnInvalidConfigurationAndOfAnUnknownWidget() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("broken.yaml", Self.broken)
        try scratch.file("widgets.yaml", Self.valid)
        let invalid = try Self.failure(
            ["tap", "work-tasks", "1", "broken.yaml", "--store", "store"], in: scratch)
        #expect(invalid.status == 65)
        #expect(invalid.error["code"] as? String == "config.invalid")
        #expect(invalid.diagnostics.count == 2)
        let unknown = try Self.failure(
            ["tap", "focsu", "1", "widgets.yaml", "--store", "store"], in: scratch)
        #expect(unknown.status == 64)
        #expect(unknown.error["code"] as? String == "usage.invalid")
        #expect(unknown.error["message"] as? String == "No widget has the id 'focsu'. Did you mean 'focus'?")
        #expect(unknown.diagnostics.isEmpty)
        #expect(unknown.standardError.hasPrefix("Error: No widget has the id 'focsu'."))
    }

    @Test func performOfARefusedValueAndOfAFailingIntent() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let refused = try Self.failure(
            ["perform", "AddTaskIntent", "taskName=", "--store", "store"], in: scratch)
        #expect(refused.status == 65)
        #expect(refused.error["code"] as? String == "intent.invalid-value")
        #expect(refused.error["message"] as? String == "a task needs a name: 'taskName' is empty")
        let misfit = try Self.failure(
            ["perform", "AddTaskIntent", "taskName=x", "priority=urgent", "--store", "store"], in: scratch)
        #expect(misfit.status == 65)
        #expect(misfit.error["code"] as? String == "intent.invalid-value")
        #expect(
            misfit.error["message"] as? String
                == "'urgent' is not a priority; expected one of low, medium, high")
        let unknown = try Self.failure(["perform", "AddTaskIntnet", "--store", "store"], in: scratch)
        #expect(unknown.status == 64)
        #expect(unknown.error["code"] as? String == "usage.invalid")
        let failed = try Self.failure(
            [
                "perform", "ToggleTaskIntent", "taskID=0EBD2090-C844-442D-82AC-2583D6834FA5", "--store",
                "store",
            ],
            in: scratch)
        #expect(failed.status == 1)
        #expect(failed.error["code"] as? String == "intent.failed")
        #expect(failed.error["reason"] as? String == "task.not-found")
        #expect(misfit.error["reason"] == nil)
    }

    /// A command that succeeds, or fails with a document of its own, prints no error object.
    /// A command line the parser refuses (an unknown option, a repeated one, a missing argument)
    /// still gets JSON when it asks for it, whatever stands where; another format, or none, gets
    /// only the text.
    @Test(arguments: [
        (["run", "--format", "json", "--bogus"], "Unknown option '--bogus'"),
        (
            ["run", "--format=json", "--family", "a", "--family", "b"],
            "The option '--family <family>' was given more than once; it takes one value."
        ),
        (["perform", "--format", "json"], "Missing expected argument '<intent>'"),
        (
            ["run", "--at", "-1999-01-01", "--format", "json"],
            "Missing value for '--at <date>': '-1999-01-01' starts with '-', so it reads as an option; attach it "
                + "with '=': --at=-1999-01-01"
        ),
    ])
    func aRefusedCommandLineAskingForJSONGetsJSON(arguments: [String], message: String) throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("Error: \(message)\n"))
        let object = try JSONText.object(run.standardOutput)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage.invalid")
        #expect(error["message"] as? String == message)
        for other in [
            ["run", "--bogus"], ["run", "--format", "json", "--format", "text"],
            ["validate", "--format", "json", "--bogus"],
        ] {
            let text = try scratch.widgethost(other)
            #expect(text.status == 64)
            #expect(text.standardOutput.isEmpty, "\(other)")
        }
    }

    @Test func aDocumentIsNotReplaced() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try scratch.file("widgets.yaml", Self.valid)
        let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--format", "json"])
        #expect(run.status == 0)
        #expect(try JSONText.object(run.standardOutput).keys.sorted() == ["widgets"])
        let text = try scratch.widgethost(["tap", "nope", "1", "widgets.yaml", "--store", "store"])
        #expect(text.standardOutput.isEmpty)
    }
}
