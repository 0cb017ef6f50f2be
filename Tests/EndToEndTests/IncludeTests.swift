import Foundation
import TestSupport
import Testing

/// `include:` run as a binary: files and globs relative to the including file, nested, in order;
/// cycles refused with the chain; `included from` notes in text and JSON; ids unique across files;
/// and default ids numbered per configuration file.
@Suite struct IncludeTests {
    /// A directory with `main.yaml` including `parts/*.yaml` (a.yaml, b.yaml) and `extra.yaml`.
    static func composed() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("parts"), withIntermediateDirectories: true)
        try scratch.file(
            "main.yaml",
            """
            appGroup: group.test.main
            include:
              - parts/*.yaml
              - extra.yaml
            widgets:
              - id: own
                kind: Quickmenu

            """)
        try scratch.file(
            "parts/a.yaml",
            """
            appGroup: group.test.part
            widgets:
              - id: a1
                kind: FocusWidget

            """)
        try scratch.file(
            "parts/b.yaml",
            """
            include: ../nested.yaml
            widgets:
              - id: b1
                kind: Quickmenu

            """)
        try Self.writeOneWidget("nested.yaml", id: "deep", kind: "FocusWidget", in: scratch)
        try Self.writeOneWidget("extra.yaml", id: "extra", kind: "Quickmenu", in: scratch)
        return scratch
    }

    /// Writes `file` holding one widget, `id` of kind `kind`: its `id:` on line 2, its `kind:` on
    /// line 3.
    static func writeOneWidget(_ file: String, id: String, kind: String, in scratch: TemporaryDirectory)
        throws
    {
        try scratch.file(file, "widgets:\n  - id: \(id)\n    kind: \(kind)\n")
    }

    @Test func includedWidgetsComeFirstInOrderWithTheIncludersAppGroup() throws {
        let scratch = try Self.composed()
        let run = try scratch.widgethost(["validate", "main.yaml", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try JSONPath(run.standardOutput)
        #expect(
            json["files"]?.strings
                == ["main.yaml", "./parts/a.yaml", "./parts/b.yaml", "./nested.yaml", "./extra.yaml"]
                || json["files"]?.strings
                    == ["main.yaml", "parts/a.yaml", "parts/b.yaml", "parts/../nested.yaml", "extra.yaml"]
        )
        #expect(json["widgets"]?.int == 5)
        let config = try scratch.widgethost(["config", "main.yaml"])
        #expect(config.status == 0, "\(config.standardError)")
        let resolved = try JSONPath(config.standardOutput)
        let ids = (0..<5).compactMap { resolved["widgets"]?[$0]?["id"]?["value"]?.string }
        #expect(ids == ["a1", "deep", "b1", "extra", "own"])
        #expect(resolved["appGroup"]?["value"]?.string == "group.test.main")
    }

    @Test func aDiagnosticInAnIncludedFileNamesTheWholeChain() throws {
        let scratch = try Self.composed()
        try Self.writeOneWidget("nested.yaml", id: "deep", kind: "FocusWidgt", in: scratch)
        let text = try scratch.widgethost(["validate", "main.yaml"])
        text.expectFailed(
            65,
            standardError: """
                parts/../nested.yaml:3:11: error: unknown widget kind 'FocusWidgt'; did you mean 'FocusWidget'?
                    kind: FocusWidgt
                          ^
                note: included from parts/b.yaml:1:10
                note: included from main.yaml:3:5
                1 error

                """)
        let json = try scratch.widgethost(["validate", "main.yaml", "--format", "json"])
        let diagnostic = try #require(try JSONPath(json.standardOutput)["diagnostics"]?[0])
        #expect(diagnostic["notes"]?[0]?["message"]?.string == "included from parts/b.yaml:1:10")
        #expect(diagnostic["notes"]?[1]?["message"]?.string == "included from main.yaml:3:5")
    }

    @Test func aCycleIsRefusedWithTheChain() throws {
        let scratch = try Self.composed()
        try scratch.file(
            "nested.yaml",
            """
            include: [main.yaml]
            widgets: []

            """)
        let run = try scratch.widgethost(["validate", "main.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError.hasPrefix(
                """
                parts/../nested.yaml:1:11: error: 'main.yaml' includes a file already being read: \
                main.yaml includes parts/b.yaml includes parts/../nested.yaml includes parts/../main.yaml
                """), "\(run.standardError)")
        #expect(run.standardError.contains("config.include-cycle") == false)
        let json = try scratch.widgethost(["validate", "main.yaml", "--format", "json"])
        #expect(json.standardOutput.contains("\"code\":\"config.include-cycle\""))
    }

    /// Only YAML and JSON files are included, and none of the kernel's: `/proc/self/environ`
    /// (named, or through a link with a YAML name) would have its text quoted in diagnostics.
    @Test func onlyYAMLFilesAndNoneOfTheKernelsAreIncluded() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("env.yaml"), withDestinationPath: "/proc/self/environ")
        try scratch.file(
            "main.yaml", "include: [/proc/self/environ, env.yaml]\nwidgets:\n  - kind: Quickmenu\n")
        let run = try scratch.widgethost(["validate", "main.yaml"], environment: ["SECRET_TOKEN": "hunter2"])
        #expect(run.status == 65)
        #expect(
            run.standardError.contains(
                "main.yaml:1:11: error: cannot include '/proc/self/environ': only YAML or JSON files "
                    + "(.yaml, .yml, .json) are included"))
        #expect(run.standardError.contains("it is a file of the kernel's /proc, not a configuration"))
        #expect(!run.standardError.contains("hunter2"))
    }

    @Test func aMissingIncludeAndAGlobMatchingNothing() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "main.yaml",
            """
            include: [missing.yaml, "none/*.yaml"]
            widgets:
              - kind: Quickmenu

            """)
        let run = try scratch.widgethost(["validate", "main.yaml"])
        #expect(run.status == 65)
        #expect(run.standardError.contains("main.yaml:1:11: error: cannot include 'missing.yaml': "))
        #expect(
            run.standardError.contains(
                "main.yaml:1:25: warning: 'none/*.yaml' matches no file (looked for './none/*.yaml')")
                || run.standardError.contains(
                    "main.yaml:1:25: warning: 'none/*.yaml' matches no file (looked for 'none/*.yaml')"),
            "\(run.standardError)")
    }

    @Test func anIdUsedInTwoFilesNamesBothPlaces() throws {
        let scratch = try Self.composed()
        try Self.writeOneWidget("extra.yaml", id: "a1", kind: "Quickmenu", in: scratch)
        let run = try scratch.widgethost(["validate", "main.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError.hasPrefix(
                "extra.yaml:2:9: error: duplicate widget id 'a1': already used by the widget at parts/a.yaml:3:5\n"
            ), "\(run.standardError)")
        #expect(run.standardError.contains("note: included from main.yaml:4:5\n"))
    }

    @Test func runRunsIncludedWidgets() throws {
        let scratch = try Self.composed()
        try scratch.initStore(["--app-group", "group.test.main"])
        let run = try scratch.widgethost(["run", "main.yaml", "--widget", "extra", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try JSONPath(run.standardOutput)["widgets"]?[0]?["id"]?.string == "extra")
    }

    /// Adding a file to a run does not renumber the default ids of another file's widgets.
    @Test func defaultIdsAreNumberedPerFile() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.file(
            "config/b.yaml",
            """
            widgets:
              - kind: FocusWidget
              - kind: Quickmenu

            """)
        let before = try scratch.widgethost(["config", "config"])
        #expect(before.status == 0, "\(before.standardError)")
        let beforeIDs = (0..<2).compactMap {
            try? JSONPath(before.standardOutput)["widgets"]?[$0]?["id"]?["value"]?.string
        }
        #expect(beforeIDs == ["FocusWidget-1", "Quickmenu-1"])
        try scratch.file(
            "config/a.yaml",
            """
            widgets:
              - id: focus
                kind: FocusWidget
              - kind: Quickmenu
                family: systemSmall

            """)
        try scratch.initStore([])
        let after = try scratch.widgethost(["run", "config", "--format", "json"])
        let ids = (0..<4).compactMap { try? JSONPath(after.standardOutput)["widgets"]?[$0]?["id"]?.string }
        // b.yaml's widgets keep their ids; a.yaml's default Quickmenu clashes with b's and is
        // named, not silently renumbered.
        #expect(after.status == 65)
        #expect(ids.isEmpty)
        #expect(
            after.standardError.contains(
                "config/b.yaml:3:5: error: this widget's default id 'Quickmenu-1' is already the id of the widget at "
                    + "config/a.yaml:4:5 (default ids are numbered per configuration file); give it an 'id'"),
            "\(after.standardError)")
        try Self.writeOneWidget("config/a.yaml", id: "focus", kind: "FocusWidget", in: scratch)
        let fixed = try scratch.widgethost(["run", "config", "--format", "json"])
        #expect(fixed.status == 0, "\(fixed.standardError)")
        let fixedIDs = (0..<3).compactMap {
            try? JSONPath(fixed.standardOutput)["widgets"]?[$0]?["id"]?.string
        }
        #expect(fixedIDs == ["focus", "FocusWidget-1", "Quickmenu-1"])
    }
}
