import Diagnostics
import Foundation
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import YAML

/// The `widgets:` list is read item by item as it is composed; these check that what a
/// configuration loads to does not depend on it.
@Suite struct ConfigurationLoaderStreamingTests {
    static func load(_ files: [String: String], inMemoryUpTo: Int = 256 << 10) throws -> LoadedConfiguration {
        let directory = try Fixture.files(files)
        var loader = ConfigurationLoader(registry: try Fixture.registry())
        loader.limits.inMemoryInputSize = inMemoryUpTo
        return loader.load([directory.path("widgets.yaml")])
    }

    /// `appGroup:` or `include:` written after the widgets still applies to them, as it did when
    /// the file was read whole: the file is read again, whole.
    @Test func keysAfterTheWidgetsStillApply() throws {
        let loaded = try Self.load([
            "widgets.yaml": """
            widgets:
              - kind: FocusWidget
            appGroup: group.example.late
            include: [more.yaml]
            """,
            "more.yaml": "widgets:\n  - kind: Quickmenu\n",
        ])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.instances.map(\.id) == ["Quickmenu-1", "FocusWidget-1"])
        #expect(loaded.instances.map(\.appGroup) == ["group.example.late", "group.example.late"])
        #expect(
            loaded.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["widgets.yaml", "more.yaml"])
    }

    /// A YAML error after some widgets (and an include) leaves none of them: only the error.
    @Test func anErrorAfterTheWidgetsLeavesNone() throws {
        let loaded = try Self.load([
            "widgets.yaml": """
            include: [more.yaml]
            widgets:
              - kind: FocusWidget
              - {kind: Quickmenu
            """,
            "more.yaml": "widgets:\n  - kind: bogus\n",
        ])
        #expect(loaded.instances.isEmpty)
        #expect(loaded.diagnostics.map(\.code) == [.yamlSyntax])
        #expect(loaded.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["widgets.yaml"])
    }

    /// A file parsed from disk (over the in-memory size) loads to the same widgets and the same
    /// diagnostics, quoting the same lines, as one read into memory.
    @Test(arguments: [
        "appGroup: group.example.a\nwidgets:\n  - kind: FocusWidget\n  - id: q\n    kind: Quickmenu\n",
        "widgets:\n  - kind: FocusWidget\n    family: systemHuge\n  - kind: Quikmenu\n  - id: x\n    kind: Quickmenu\n  - id: x\n    kind: FocusWidget\n",
        "widgets:\n  - kind: FocusWidget\n    bogus: ${NOPE}\n  - kind: Quickmenu\n    family: \"${FAMILY:-systemSmall}\"\n",
        "widgets:\n  - kind: FocusWidget\n  - [unclosed\n",
    ])
    func aFileParsedFromDiskLoadsAlike(text: String) throws {
        let inMemory = try Self.load(["widgets.yaml": text])
        let inFile = try Self.load(["widgets.yaml": text], inMemoryUpTo: 0)
        #expect(inFile.instances.map(\.id) == inMemory.instances.map(\.id))
        #expect(inFile.instances.map(\.family) == inMemory.instances.map(\.family))
        #expect(inFile.instances.map(\.appGroup) == inMemory.instances.map(\.appGroup))
        #expect(inFile.diagnostics.map(\.message) == inMemory.diagnostics.map(\.message))
        #expect(inFile.diagnostics.map(\.location) == inMemory.diagnostics.map(\.location))
        #expect(inFile.diagnostics.map(\.sourceLine) == inMemory.diagnostics.map(\.sourceLine))
        #expect(inFile.diagnostics.map(\.notes.count) == inMemory.diagnostics.map(\.notes.count))
    }
}
