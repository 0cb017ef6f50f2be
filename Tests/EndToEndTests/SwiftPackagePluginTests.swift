import Foundation
import TestSupport
import Testing

/// The README's Swift plugin as a package of its own ("A Swift plugin as a package of its own"):
/// its `main.swift` compiled against the SDK this build made and served through the built
/// binary, with the README's manifest, so the shortest way there keeps working.
@Suite struct SwiftPackagePluginTests {
    /// The fenced blocks of the README section `heading`, in order.
    static func blocks(under heading: String) throws -> [String] {
        let readme = try String(
            contentsOf: TemporaryDirectory.repositoryURL.appendingPathComponent("docs/plugins.md"),
            encoding: .utf8)
        return try #require(MarkdownBlocks.blocks(under: heading, in: readme))
    }

    @Test func theReadmesSwiftPackagePluginCompilesAndServesItsWidget() throws {
        let blocks = try Self.blocks(under: "### A Swift plugin as a package of its own")
        #expect(blocks.count >= 3)
        let package = try #require(blocks.first { $0.hasPrefix("// Package.swift\n") })
        #expect(package.contains(#".package(path: "../widgethost")"#))
        #expect(package.contains(#".product(name: "WidgetHostPlugin", package: "widgethost")"#))
        let main = try #require(blocks.first { $0.hasPrefix("// Sources/hello/main.swift\n") })
        let manifest = try #require(blocks.first { $0.hasPrefix("# plugin.yaml\n") })

        let scratch = try TemporaryDirectory()

        try scratch.initStore()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("hello/Sources/hello"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("hello/.build/debug"), withIntermediateDirectories: true)
        let source = try scratch.file("hello/Sources/hello/main.swift", main)
        try scratch.file("hello/plugin.yaml", manifest)
        // What `swift build` of the package makes, without building widgethost a second time: the
        // README's main.swift linked with the SDK's objects of this build.
        let build = WidgetHostProcess.executableURL.deletingLastPathComponent()
        // The SDK's server keeps the App Group's shared defaults in the store (AppGroup, on SQLite).
        let modules = [
            "WidgetHostPlugin", "WidgetHostKit", "PluginProtocol", "JSON", "AppGroup", "Diagnostics",
            "TerminalText",
        ]
        let objects = try modules.flatMap { module in
            let folder = build.appendingPathComponent("\(module).build")
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".o") }.map { folder.appendingPathComponent($0).path }
        }
        let compile = try WidgetHostProcess.run(
            [
                "swiftc", "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path,
                // The module maps of the C libraries the SDK's modules import (SQLite, utf8proc).
                "-I", TemporaryDirectory.repositoryURL.appendingPathComponent("Sources/CSQLite").path,
                "-I", TemporaryDirectory.repositoryURL.appendingPathComponent("Sources/CUTF8Proc").path,
                source.path,
            ]
                + objects + ["-lsqlite3", "-lutf8proc", "-o", scratch.path("hello/.build/debug/hello")],
            timeout: .seconds(300), executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(compile.status == 0, "\(compile.standardError)")

        let check = try scratch.widgethost(["plugins", "check", "--plugins", "hello"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("  kinds: Hello\n  intents: none\n"))
        try scratch.file("widgets.yaml", "plugins: [hello]\nwidgets:\n  - {id: h, kind: Hello}\n")
        try scratch.trustPlugins(["widgets.yaml"])
        let run = try scratch.widgethost(["run", "widgets.yaml", "--store", "store", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                #""entry":{"greeting":"Hello"},"view":{"type":"text","text":"Hello"}"#))
    }
}
