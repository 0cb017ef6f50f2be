import Foundation
import TestSupport
import Testing

/// A widget configured through a SiriKit intent as iOS 14 to 16 write one
/// (`Fixtures/sirikit-extension`: `IntentConfiguration`, an `IntentTimelineProvider`, and the
/// intent's class generated from its `.intentdefinition` file by the IntentDefinitions build
/// plugin), built as a plugin and run by the built binary; and the plugin's tool on files that are
/// not definitions.
@Suite struct SiriKitExtensionTests {
    static func scratch(_ widgets: String) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("extension"), withIntermediateDirectories: true)
        let binary = BuiltProduct.url("sirikit-extension")
        _ = try scratch.file(
            "extension/plugin.yaml", "name: sirikit\nexecutable: \(binary.path)\nkinds: [TaskList]\n")
        _ = try scratch.file("widgets.yaml", widgets)
        return scratch
    }

    static let common = [
        "widgets.yaml", "--plugins", "extension", "--store", "store", "--at", "2026-11-29T12:00:00Z",
    ]

    @Test func theYAMLConfigurationReachesTheProviderAsTheGeneratedIntent() throws {
        let scratch = try Self.scratch(
            """
            widgets:
              - id: habits
                kind: TaskList
                family: systemMedium
                configuration: {taskType: habit, tag: home, maxTasks: 2, showCompleted: true, accounts: [ann, bob]}
              - {id: defaults, kind: TaskList}
            """)
        let json = try scratch.widgethost(["run", "--format", "json"] + Self.common)
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.standardError.isEmpty, "\(json.standardError)")
        let widgets = try #require(try JSONText.object(json.standardOutput)["widgets"] as? [[String: Any]])
        #expect(
            widgets.map { JSONText.canonical($0["entry"]) } == [
                #"{"accounts":["ann","bob"],"kind":"Habits","showsCompleted":true,"tag":"home","#
                    + #""tasks":["Water the plants","Call the bank"],"title":"Tasks"}"#,
                // The definition's defaults: to-dos, three tasks, the title "Tasks".
                #"{"accounts":[],"kind":"To-dos","showsCompleted":false,"tag":"every tag","#
                    + #""tasks":["Water the plants","Call the bank","Read a chapter"],"title":"Tasks"}"#,
            ])
        #expect(widgets.map { $0["family"] as? String } == ["systemMedium", "systemSmall"])
        #expect(JSONText.canonical(widgets[0]["reload"]) == #"{"date":"2026-11-29T12:15:00Z","policy":"after"}"#)
    }

    @Test func theIntentsParametersAreDescribedFromTheDefinition() throws {
        let scratch = try Self.scratch("widgets: []\n")
        let describe = try scratch.widgethost(["describe", "TaskList", "--plugins", "extension"])
        #expect(describe.status == 0, "\(describe.standardError)")
        for line in [
            "taskType       one of habit, daily, todo      default \"todo\"    \"Task Type\"",
            "maxTasks       integer from 1 to 8, optional  default 3         \"Most Tasks\"",
            "accounts       list of string, optional                         \"Accounts\"",
        ] {
            #expect(describe.standardOutput.contains(line), "\(describe.standardOutput)")
        }
        // A parameter the definition does not let a person configure is not a key.
        #expect(!describe.standardOutput.contains("source"))
    }

    @Test func aValueTheDefinitionDoesNotAllowIsAnErrorAtItsPlace() throws {
        let scratch = try Self.scratch(
            """
            widgets:
              - id: bad
                kind: TaskList
                configuration: {taskType: unknown, maxTasks: 20, source: app}
            """)
        let run = try scratch.widgethost(["run"] + Self.common)
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("widgets.yaml:4:31: error: 'unknown' is not a task type; expected one of habit, daily, todo"), "\(run.standardError)")
        #expect(run.standardError.contains("widgets.yaml:4:50: error: 'maxTasks' must be an integer from 1 to 8, not 20"))
        #expect(run.standardError.contains("'source'"))
    }

    @Test func theToolSaysWhereAFileIsNotADefinitionAndWritesNothing() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.file(
            "Broken.intentdefinition",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>INIntents</key><array><dict>
            <key>INIntentName</key><string>Task List</string></dict></array></dict></plist>
            """
        ).path
        let output = scratch.path("Broken+Intents.swift")
        let tool = BuiltProduct.url("intentdefinition-swift")
        let broken = try WidgetHostProcess.run([input, output], executable: tool)
        #expect(broken.status == 65)
        #expect(
            broken.standardError
                == "\(input): error: INIntents[0] (Task List).INIntentName: 'Task List' is not a name Swift can declare\n")
        #expect(!FileManager.default.fileExists(atPath: output))

        let left = try scratch.file(
            "Trip.intentdefinition",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>INIntents</key><array><dict>
            <key>INIntentName</key><string>Trip</string><key>INIntentParameters</key><array><dict>
            <key>INIntentParameterName</key><string>place</string><key>INIntentParameterType</key>
            <string>Location</string></dict></array></dict></array></dict></plist>
            """
        ).path
        let written = try WidgetHostProcess.run([left, output], executable: tool)
        #expect(written.status == 0)
        #expect(
            written.standardError
                == "\(left): warning: INIntents[0] (Trip).INIntentParameters[0] (place): 'place' is of type "
                + "'Location', which widgethost does not map yet; it is left out\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("public class TripIntent: INIntent"))
        #expect(try WidgetHostProcess.run([], executable: tool).status == 64)
    }
}
