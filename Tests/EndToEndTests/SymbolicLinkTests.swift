import Foundation
import TestSupport
import Testing

/// A dangling symbolic link or a loop of links, as a configuration file or as `--store`, is named
/// for what it is, not "no such file" or "a file".
@Suite struct SymbolicLinkTests {
    static func links(in scratch: TemporaryDirectory) throws {
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: scratch.path("dangling.yaml"), withDestinationPath: "/nowhere/x.yaml")
        try manager.createSymbolicLink(atPath: scratch.path("loop-a"), withDestinationPath: "loop-b")
        try manager.createSymbolicLink(atPath: scratch.path("loop-b"), withDestinationPath: "loop-a")
    }

    @Test func configurationLinks() throws {
        let scratch = try TemporaryDirectory()
        try Self.links(in: scratch)
        let run = try scratch.widgethost(["validate", "dangling.yaml", "loop-a"])
        run.expectFailed(
            65,
            standardError: """
                dangling.yaml: error: is a symbolic link to '/nowhere/x.yaml', which does not exist
                loop-a: error: is a symbolic link that leads back to itself (a loop of links)
                2 errors

                """)
        let yaml = try scratch.widgethost(["yaml", "dangling.yaml"])
        yaml.expectFailed(
            65,
            firstErrorLine:
                "dangling.yaml: error: is a symbolic link to '/nowhere/x.yaml', which does not exist")
    }

    @Test func storeLinks() throws {
        let scratch = try TemporaryDirectory()
        try Self.links(in: scratch)
        let dangling = try scratch.widgethost([
            "perform", "ToggleFocusModeIntent", "value=true", "--store", "dangling.yaml",
        ])
        // No store there, and the link is named for what it is.
        #expect(dangling.status == 65)
        #expect(
            dangling.firstErrorLine
                == "error: no store for the app group 'group.com.example.taskapp' at '\(scratch.path("dangling.yaml"))' "
                + "(it is a symbolic link to '/nowhere/x.yaml', which does not exist): create it with "
                + "'widgethost store init --store dangling.yaml', or import tasks into it with "
                + "'widgethost store import FILE --store dangling.yaml'")
        let loop = try scratch.widgethost([
            "perform", "ToggleFocusModeIntent", "value=true", "--store", "loop-a",
        ])
        #expect(loop.status == 65)
        #expect(
            loop.firstErrorLine.hasPrefix(
                "error: no store for the app group 'group.com.example.taskapp' at '\(scratch.path("loop-a"))' "
                    + "(it is a symbolic link that leads back to itself (a loop of links)): create it with"))
        let created = try scratch.widgethost(["store", "init", "--store", "dangling.yaml"])
        #expect(created.status == 1)
        #expect(
            created.firstErrorLine
                == "Error: cannot create the store directory '\(scratch.path("dangling.yaml"))': it is a symbolic link to "
                + "'/nowhere/x.yaml', which does not exist")
    }
}
