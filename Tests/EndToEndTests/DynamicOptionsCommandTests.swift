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
        // Without --store no choices are known, so no value is warned of (only that the config's
        // own app group has no store in the default place yet).
        #expect(!plain.standardError.contains("is not among the choices"))
        #expect(!plain.standardError.contains("error"))
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

/// A plugin's parameter choices over the protocol's `options` method: a Python plugin on the SDK,
/// started by the host, offers the cities written in its shared container.
@Suite struct PluginOptionsCommandTests {
    @Test func describeAsksAPythonPluginForItsChoices() throws {
        let scratch = try TemporaryDirectory()
        let folder = try scratch.plugin(
            "cities", at: "plugins/cities", executable: "cities.py",
            script: """
                #!/usr/bin/env python3
                import os
                import widgethost_plugin as wh

                def cities(context):
                    with open(os.path.join(context.container, "cities.txt"), encoding="utf-8") as file:
                        return [line.strip() for line in file if line.strip()]

                @wh.widget("CityWidget", city=wh.string("Oslo", title="City", options=cities))
                def show(config, context):
                    return wh.entry(context.date, wh.text(config.city))

                wh.serve("cities")

                """,
            manifest: "kinds: [CityWidget]\n")
        let sdk = TemporaryDirectory.repositoryURL.appendingPathComponent(
            "Plugins/SDK/python/widgethost_plugin.py")
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("widgethost_plugin.py"), withDestinationURL: sdk)
        try scratch.importTasks("tasks: []\n")
        try scratch.file("store/cities.txt", "Oslo\nBergen\nTromsø\n")
        let run = try scratch.widgethost(
            ["describe", "CityWidget", "--plugins", "plugins", "--store", "store", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                #"{"name":"city","title":"City","type":"string","default":"Oslo","dynamicOptions":true,"#
                    + #""options":["Oslo","Bergen","Tromsø"]}"#), "\(run.standardOutput)")
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("store/cities.txt"))
        let failing = try scratch.widgethost([
            "describe", "CityWidget", "--plugins", "plugins", "--store", "store",
        ])
        #expect(failing.status == 0)
        #expect(
            failing.standardError.contains(
                "widgethost: warning: the choices of CityWidget.city could not be read: "))
        #expect(failing.standardOutput.contains("choices from the app's data (--store DIR lists them)"))
    }
}
