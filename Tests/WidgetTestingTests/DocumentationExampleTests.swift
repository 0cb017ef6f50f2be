import Foundation
import TestSupport
import Testing

/// The example of docs/widget-testing.md is the fixture `tasks-widget` this package builds, and
/// its tests the `TasksWidgetTests` this package runs: the page's blocks are its files, byte for byte.
@Suite struct DocumentationExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift blocks of the page's section "A complete example", in order.
    static func exampleBlocks() throws -> [String] {
        let page = try String(
            contentsOf: root.appendingPathComponent("docs/widget-testing.md"), encoding: .utf8)
        return try #require(MarkdownBlocks.blocks(under: "## A complete example", in: page))
    }

    @Test func thePagesExampleIsTheFixtureTheSuiteRuns() throws {
        let blocks = try Self.exampleBlocks()
        #expect(blocks.count == 4)
        let package = try #require(blocks.first)
        #expect(package.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(package.contains(#".product(name: "WidgetTesting", package: "widgethost")"#))
        #expect(package.contains(#"name: "TasksWidgetTests","#))
        let fixture = Self.root.appendingPathComponent("Tests/WidgetTestingTests/Fixtures/tasks-widget")
        var shown: [String] = []
        for block in blocks.dropFirst() {
            let firstLine = try #require(block.split(separator: "\n").first)
            #expect(firstLine.hasPrefix("// "), "a file's block begins with its path: \(firstLine)")
            let path = String(firstLine.dropFirst(3))
            shown.append(path)
            let file = try String(contentsOf: fixture.appendingPathComponent(path), encoding: .utf8)
            #expect(file == block, "docs/widget-testing.md's \(path) is not the fixture's")
        }
        #expect(
            shown == [
                "Sources/tasks-widget/TasksWidgetBundle.swift", "Sources/tasks-widget/TasksWidget.swift",
                "Tests/TasksWidgetTests/TasksWidgetTests.swift",
            ])
        // The repository's manifest builds the fixture as the page's does.
        let manifest = try String(
            contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#"dependencies: ["tasks-widget", "WidgetTesting"],"#))
    }
}
