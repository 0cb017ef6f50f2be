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
