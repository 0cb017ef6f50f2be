import AppGroup
import Foundation
import PluginProtocol
import TaskStore
import TaskWidget
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

@Suite struct IntentRunnerTests {
    func values(_ arguments: [String], _ intent: any AppIntent.Type) -> Result<
        [String: JSONValue], IntentRunner.ArgumentError
    > {
        IntentRunner.values(arguments, for: intent)
    }

    @Test func valuesAreCheckedAgainstTheParameters() throws {
        let add = try values(["taskName=Buy milk", "priority=high", "category=true"], AddTaskIntent.self)
            .get()
        // Strings are taken as written, even when YAML would read them as something else.
        #expect(
            add == [
                "taskName": .string("Buy milk"), "priority": .string("high"), "category": .string("true"),
            ])
        let defaults = try values(["taskName=x"], AddTaskIntent.self).get()
        #expect(defaults == ["taskName": .string("x"), "priority": .string("medium"), "category": .null])
        let set = try values(["taskID=a=b", "isCompleted=false"], SetTaskCompletionIntent.self).get()
        #expect(set == ["taskID": .string("a=b"), "isCompleted": .bool(false)])
    }

    @Test(arguments: [
        (["isCompleted=maybe", "taskID=x"], "'isCompleted' must be true or false, not a string 'maybe'"),
        (["taskID=x", "isCompleted="], "'isCompleted' needs a value (boolean)"),
        (["taskID=x"], "SetTaskCompletionIntent needs isCompleted=<boolean> (Completed)"),
        // Not the first document kept and the rest dropped.
        (
            ["taskID=x", "isCompleted=true\n---\nfalse"],
            "'isCompleted' holds 2 YAML documents; give one value (quote a '---' that belongs to it)"
        ),
        (
            ["taskID=x", "isCompleted=true\n...\n---\n"],
            "'isCompleted' holds 2 YAML documents; give one value (quote a '---' that belongs to it)"
        ),
    ])
    func badValuesAreDataErrors(arguments: [String], message: String) {
        guard case .failure(let error) = values(arguments, SetTaskCompletionIntent.self) else {
            Issue.record("accepted \(arguments)")
            return
        }
        #expect(!error.isUsage)
        #expect(error.messages == [message])
    }

    @Test func unknownCasesListTheCases() {
        guard case .failure(let error) = values(["taskName=x", "priority=urgent"], AddTaskIntent.self) else {
            Issue.record("accepted")
            return
        }
        #expect(error.messages == ["'urgent' is not a priority; expected one of low, medium, high"])
    }

    @Test(arguments: [
        (["taskNme=x"], "AddTaskIntent has no parameter 'taskNme'; did you mean 'taskName'?"),
        (["taskName"], "'taskName' is not name=value; AddTaskIntent takes taskName, priority, category"),
        (["taskName=a", "taskName=b"], "'taskName' is given more than once"),
    ])
    func namesThatDoNotFitAreUsageErrors(arguments: [String], message: String) {
        guard case .failure(let error) = values(arguments, AddTaskIntent.self) else {
            Issue.record("accepted \(arguments)")
            return
        }
        #expect(error.isUsage)
        #expect(error.messages == [message])
    }

    /// Ten thousand arguments make a bounded message: a problem said once, at most ten lines, and
    /// a long name quoted by its first characters.
    @Test func aFloodOfArgumentsIsAnsweredInAFewLines() {
        let repeated = Array(repeating: "taskName=a", count: 10_000)
        guard case .failure(let twice) = values(repeated, AddTaskIntent.self) else {
            Issue.record("accepted")
            return
        }
        #expect(twice.messages == ["'taskName' is given more than once"])
        let unknown = (0..<10_000).map { "name\($0)=x" }
        guard case .failure(let many) = values(unknown, AddTaskIntent.self) else {
            Issue.record("accepted")
            return
        }
        #expect(many.messages.count == 10)
        #expect(many.messages.last == "and 9991 more problems")
        let long = String(repeating: "n", count: 100_000)
        guard case .failure(let quoted) = values([long + "=x"], AddTaskIntent.self) else {
            Issue.record("accepted")
            return
        }
        #expect(quoted.messages.joined().count < 200)
        #expect(quoted.messages.first?.contains(String(repeating: "n", count: 37) + "...") == true)
    }

    @Test func performRunsTheIntentInTheContainerAndReportsReloads() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let container = SharedContainer(url: directory, reloads: StoreReloadRecorder(directory: directory))
        let arguments = try values(["taskName=Water the plants", "category=home"], AddTaskIntent.self).get()
        let date = Date(timeIntervalSince1970: 1_795_954_800)
        let outcome = try await IntentRunner.perform(
            AddTaskIntent.self, values: arguments, container: container, date: date
        )
        .get()
        #expect(outcome.intent == "AddTaskIntent")
        #expect(outcome.dialog == "Water the plants added")
        #expect(outcome.reloaded == ["*"], "every timeline, as seed 002's AddTaskIntent")
        let store = try AppGroupStore(directory: directory)
        let tasks = try store.allTasks()
        #expect(tasks.map(\.title) == ["Water the plants"])
        #expect(tasks.first?.priority == .medium)
        #expect(tasks.first?.category == "home")
        #expect(outcome.value == .string(tasks.first?.id ?? ""))
        #expect(try store.reloadGeneration(ofKind: "*") == 1)
        #expect(outcome.json["reloaded"] == .array([.string("*")]))
    }

    /// A container serves many intents in a live host: each reports only the kinds it asked to
    /// reload, not every kind asked before it.
    @Test func eachIntentReportsOnlyItsOwnReloads() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let container = SharedContainer(url: directory, reloads: StoreReloadRecorder(directory: directory))
        let date = Date(timeIntervalSince1970: 1_795_954_800)
        let added = try await IntentRunner.perform(
            AddTaskIntent.self, values: try values(["taskName=Call home"], AddTaskIntent.self).get(),
            container: container, date: date
        )
        .get()
        #expect(added.reloaded == ["*"])
        let toggled = try await IntentRunner.perform(
            ToggleTaskIntent.self, values: ["taskID": try #require(added.value)], container: container,
            date: date
        )
        .get()
        #expect(toggled.reloaded == ["TaskWidget"])
        #expect(toggled.warnings.isEmpty)
    }

    @Test func aFailingIntentIsAFailureAndChangesNothing() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let container = SharedContainer(url: directory, reloads: StoreReloadRecorder(directory: directory))
        let outcome = await IntentRunner.perform(
            ToggleTaskIntent.self,
            values: ["taskID": .string("nope")],
            container: container,
            date: Date()
        )
        guard case .failure(let failure) = outcome else {
            Issue.record("toggling an unknown task succeeded")
            return
        }
        #expect(failure.message.contains("no task with id 'nope'"))
        let store = try AppGroupStore(directory: directory)
        #expect(try store.allTasks().isEmpty)
        #expect(try store.currentReloadGeneration() == 0)
    }

    // MARK: - Declared parameters (a plugin's intent)

    /// The parameters of python-clock's ChimeIntent, as its handshake declares them.
    static func chimeParameters() throws -> [ParameterDescription] {
        let json = try JSONValue(
            parsing: """
                [{"name": "times", "title": "Times", "type": "integer", "default": 1, "minimum": 1, "maximum": 12},
                 {"name": "sound", "title": "Sound", "type": "enum", "cases": ["bell", "gong"]},
                 {"name": "note", "title": "Note", "type": "string", "default": "ding"}]
                """)
        guard case .array(let items) = json else { return [] }
        return try items.map { item throws(ProtocolValueError) in try ParameterDescription(json: item) }
    }

    /// A control's date value is read strictly; a field out of range is named in words.
    @Test func aControlsDateValueIsReadStrictly() throws {
        let parameters = try [
            ParameterDescription(json: JSONValue(parsing: #"{"name": "at", "title": "At", "type": "date"}"#))
        ]
        let values = { (json: String) throws -> Result<[String: JSONValue], IntentRunner.ArgumentError> in
            IntentRunner.values(json: try JSONValue(parsing: json), for: parameters, intent: "RemindIntent")
        }
        #expect(
            try values(#"{"at": "2026-02-28T09:00:00Z"}"#).get() == ["at": .string("2026-02-28T09:00:00Z")])
        for (json, message) in [
            (
                #"{"at": "2026-02-29T09:00:00Z"}"#,
                #"'at' must be an ISO 8601 date such as 2026-11-29T12:00:00Z, not "2026-02-29T09:00:00Z": "#
                    + "February 2026 has 28 days"
            ),
            (#"{"at": 3}"#, "'at' must be an ISO 8601 date such as 2026-11-29T12:00:00Z, not 3"),
        ] {
            guard case .failure(let error) = try values(json) else {
                Issue.record("accepted \(json)")
                continue
            }
            #expect(error.messages == [message])
        }
    }

    @Test func declaredParametersAreCheckedLikeAnIntentsOwn() throws {
        let parameters = try Self.chimeParameters()
        let values = try IntentRunner.values(
            ["sound=gong", "note=true"], for: parameters, intent: "ChimeIntent"
        ).get()
        #expect(values == ["times": .int(1), "sound": .string("gong"), "note": .string("true")])
    }

    @Test(arguments: [
        (["sound=gong", "times=13"], false, "'times' must be an integer from 1 to 12, not 13"),
        (["sound=harp"], false, "'harp' is not a sound; expected one of bell, gong"),
        (["times=2"], false, "ChimeIntent needs sound=<one of bell, gong> (Sound)"),
        (["tims=2"], true, "ChimeIntent has no parameter 'tims'; did you mean 'times'?"),
        (["times"], true, "'times' is not name=value; ChimeIntent takes times, sound, note"),
    ])
    func declaredParametersRefuseWhatDoesNotFit(arguments: [String], isUsage: Bool, message: String) throws {
        let parameters = try Self.chimeParameters()
        guard
            case .failure(let error) = IntentRunner.values(arguments, for: parameters, intent: "ChimeIntent")
        else {
            Issue.record("accepted \(arguments)")
            return
        }
        #expect(error.isUsage == isUsage)
        #expect(error.messages == [message])
    }
}
