import Foundation
import PluginHosting
import TestSupport
import Testing
import WidgetHost

/// The folders `plugins new` writes, before they reach the disk (the end-to-end tests run them).
@Suite struct PluginTemplateTests {
    @Test(arguments: [
        ("weather", "WeatherWidget", "WeatherTapIntent"),
        ("weather-now", "WeatherNowWidget", "WeatherNowTapIntent"),
        ("tap_counter2", "TapCounter2Widget", "TapCounter2TapIntent"),
        ("clock-widget", "ClockWidget", "ClockTapIntent"),
        ("Widget", "WidgetWidget", "WidgetTapIntent"),
    ])
    func kindAndIntentComeFromTheName(name: String, kind: String, intent: String) throws {
        let template = try #require(PluginTemplate(name: name, language: .python))
        #expect(template.kind == kind)
        #expect(template.intent == intent)
        let manifest = try #require(template.files.first { $0.path == "plugin.yaml" })
        #expect(
            manifest.contents.contains(
                "name: \(name)\nexecutable: plugin.py\nkinds: [\(kind)]\nintents: [\(intent)]\n"))
    }

    @Test(arguments: [
        "", "9lives", "_x", "-x", "bad name", "café", "a/b", "a.b", String(repeating: "a", count: 65),
    ])
    func namesThatCannotBeUsedMakeNoTemplate(name: String) {
        #expect(!PluginTemplate.isValidName(name))
        #expect(PluginTemplate(name: name, language: .swift) == nil)
    }

    @Test func theEmbeddedSDKIsTheRepositorysFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Plugins/SDK/python/widgethost_plugin.py")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(PythonPluginSDK.source == text, "the build embeds \(file.path) as it is")
    }

    @Test func thePythonPluginCarriesTheSDKAndAnExecutableScript() throws {
        let template = try #require(PluginTemplate(name: "clock", language: .python))
        #expect(
            template.files.map(\.path) == ["plugin.yaml", "plugin.py", "widgethost_plugin.py", "README.md"])
        #expect(template.files.filter(\.isExecutable).map(\.path) == ["plugin.py"])
        #expect(template.files[2].contents == PythonPluginSDK.source)
        #expect(template.files[1].contents.hasPrefix("#!/usr/bin/env python3\n"))
    }

    @Test func theSwiftPackageNamesTheWidgethostPackageByItsFolder() throws {
        let template = try #require(
            PluginTemplate(name: "clock", language: .swift, widgethostPackage: "/src/WidgetHost-main"))
        let package = try #require(template.files.first { $0.path == "Package.swift" }).contents
        #expect(package.contains(#"dependencies: [.package(path: "/src/WidgetHost-main")]"#))
        for module in ["WidgetKit", "SwiftUI", "AppIntents"] {
            #expect(package.contains(#".product(name: "\#(module)", package: "widgethost-main")"#))
        }
        #expect(!package.contains("was not found"))
        let unknown = try #require(PluginTemplate(name: "clock", language: .swift))
        let fallback = try #require(unknown.files.first { $0.path == "Package.swift" }).contents
        #expect(fallback.contains("// The widgethost package was not found next to the widgethost binary"))
        #expect(fallback.contains(#".package(path: "../widgethost")"#))
    }

    /// The Swift template's code is, byte for byte, the fixture this repository's `swift test`
    /// builds and runs (`hello-widget` and `HelloWidgetTests` in Package.swift): its widget extension,
    /// and its tests, which run the widget with `WidgetTesting` as a new plugin's `swift test` does.
    @Test func theSwiftTemplatesCodeIsTheFixtureTheSuiteRuns() throws {
        let template = try #require(
            PluginTemplate(name: "hello-widget", language: .swift, widgethostPackage: "/src/widgethost"))
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        let fixture = repository.appendingPathComponent("Tests/WidgetTestingTests/Fixtures/hello-widget")
        let code = template.files.filter { $0.path.hasSuffix(".swift") && $0.path != "Package.swift" }
        #expect(
            code.map(\.path) == [
                "Sources/hello-widget/HelloWidgetBundle.swift", "Sources/hello-widget/HelloWidget.swift",
                "Sources/hello-widget/AppIntent.swift", "Tests/HelloWidgetTests/HelloWidgetTests.swift",
            ])
        for file in code {
            let text = try String(contentsOf: fixture.appendingPathComponent(file.path), encoding: .utf8)
            // Xcode's files keep Xcode's formatting: the fixture's copy asks this repository's
            // `swift format lint` to leave it be, in one line above the template's bytes.
            let header = file.path.hasPrefix("Sources/") ? "// swift-format-ignore-file\n" : ""
            let expected = header + file.contents
            #expect(text == expected, "\(file.path) differs from the template's: copy it from 'plugins new'")
        }
        // Nothing else in the fixture but the snapshots its tests recorded.
        let paths = FileManager.default.enumerator(atPath: fixture.path)?.allObjects.compactMap {
            $0 as? String
        }
        let files = (paths ?? []).filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(
                atPath: fixture.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !path.contains("__Snapshots__") && !isFolder.boolValue
        }
        #expect(files.sorted() == code.map(\.path).sorted())
        // The template's targets are the ones this repository's manifest builds the fixture with:
        // the extension with the build plugins of Xcode's files, and its tests.
        let package = try #require(template.files.first { $0.path == "Package.swift" }).contents
        #expect(
            package.contains(
                """
                            plugins: [
                                .plugin(name: "IntentDefinitions", package: "widgethost"),
                                .plugin(name: "AssetCatalogs", package: "widgethost"),
                            ]
                """))
        #expect(
            package.contains(
                """
                        .testTarget(
                            name: "HelloWidgetTests",
                            dependencies: [
                                "hello-widget",
                                .product(name: "WidgetTesting", package: "widgethost"),
                            ],
                            exclude: ["__Snapshots__"]
                        ),
                """))
        let manifest = try String(
            contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#"dependencies: ["hello-widget", "WidgetTesting"],"#))
        #expect(manifest.contains(#"plugins: ["IntentDefinitions", "AssetCatalogs"]"#))
        #expect(
            manifest.contains(
                #"path: "Tests/WidgetTestingTests/Fixtures/hello-widget/Tests/HelloWidgetTests","#))
        #expect(
            manifest.contains(#"path: "Tests/WidgetTestingTests/Fixtures/hello-widget/Sources/hello-widget""#)
        )
    }

    @Test func theWidgethostPackageIsFoundAboveItsBuildFolder() throws {
        let rootDirectory = try TemporaryDirectory()
        let root = rootDirectory.url
        let build = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try "let package = Package(\n    name: \"widgethost\",\n".write(
            to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let found = PluginTemplate.widgethostPackage(near: build.appendingPathComponent("widgethost").path)
        #expect(found == root.resolvingSymlinksInPath().path)
        let elsewhereDirectory = try TemporaryDirectory()
        let elsewhere = elsewhereDirectory.url
        #expect(
            PluginTemplate.widgethostPackage(near: elsewhere.appendingPathComponent("widgethost").path) == nil
        )
    }
}
