import Foundation
import TestSupport
import Testing

/// Choices from the app's data (issue 15): TaskWidget's `category` offered from the store's
/// categories by `describe --store`, `validate --store` and `schema --store`, which change nothing.
@Suite struct DynamicOptionsCommandTests {
    static let tasks = """
        tasks:
          - {title: Report, priority: high, category: work}
          - {title: Milk, priority: low, category: shopping}
          - {title: Slides, priority: medium, category: work}
          - {title: Call, priority: low}

        """

    static let widgets = """
        appGroup: group.test
        widgets:
          - id: work
            kind: TaskWidget
            configuration:
              category: wrk
          - id: all
            kind: TaskWidget
            configuration:
              category: all

        """

    private func scratchWithStore() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.importTasks(Self.tasks)
        return scratch
    }

    @Test func describeListsTheStoresCategories() throws {
        let scratch = try scratchWithStore()
        let run = try scratch.widgethost(["describe", "TaskWidget", "--store", "store"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(
            run.standardOutput.hasSuffix(
                """
                    category        string                         default "all"     "Category"
                      choices from the store: all, work, shopping

                """))
        let json = try scratch.widgethost(["describe", "TaskWidget", "--store", "store", "--format", "json"])
        #expect(json.status == 0)
        #expect(
            json.standardOutput.contains(
                #"{"name":"category","title":"Category","type":"string","default":"all","dynamicOptions":true,"#
                    + #""options":["all","work","shopping"]}"#))
    }

    @Test func describeWithoutAStoreSaysWhereTheChoicesComeFrom() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["describe", "TaskWidget"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasSuffix("      choices from the app's data (--store DIR lists them)\n"))
        let json = try scratch.widgethost(["describe", "TaskWidget", "--format", "json"])
        #expect(json.standardOutput.contains(#""default":"all","dynamicOptions":true}"#))
        #expect(!json.standardOutput.contains(#""options""#))
    }

    @Test func aStoreThatIsNotThereIsNotMade() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["describe", "TaskWidget", "--store", "nowhere"])
        #expect(run.status == 0)
        #expect(
            run.standardError
                == "widgethost: warning: there is no store in \(scratch.path("nowhere")) (no widgethost.sqlite); "
                + "the choices from the app's data are not listed\n")
        #expect(run.standardOutput.hasSuffix("      choices from the app's data (--store DIR lists them)\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("nowhere")))
    }

    @Test func validateWarnsOfAValueOutsideTheChoicesWithADidYouMean() throws {
        let scratch = try scratchWithStore()
        try scratch.file("widgets.yaml", Self.widgets)
        let before = try scratch.exportJSON()
        let run = try scratch.widgethost(["validate", "widgets.yaml", "--store", "store"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "widgets.yaml: 2 widgets, valid\n")
        #expect(
            run.standardError.hasPrefix(
                #"widgets.yaml:3:5: warning: the category "wrk" of widget 'work' is not among the choices in the "#
                    + "store: all, work, shopping; did you mean 'work'?\n"))
        let json = try scratch.widgethost([
            "validate", "widgets.yaml", "--store", "store", "--format", "json",
        ])
        #expect(json.status == 0)
        #expect(json.standardOutput.contains(#""severity":"warning","code":"config.unknown-option""#))
        let plain = try scratch.widgethost(["validate", "widgets.yaml"])
        #expect(plain.status == 0)
        #expect(plain.standardError.isEmpty)
        #expect(try scratch.exportJSON() == before)
    }

    @Test func schemaOffersTheChoicesAsExamples() throws {
        let scratch = try scratchWithStore()
        let run = try scratch.widgethost(["schema", "--store", "store"])
        #expect(run.status == 0)
        let schema = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let definitions = schema?["definitions"] as? [String: Any]
        let taskWidget = definitions?["TaskWidget"] as? [String: Any]
        let properties = taskWidget?["properties"] as? [String: Any]
        let configuration = properties?["configuration"] as? [String: Any]
        let parameters = configuration?["properties"] as? [String: Any]
        let category = parameters?["category"] as? [String: Any]
        #expect(category?["examples"] as? [String] == ["all", "work", "shopping"])
        let plain = try scratch.widgethost(["schema"])
        #expect(!plain.standardOutput.contains("\"examples\""))
    }
}
