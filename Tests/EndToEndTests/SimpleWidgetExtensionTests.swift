import Foundation
import TestSupport
import Testing

/// A public iOS widget extension no one here wrote (`Fixtures/simple-widget-extension`, MIT), its
/// twelve files as they are: `import os.log`, `#Preview`, the App Group's folder through
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`, a `@main` bundle. Built by
/// the repository in Swift 5 mode as its Xcode project builds it, and served as a plugin: it draws
/// its counter, its buttons' intents change the file it keeps in the App Group, and what the app
/// writes there shows.
@Suite struct SimpleWidgetExtensionTests {
    static let group = "group.com.mauiapplewidgets.app"

    /// A scratch folder with the extension as a plugin folder and a configuration of its widget.
    static func scratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("extension"), withIntermediateDirectories: true)
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent().appendingPathComponent(
            "simple-widget-extension")
        try scratch.file(
            "extension/plugin.yaml",
            """
            name: simple-widget-extension
            executable: \(binary.path)
            kinds: [SimpleWidget]
            intents: [IncrementCounterIntent, DecrementCounterIntent]

            """)
        try scratch.file(
            "widgets.yaml",
            """
            appGroup: \(group)
            widgets:
              - id: counter
                kind: SimpleWidget
                family: systemMedium
                configuration: {displayTitle: Counter, favoriteEmoji: "🧮"}

            """)
        let store = try scratch.widgethost(["store", "init", "--store", "store"])
        #expect(store.status == 0, "\(store.standardError)")
        return scratch
    }

    /// The widget's entry (`counter`, `title`, `emoji`, `message`) as `run --format json` gives it.
    static func entry(_ scratch: TemporaryDirectory) throws -> [String: Any] {
        let run = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "extension", "--store", "store", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let widget = try #require((document["widgets"] as? [[String: Any]])?.first)
        return try #require(widget["entry"] as? [String: Any], "\(widget)")
    }

    @Test func aPublicExtensionRunsAsItIsAndItsButtonsCount() throws {
        let scratch = try Self.scratch()
        let check = try scratch.widgethost(["plugins", "check", "--plugins", "extension"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("  kinds: SimpleWidget\n"))

        let first = try Self.entry(scratch)
        #expect(first["counter"] as? Int == 0)
        #expect(first["title"] as? String == "Counter")
        #expect(first["emoji"] as? String == "🧮")

        // Its controls: two links into the app, then − and +.
        let options = ["widgets.yaml", "--plugins", "extension", "--store", "store"]
        for _ in 0..<2 {
            let plus = try scratch.widgethost(["tap", "counter", "4"] + options)
            #expect(plus.status == 0, "\(plus.standardError)")
        }
        #expect(try Self.entry(scratch)["counter"] as? Int == 2)
        let minus = try scratch.widgethost(["tap", "counter", "3"] + options)
        #expect(minus.status == 0, "\(minus.standardError)")
        let counted = try Self.entry(scratch)
        #expect(counted["counter"] as? Int == 1)
        #expect(counted["message"] as? String == "decremented via widget")
        let link = try scratch.widgethost(["tap", "counter", "1"] + options)
        #expect(link.standardOutput.contains("mauiapplewidgets://widget?counter=1"), "\(link.standardOutput)")

        // What the app writes in the App Group's folder (the store's, for every App Group here),
        // later than the widget's own file, is what the widget shows.
        try scratch.file(
            "store/widget_data_fromapp.json",
            #"{"version": 1, "title": "", "message": "from the app", "counter": 41, "#
                + #""updatedAt": "2099-01-01T00:00:00Z", "extras": {}}"#)
        let fromApp = try Self.entry(scratch)
        #expect(fromApp["counter"] as? Int == 41)
        #expect(fromApp["message"] as? String == "from the app")
    }
}
