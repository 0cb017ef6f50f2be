import Foundation
import TestSupport
import Testing

/// The seed articles' ten Swift blocks, assembled into one widget extension with their own imports
/// (`Fixtures/seed-extension`, a `@main` WidgetBundle, no widgethost-specific line), served as a
/// plugin by the built binary: built in Swift 6 and, from the same files, in Swift 5.
///
/// Its `TaskWidget` kind and its three intents have the built-ins' names (the built-in task widget
/// is the same seed): the host warns of each clash, and a configuration names the one it means
/// (`seed-extension/TaskWidget` or `widgethost/TaskWidget`).
@Suite struct SeedExtensionTests {
    /// A scratch folder with a store, the extension built as `product` as a plugin folder
    /// `extension`, and a configuration of its two widgets whose kinds are its own.
    static func scratch(product: String) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("extension"), withIntermediateDirectories: true)
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent().appendingPathComponent(
            product)
        _ = try scratch.file(
            "extension/plugin.yaml",
            """
            name: seed-extension
            executable: \(binary.path)
            kinds: [TaskWidget, AnimatedTaskWidget, ConfigurableTaskWidget]
            intents: [SetTaskCompletionIntent, ToggleTaskIntent, ToggleTaskWithFeedbackIntent]

            """)
        _ = try scratch.file(
            "widgets.yaml",
            """
            widgets:
              - {id: animated, kind: AnimatedTaskWidget, family: systemMedium}
              - id: configurable
                kind: ConfigurableTaskWidget
                configuration: {priorityFilter: high, showCompleted: false, maxTasks: 2}

            """)
        return scratch
    }

    /// The views of `run --format ndjson` (the entries' dates are the plugin's own clock, not compared).
    static func views(_ output: String) throws -> [String] {
        try output.split(separator: "\n").map { JSONText.canonical(try JSONText.object(String($0))["view"]) }
    }

    @Test func theSeedExtensionRunsAsAPluginWithItsOwnImports() throws {
        let scratch = try Self.scratch(product: "seed-extension")
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "extension", "--store", "store", "--format", "ndjson",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        // The handshake listed exactly the manifest's three intents, found from the executable's
        // AppIntent conformances: the @main bundle lists none.
        #expect(!result.standardError.contains("handshake"), "\(result.standardError)")
        #expect(
            lines.first?.contains(
                #""kind":"AnimatedTaskWidget","family":"systemMedium","#) == true)
        #expect(
            lines.first?.contains(
                #"{"type":"text","text":"งาน","modifiers":[{"type":"font","style":"headline","weight":"bold"}]}"#
            )
                == true, "\(lines)")
        #expect(
            lines.first?.contains(
                #"{"type":"text","text":"0/0","modifiers":[{"type":"font","style":"caption","weight":"bold"},"#
                    + #"{"type":"foregroundStyle","style":"secondary"},"#
                    + #"{"type":"contentTransition","transition":"numericText"}]}"#) == true, "\(lines)")
        #expect(lines.last?.contains(#""kind":"ConfigurableTaskWidget","family":"systemSmall""#) == true)
        #expect(lines.last?.contains(#""entry":{"tasks":[],"isLoading":false}"#) == true, "\(lines)")
        #expect(
            lines.last?.contains(
                #"{"type":"background","style":"green"},{"type":"clipShape","shape":"capsule"}"#) == true)
        // `.contentMarginsDisabled()` reaches the layout on the root view, without a warning.
        #expect(!result.standardError.contains("contentMarginsDisabled"), "\(result.standardError)")
        #expect(lines.first?.contains("ignored") == false)
        // Each clash with a built-in is a warning naming it and how a configuration chooses.
        #expect(
            result.standardError.contains(
                "warning: the plugin 'seed-extension' declares the kind 'TaskWidget', which is built into "
                    + "widgethost; a configuration must say which it means: 'seed-extension/TaskWidget' names "
                    + "the plugin's, 'widgethost/TaskWidget' the built-in"), "\(result.standardError)")
    }

    @Test func theSameFilesInSwift5ModeDrawTheSameViews() throws {
        let swift6 = try Self.scratch(product: "seed-extension")
        let swift5 = try Self.scratch(product: "seed-extension-swift5")
        let arguments = [
            "run", "widgets.yaml", "--plugins", "extension", "--store", "store", "--format", "ndjson",
        ]
        let six = try swift6.widgethost(arguments)
        let five = try swift5.widgethost(arguments)
        #expect(six.status == 0 && five.status == 0, "\(five.standardError)")
        let views = try Self.views(five.standardOutput)
        #expect(views.count == 2)
        #expect(views == (try Self.views(six.standardOutput)))
    }
}

/// The seed extension beside the built-ins, as a developer would run it: its `TaskWidget` named
/// `seed-extension/TaskWidget` next to the built-in `widgethost/TaskWidget`; its tasks in the App
/// Group's defaults (`UserDefaults(suiteName:)`, the store's); a tap on its button changes them and
/// the next run shows it; and two runs at one `--at` are byte for byte the same.
@Suite struct SeedExtensionRuntimeTests {
    static let taskID = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"

    static func scratch() throws -> TemporaryDirectory {
        let scratch = try SeedExtensionTests.scratch(product: "seed-extension")
        _ = try scratch.file(
            "widgets.yaml",
            """
            appGroup: group.com.example.taskapp
            widgets:
              - {id: seed, kind: seed-extension/TaskWidget, family: systemMedium}
              - {id: builtin, kind: widgethost/TaskWidget, family: systemMedium}

            """)
        let tasks =
            #"[{"id":"\#(taskID)","title":"Water the plants","isCompleted":false,"priority":"high"}]"#
        let set = try scratch.widgethost([
            "store", "defaults", "set", "tasks", tasks, "--store", "store", "--app-group",
            "group.com.example.taskapp",
        ])
        #expect(set.status == 0, "\(set.standardError)")
        return scratch
    }

    func run(_ scratch: TemporaryDirectory, at date: String = "2026-12-01T09:00:00Z") throws -> String {
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "extension", "--store", "store", "--format", "json", "--at",
            date,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    @Test func itsTaskWidgetRunsBesideTheBuiltInTapsChangeItsDataAndRunsAreReproducible() throws {
        let scratch = try Self.scratch()
        let first = try run(scratch)
        let widgets = try #require(try JSONText.object(first)["widgets"] as? [[String: Any]])
        #expect(widgets.map { $0["kind"] as? String } == ["seed-extension/TaskWidget", "TaskWidget"])
        #expect(first.contains("Water the plants"))
        // Under --at the plugin's clock is the host's: the entry is dated at it, and a second run
        // is the same, byte for byte.
        #expect(first.contains(#""date":"2026-12-01T09:00:00Z""#), "\(first)")
        #expect(try run(scratch) == first)

        // Its button runs its own ToggleTaskIntent (not the built-in's), in the App Group's defaults.
        let tap = try scratch.widgethost([
            "tap", "seed", "1", "widgets.yaml", "--plugins", "extension", "--store", "store", "--at",
            "2026-12-01T09:00:00Z",
        ])
        #expect(tap.status == 0, "\(tap.standardOutput)\(tap.standardError)")
        let stored = try scratch.widgethost([
            "store", "defaults", "get", "tasks", "--store", "store", "--app-group",
            "group.com.example.taskapp",
        ])
        #expect(stored.standardOutput.contains(#""isCompleted":true"#), "\(stored.standardOutput)")
        let after = try run(scratch)
        #expect(after != first)
        let seed = try #require(
            (try JSONText.object(after)["widgets"] as? [[String: Any]])?.first {
                $0["id"] as? String == "seed"
            })
        #expect(JSONText.canonical(seed["entry"]).contains(#""isCompleted":true"#), "\(after)")
    }
}
