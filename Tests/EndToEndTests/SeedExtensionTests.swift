import Foundation
import TestSupport
import Testing

/// The seed articles' ten Swift blocks, assembled into one widget extension with their own imports
/// (`Fixtures/seed-extension`, a `@main` WidgetBundle, no widgethost-specific line), served as a
/// plugin by the built binary: built in Swift 6 and, from the same files, in Swift 5.
///
/// Its `TaskWidget` kind and its three intents have the built-ins' names (the built-in task widget
/// is the same seed), so the configuration shows its two other widgets, and the host warns about
/// each clash.
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
        // What widgethost ignores is said, naming the API, and left out of the view.
        #expect(
            result.standardError.contains(
                "plugin 'seed-extension', widget 'AnimatedTaskWidget': view.modifiers[2]: the view uses "
                    + "'contentMarginsDisabled()', which widgethost does not draw; it is ignored"),
            "\(result.standardError)")
        #expect(lines.first?.contains("ignored") == false)
        // Each clash with a built-in is a warning naming it.
        #expect(
            result.standardError.contains(
                "warning: the plugin 'seed-extension' declares the kind 'TaskWidget', which is built into "
                    + "widgethost; the plugin's widget is ignored"))
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
