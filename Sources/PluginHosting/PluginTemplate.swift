public import Diagnostics
import Foundation

/// A new plugin folder, as `widgethost plugins new` writes it: a manifest declaring its kind and
/// intent, the code of a widget with a parameter and a button running that intent, and a README.
///
/// The Python plugin carries a copy of the Python SDK (`widgethost_plugin.py`), so it runs wherever
/// the folder goes; the Swift plugin is a package depending on the widgethost package by path.
public struct PluginTemplate: Sendable {
    /// The language a plugin is written in.
    public enum Language: String, Sendable, CaseIterable {
        /// Python 3.9 or later, on the Python SDK.
        case python
        /// Swift, on the SDK's `PluginServer`.
        case swift
    }

    /// One file of the folder.
    public struct File: Sendable, Hashable {
        /// The path inside the folder.
        public var path: String
        /// The text.
        public var contents: String
        /// Whether it is made executable.
        public var isExecutable = false
    }

    /// The plugin's name (its manifest's `name`).
    public let name: String
    /// The language.
    public let language: Language
    /// The widget kind it serves: the name in UpperCamelCase ending in `Widget`.
    public let kind: String
    /// The intent its button runs: the name in UpperCamelCase, then `TapIntent`.
    public let intent: String
    /// The files, in the order they are written.
    public let files: [File]

    /// What a plugin name may be: a letter, then letters, digits, `-` and `_` (at most 64).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
            first.isASCII, first.properties.isAlphabetic
        else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                    || scalar == "_")
        }
    }

    /// The template of plugin `name` in `language`.
    ///
    /// - Parameters:
    ///   - widgethostPackage: for Swift, the folder of the widgethost package the plugin's
    ///     `Package.swift` depends on; `nil` when it is not known (the manifest then says to set it).
    /// - Returns: `nil` when `name` is not valid (see ``isValidName(_:)``).
    public init?(name: String, language: Language, widgethostPackage: String? = nil) {
        guard Self.isValidName(name) else { return nil }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        var base = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if base.hasSuffix("Widget") && base != "Widget" { base.removeLast("Widget".count) }
        self.name = name
        self.language = language
        kind = base + "Widget"
        intent = base + "TapIntent"
        let displayName = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        switch language {
        case .python:
            files = Self.python(name: name, kind: kind, intent: intent, displayName: displayName)
        case .swift:
            files = Self.swift(
                name: name, base: base, kind: kind, intent: intent, displayName: displayName,
                package: widgethostPackage)
        }
    }

    /// Writes the files into `folder`, creating it; refuses a folder that exists and is not empty.
    ///
    /// - Throws: a ``Diagnostic`` located at the folder: `plugin.new-folder-not-empty` (the input
    ///   cannot be used as given), or `plugin.new-write-failed`.
    public func write(to folder: String) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Diagnostic(
                    file: folder, code: .pluginNewFolderNotEmpty,
                    message: "a file is in the way; give a new folder for the plugin")
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]
            guard entries.isEmpty else {
                throw Diagnostic(
                    file: folder, code: .pluginNewFolderNotEmpty,
                    message: "the folder exists and is not empty; give a new or empty folder for the plugin")
            }
        }
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.path)
            let directory = path.parentPath
            if let reason = Self.makeDirectory(directory) {
                throw Diagnostic(
                    file: directory, code: .pluginNewWriteFailed,
                    message: "cannot create the folder: \(reason)")
            }
            if let reason = Self.write(
                Array(file.contents.utf8), to: path, mode: file.isExecutable ? 0o755 : 0o644)
            {
                throw Diagnostic(
                    file: path, code: .pluginNewWriteFailed, message: "cannot write the file: \(reason)")
            }
        }
    }

    /// Creates `path` and the folders above it that are missing; why it could not be (`'/a/b' is
    /// a file`, the system's words for a folder it could not make, naming the folder), or `nil`
    /// once it exists.
    static func makeDirectory(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "'\(path)' is a file"
        }
        let parent = path.parentPath
        if !parent.isEmpty, parent != path, let problem = makeDirectory(parent) { return problem }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            return "'\(path)': " + String(cString: strerror(errno))
        }
        return nil
    }

    /// Writes `bytes` to a new file at `path` with `mode` (whatever the umask); the system's words
    /// for why it could not be, or `nil`.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        guard fchmod(descriptor, mode) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// The widgethost package an executable at `executable` was built from: the first folder up
    /// from it (`.build/debug/widgethost` in a checkout) holding a `Package.swift` named widgethost.
    public static func widgethostPackage(near executable: String) -> String? {
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let manifest = folder.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8),
                text.contains("name: \"widgethost\"")
            {
                return folder.path
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    private static func python(name: String, kind: String, intent: String, displayName: String) -> [File] {
        let manifest = """
            # \(name): a widgethost plugin in Python. plugin.py declares the widget and intent; the Python
            # SDK next to it (widgethost_plugin.py) speaks the protocol. kinds and intents must match them.
            name: \(name)
            executable: plugin.py
            kinds: [\(kind)]
            intents: [\(intent)]

            """
        let code = """
            #!/usr/bin/env python3
            \"\"\"\(name): a widgethost plugin in Python. Its button counts taps in the shared container.\"\"\"
            import os
            import widgethost_plugin as wh

            def taps(context):
                try:
                    with open(os.path.join(context.container, "\(name)-taps")) as file:
                        return int(file.read())
                except (OSError, ValueError):
                    return 0

            @wh.intent("\(intent)", title="Tap", description="Counts a tap.",
                       by=wh.integer(1, minimum=1, maximum=100, title="By"))
            def tap(by, context):
                count = taps(context) + by
                os.makedirs(context.container, exist_ok=True)
                with open(os.path.join(context.container, "\(name)-taps"), "w") as file:
                    file.write(str(count))
                return wh.result(value=count, dialog=f"{count} taps", reload=["\(kind)"])

            @wh.widget("\(kind)", "\(displayName)", "Counts the taps on its button.",
                       families=["systemSmall", "systemMedium"], title=wh.string("Taps", title="Title"))
            def widget(config, context):
                count = taps(context)
                view = wh.vstack(wh.text(config.title).font("headline"), wh.text(count), wh.button("Tap", tap(by=1)))
                return wh.timeline([wh.entry(context.date, view, {"taps": count})], wh.NEVER)

            wh.serve("\(name)")

            """
        let readme = """
            # \(name)

            A widgethost plugin in Python serving the widget `\(kind)` and the intent `\(intent)`: \
            `widgethost plugins check --plugins .` runs its handshake, and a configuration uses it with \
            `plugins: [path/to/\(name)]` and `kind: \(kind)`. The API is in `widgethost_plugin.py`.

            """
        return [
            File(path: "plugin.yaml", contents: manifest),
            File(path: "plugin.py", contents: code, isExecutable: true),
            File(path: "widgethost_plugin.py", contents: PythonPluginSDK.source),
            File(path: "README.md", contents: readme),
        ]
    }

    private static func swift(
        name: String, base: String, kind: String, intent: String, displayName: String, package: String?
    ) -> [File] {
        let packagePath = package ?? "../widgethost"
        let identity = (packagePath as NSString).lastPathComponent.lowercased()
        // The executable's module, as `@testable import` names it: the name with `-` as `_`.
        let module = name.replacingOccurrences(of: "-", with: "_")
        let manifest = """
            # \(name): a widgethost plugin in Swift. ./run starts the executable 'swift build' makes;
            # kinds and intents must match the bundle's widgets and intents.
            name: \(name)
            executable: run
            kinds: [\(kind)]
            intents: [\(intent)]

            """
        let launcher = """
            #!/bin/sh
            # Starts the built \(name) executable (swift build puts it in .build/<configuration>).
            root="$(dirname "$0")"
            for binary in "$root/.build/release/\(name)" "$root/.build/debug/\(name)"; do
                [ -x "$binary" ] && exec "$binary" "$@"
            done
            echo "\(name) is not built; run 'swift build' in $root" >&2
            exit 69

            """
        let packageNote =
            package == nil
            ? "// The widgethost package was not found next to the widgethost binary: set its folder here.\n"
            : ""
        let packageSwift = """
            // swift-tools-version: 6.0
            import PackageDescription

            \(packageNote)let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: "\(packagePath)")],
                targets: [
                    // The widget extension's files, as Xcode writes them, with their own imports.
                    .executableTarget(
                        name: "\(name)",
                        dependencies: [
                            .product(name: "WidgetKit", package: "\(identity)"),
                            .product(name: "SwiftUI", package: "\(identity)"),
                            .product(name: "AppIntents", package: "\(identity)"),
                        ]
                    ),
                    // The widget's tests (`swift test`), run as widgethost runs the widget.
                    .testTarget(
                        name: "\(kind)Tests",
                        dependencies: [
                            "\(name)",
                            .product(name: "WidgetTesting", package: "\(identity)"),
                        ],
                        exclude: ["__Snapshots__"]
                    ),
                ]
            )

            """
        // The files of Xcode's widget-extension template (a bundle, the widget, AppIntent.swift), the
        // widget's view with a button running an intent, as an interactive widget has.
        let bundle = """
            import WidgetKit
            import SwiftUI

            @main
            struct \(kind)Bundle: WidgetBundle {
                var body: some Widget {
                    \(kind)()
                }
            }

            """
        let widget = """
            import WidgetKit
            import SwiftUI

            struct Provider: AppIntentTimelineProvider {
                func placeholder(in context: Context) -> SimpleEntry {
                    SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
                }

                func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> SimpleEntry {
                    SimpleEntry(date: Date(), configuration: configuration)
                }

                func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<SimpleEntry> {
                    var entries: [SimpleEntry] = []

                    // Generate a timeline consisting of five entries an hour apart, starting from the current date.
                    let currentDate = Date()
                    for hourOffset in 0 ..< 5 {
                        let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
                        let entry = SimpleEntry(date: entryDate, configuration: configuration)
                        entries.append(entry)
                    }

                    return Timeline(entries: entries, policy: .atEnd)
                }
            }

            struct SimpleEntry: TimelineEntry {
                let date: Date
                let configuration: ConfigurationAppIntent
            }

            struct \(kind)EntryView: View {
                var entry: Provider.Entry

                var body: some View {
                    VStack {
                        Text("Time:")
                        Text(entry.date, style: .time)

                        Text("Favorite Emoji:")
                        Text(entry.configuration.favoriteEmoji)

                        Button("Tap", intent: \(intent)(by: 1))
                    }
                }
            }

            struct \(kind): Widget {
                let kind: String = "\(kind)"

                var body: some WidgetConfiguration {
                    AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
                        \(kind)EntryView(entry: entry)
                            .containerBackground(.fill.tertiary, for: .widget)
                    }
                    .configurationDisplayName("\(displayName)")
                    .supportedFamilies([.systemSmall, .systemMedium])
                }
            }

            extension ConfigurationAppIntent {
                fileprivate static var smiley: ConfigurationAppIntent {
                    let intent = ConfigurationAppIntent()
                    intent.favoriteEmoji = "😀"
                    return intent
                }

                fileprivate static var starEyes: ConfigurationAppIntent {
                    let intent = ConfigurationAppIntent()
                    intent.favoriteEmoji = "🤩"
                    return intent
                }
            }

            #Preview(as: .systemSmall) {
                \(kind)()
            } timeline: {
                SimpleEntry(date: .now, configuration: .smiley)
                SimpleEntry(date: .now, configuration: .starEyes)
            }

            """
        let appIntent = """
            import WidgetKit
            import AppIntents

            struct ConfigurationAppIntent: WidgetConfigurationIntent {
                static var title: LocalizedStringResource { "Configuration" }
                static var description: IntentDescription { "This is an example widget." }

                // An example configurable parameter.
                @Parameter(title: "Favorite Emoji", default: "😃")
                var favoriteEmoji: String
            }

            struct \(intent): AppIntent {
                static var title: LocalizedStringResource { "Tap" }

                @Parameter(title: "By", default: 1)
                var by: Int

                init() {}

                init(by: Int) {
                    self.by = by
                }

                func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
                    WidgetCenter.shared.reloadTimelines(ofKind: "\(kind)")
                    return .result(value: by, dialog: "Tapped \\(by)")
                }
            }

            """
        let snapshotsReadme = """
            # Snapshots

            The layouts (`.json`) and pictures (`.png`) `WidgetTesting`'s `assertSnapshot` records on the
            first `swift test`, one folder per test file, and compares on every run after: commit them.
            `WIDGETHOST_RECORD_SNAPSHOTS=1 swift test` records them again; a difference leaves the current
            files and a picture of the changed pixels in `failures/` beside them.

            """
        let tests = """
            import Foundation
            import Testing
            import WidgetTesting

            @testable import \(module)

            /// The widget's timeline, its button's intent and its look, run as widgethost runs them.
            /// The snapshots are recorded in __Snapshots__ on the first run and compared after;
            /// `WIDGETHOST_RECORD_SNAPSHOTS=1 swift test` records them again.
            @Suite struct \(kind)Tests {
                /// A temporary App Group for each test, removed after it.
                let host: WidgetTestHost

                init() throws {
                    host = try WidgetTestHost(appGroup: "group.\(name)")
                }

                @Test func theTimelineShowsTheFavoriteEmojiEveryHour() async throws {
                    let configuration = ConfigurationAppIntent()
                    configuration.favoriteEmoji = "🦊"
                    let timeline = try await host.timeline(
                        of: \(kind)(), family: .systemSmall, configuration: configuration)
                    #expect(timeline.entries.count == 5)
                    #expect(timeline.policy == .atEnd)
                    for (entry, next) in zip(timeline.entries, timeline.entries.dropFirst()) {
                        #expect(next.date.timeIntervalSince(entry.date) == 3600)
                    }
                    for entry in timeline.entries {
                        #expect(entry.view.texts.contains("🦊"))
                    }
                }

                @Test func theButtonRunsTheTapIntent() async throws {
                    let entry = SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
                    let button = try #require(host.entry(of: \(kind)(), entry).view.controls.first)
                    #expect(button.intent?.type == "\(intent)")
                    let outcome = try await host.perform(\(intent)(by: 2))
                    #expect(outcome.value == .int(2))
                    #expect(outcome.dialog == "Tapped 2")
                    #expect(outcome.reloadedKinds == ["\(kind)"])
                }

                @Test func theWidgetLooksAsRecorded() {
                    let entry = SimpleEntry(
                        date: Date(timeIntervalSince1970: 1_800_000_000), configuration: ConfigurationAppIntent())
                    host.assertSnapshot(of: \(kind)(), entry: entry, family: .systemSmall)
                    host.assertSnapshot(of: \(kind)(), entry: entry, family: .systemMedium, colorScheme: .dark)
                }
            }

            """
        let readme = """
            # \(name)

            A widget extension as Xcode writes one (`\(kind)Bundle.swift`, `\(kind).swift`, \
            `AppIntent.swift`, with `import WidgetKit`, `SwiftUI` and `AppIntents`), served by \
            widgethost as a plugin: the widget `\(kind)` and the intent `\(intent)`. `swift build`, \
            then `widgethost plugins check --plugins .` runs its handshake. `swift test` runs \
            `Tests/\(kind)Tests` with `WidgetTesting`: the widget's timeline, its button's intent against a \
            temporary App Group, and its snapshots (recorded in `__Snapshots__` on the first run, compared \
            after; `WIDGETHOST_RECORD_SNAPSHOTS=1 swift test` records them again).

            """
        return [
            File(path: "plugin.yaml", contents: manifest),
            File(path: "run", contents: launcher, isExecutable: true),
            File(path: "Package.swift", contents: packageSwift),
            File(path: "Sources/\(name)/\(kind)Bundle.swift", contents: bundle),
            File(path: "Sources/\(name)/\(kind).swift", contents: widget),
            File(path: "Sources/\(name)/AppIntent.swift", contents: appIntent),
            File(path: "Tests/\(kind)Tests/\(kind)Tests.swift", contents: tests),
            // There from the start, so the test target's `exclude` names a folder that exists.
            File(path: "Tests/\(kind)Tests/__Snapshots__/README.md", contents: snapshotsReadme),
            File(path: "README.md", contents: readme),
        ]
    }
}
