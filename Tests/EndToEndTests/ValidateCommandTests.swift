import Foundation
import TestSupport
import Testing

/// `widgethost validate`, run as a binary on temporary configuration files: the summary of a valid
/// configuration, every diagnostic of an invalid one (text and JSON), directories and missing paths.
@Suite struct ValidateCommandTests {
    /// A configuration with nine problems, and one valid widget (`fine`).
    static let manyProblems = """
        appGroup: group.com.example.taskapp
        widgets:
          - id: one
            kind: TaskWidgt
          - id: two
            kind: TaskWidget
            family: systemHuge
            configuration:
              priorityFilter: urgent
              showCompleted: maybe
              maxTasks: 0
              colour: red
          - id: two
            kind: FocusWidget
            configuration:
              maxTasks: 1
          - kind: Quickmenu
            family: accessoryInline
          - id: fine
            kind: Quickmenu

        """

    /// What `validate` writes to standard error for ``manyProblems``.
    static let manyProblemsDiagnostics = """
        bad.yaml:4:11: error: unknown widget kind 'TaskWidgt'; did you mean 'TaskWidget'?
            kind: TaskWidgt
                  ^
        bad.yaml:7:13: error: 'systemHuge' is not a widget family; expected one of systemMedium, systemSmall, systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline; did you mean 'systemLarge'?
            family: systemHuge
                    ^
        bad.yaml:9:23: error: 'urgent' is not a priority filter; expected one of all, high, medium, low
              priorityFilter: urgent
                              ^
        bad.yaml:10:22: error: 'showCompleted' must be true or false, not a string 'maybe'
              showCompleted: maybe
                             ^
        bad.yaml:11:17: error: 'maxTasks' must be an integer of at least 1, not 0
              maxTasks: 0
                        ^
        bad.yaml:12:7: error: unknown key 'colour' in 'configuration'; expected one of priorityFilter, showCompleted, maxTasks, rowStyle, category
              colour: red
              ^
        bad.yaml:13:9: error: duplicate widget id 'two': already used by the widget at line 5
          - id: two
                ^
        bad.yaml:5:5: note: the first widget with id 'two'
        bad.yaml:15:5: error: 'FocusWidget' takes no configuration: it is a StaticConfiguration widget
            configuration:
            ^
        bad.yaml:18:13: error: 'Quickmenu' does not support the family 'accessoryInline'; it supports systemMedium, systemSmall, systemLarge, systemExtraLarge
            family: accessoryInline
                    ^
        9 errors

        """

    /// (line, column, code) of each diagnostic of ``manyProblems``, in the order reported.
    static let manyProblemsLocations: [(Int, Int, String)] = [
        (4, 11, "config.unknown-kind"), (7, 13, "config.unknown-family"), (9, 23, "config.unknown-case"),
        (10, 22, "config.type-mismatch"), (11, 17, "config.out-of-range"), (12, 7, "config.unknown-key"),
        (13, 9, "config.duplicate-id"), (15, 5, "config.static-widget"),
        (18, 13, "config.unsupported-family"),
    ]

    @Test func validSampleConfiguration() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore([])  // without a store, validate warns that run would refuse
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        let text = try scratch.widgethost(["validate", "widgets.yaml"])
        text.expectSucceeded(standardOutput: "widgets.yaml: 4 widgets, valid\n")
        let json = try scratch.widgethost(["validate", "widgets.yaml", "--format", "json"])
        json.expectSucceeded(
            standardOutput: #"{"valid":true,"files":["widgets.yaml"],"widgets":4,"diagnostics":[]}"#
                + "\n")
    }

    @Test func everyProblemIsReportedWithItsLocation() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("bad.yaml", Self.manyProblems)
        let run = try scratch.widgethost(["validate", "bad.yaml"])
        run.expectFailed(65, standardError: Self.manyProblemsDiagnostics)
        #expect(
            run.firstErrorLine
                == "bad.yaml:4:11: error: unknown widget kind 'TaskWidgt'; did you mean 'TaskWidget'?")
    }

    /// Many files: one line per file, then the total, never one long line of names.
    @Test func manyFilesOneLineEach() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("many"), withIntermediateDirectories: true)
        for index in 0..<200 {
            try scratch.file(
                "many/w\(1000 + index).yaml", "widgets:\n  - id: w\(index)\n    kind: FocusWidget\n")
        }
        let run = try scratch.widgethost(["validate", "many"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 202)
        #expect(lines.first == "many/w1000.yaml: 1 widget")
        #expect(lines[199] == "many/w1199.yaml: 1 widget")
        #expect(lines[200] == "200 files: 200 widgets, valid")
        #expect(lines.allSatisfy { $0.count < 80 })
    }

    /// The README's `validate` example, with its fix-it note, as printed.
    @Test func theReadmeExampleWithItsFixIt() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "broken.yaml",
            """
            widgets:
              - id: work-tasks
                kind: TaskWidget
                configuration:
                  priorityFilter: urgent
                  showComplete: false
                maxTasks: 3

            """)
        let run = try scratch.widgethost(["validate", "broken.yaml"])
        #expect(run.status == 65)
        #expect(
            run.standardError == """
                broken.yaml:5:23: error: 'urgent' is not a priority filter; expected one of all, high, medium, low
                      priorityFilter: urgent
                                      ^
                broken.yaml:6:7: error: unknown key 'showComplete' in 'configuration'; did you mean 'showCompleted'?
                      showComplete: false
                      ^
                broken.yaml:7:5: error: unknown key 'maxTasks' in 'widget'; expected one of id, kind, family, configuration
                    maxTasks: 3
                    ^
                note: 'maxTasks' is a parameter of TaskWidget: indent it under 'configuration:', to column 7
                3 errors

                """)
    }

    @Test func everyProblemAsJSON() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("bad.yaml", Self.manyProblems)
        let run = try scratch.widgethost(["validate", "bad.yaml", "--format", "json"])
        #expect(run.status == 65)
        #expect(run.standardError.isEmpty)
        #expect(
            run.standardOutput.hasPrefix(#"{"valid":false,"files":["bad.yaml"],"widgets":1,"diagnostics":["#))
        #expect(run.standardOutput.hasSuffix("}\n"))
        let report = try JSONText.object(run.standardOutput)
        #expect(Set(report.keys) == ["valid", "files", "widgets", "diagnostics"])
        #expect(report["valid"] as? Bool == false)
        #expect(report["files"] as? [String] == ["bad.yaml"])
        #expect(report["widgets"] as? Int == 1)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["line"] as? Int } == Self.manyProblemsLocations.map(\.0))
        #expect(diagnostics.map { $0["column"] as? Int } == Self.manyProblemsLocations.map(\.1))
        #expect(diagnostics.map { $0["code"] as? String } == Self.manyProblemsLocations.map(\.2))
        #expect(
            diagnostics.allSatisfy {
                $0["file"] as? String == "bad.yaml" && $0["severity"] as? String == "error"
            })
        // The messages are the text report's, word for word.
        let textLines = Self.manyProblemsDiagnostics.components(separatedBy: "\n").filter {
            $0.hasPrefix("bad.yaml:") && $0.contains(": error: ")
        }
        #expect(
            diagnostics.map {
                "bad.yaml:\($0["line"] ?? ""):\($0["column"] ?? ""): error: \($0["message"] ?? "")"
            }
                == textLines)
        // Only the duplicate id (the seventh, at 13:9) has a note: where the id was first used.
        let duplicate = diagnostics.firstIndex { $0["code"] as? String == "config.duplicate-id" }
        #expect(duplicate == 6)
        #expect(
            JSONText.canonical(duplicate.map { diagnostics[$0]["notes"] as Any })
                == #"[{"column":5,"line":5,"message":"the first widget with id 'two'"}]"#)
        #expect(
            diagnostics.enumerated().allSatisfy {
                $0.offset == duplicate || ($0.element["notes"] as? [Any])?.isEmpty == true
            })
    }

    /// A directory means its *.yaml and *.yml files, sorted, not its other files or subdirectories;
    /// an id used in two files names the first place.
    @Test func directoryOfConfigurations() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore([])  // without a store, validate warns that run would refuse
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("d/sub"), withIntermediateDirectories: true)
        try scratch.file("d/b.yaml", "widgets:\n  - id: focus\n    kind: FocusWidget\n  - kind: Quickmenu\n")
        try scratch.file("d/a.yml", "widgets:\n  - id: tasks\n    kind: TaskWidget\n")
        try scratch.file("d/notes.txt", "widgets: [\n")
        try scratch.file("d/sub/broken.yaml", "widgets: [\n")
        let valid = try scratch.widgethost(["validate", "d"])
        valid.expectSucceeded(
            standardOutput: "d/a.yml: 1 widget\nd/b.yaml: 2 widgets\n2 files: 3 widgets, valid\n")
        let json = try scratch.widgethost(["validate", "d", "--format", "json"])
        #expect(
            json.standardOutput
                == #"{"valid":true,"files":["d/a.yml","d/b.yaml"],"widgets":3,"diagnostics":[]}"# + "\n")

        try scratch.file(
            "d/c.yaml",
            "widgets:\n  - id: tasks\n    kind: TaskWidget\n    configuration: {maxTasks: \"3\"}\n")
        let invalid = try scratch.widgethost(["validate", "d"])
        invalid.expectFailed(
            65,
            standardError: """
                d/c.yaml:2:9: error: duplicate widget id 'tasks': already used by the widget at d/a.yml:2:5
                  - id: tasks
                        ^
                d/c.yaml:4:31: error: 'maxTasks' must be an integer, not a string '3'
                    configuration: {maxTasks: "3"}
                                              ^
                2 errors

                """)
    }

    /// A file named twice, directly or through its directory, is read once: its ids are not
    /// duplicates of themselves.
    @Test(arguments: [
        ["d", "d/a.yml"], ["d/a.yml", "d", "./d/a.yml"], ["d", "d/"], ["d/b.yaml", "d/../d/b.yaml", "d"],
    ])
    func aFileNamedTwiceIsReadOnce(paths: [String]) throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("d"), withIntermediateDirectories: true)
        try scratch.file("d/a.yml", "widgets:\n  - id: tasks\n    kind: TaskWidget\n")
        try scratch.file("d/b.yaml", "widgets:\n  - id: focus\n    kind: FocusWidget\n")
        let run = try scratch.widgethost(["validate"] + paths + ["--format", "json"])
        #expect(run.status == 0, "\(run.standardOutput)")
        let report = try JSONText.object(run.standardOutput)
        #expect((report["files"] as? [String])?.count == 2)
        #expect(report["widgets"] as? Int == 2)
    }

    /// A path that is not there, no path (the default `config`, not there either), and a folder
    /// without configuration files: in text, and in the JSON report.
    /// What a command says when nothing was named and there is no ./config (SCRATCH: the folder).
    static let noDefault =
        "no configuration was named, and there is no ./config in SCRATCH (the folder of *.yaml files read "
        + "by default); name a configuration file or folder, as in 'widgethost run path/to/widgets.yaml', or "
        + "run from the folder that holds config/"

    @Test(arguments: [
        (
            ["missing.yaml"], "missing.yaml: error: no such file or directory\n1 error\n",
            #"{"valid":false,"files":[],"widgets":0,"diagnostics":[{"file":"missing.yaml","line":null,"#
                + #""column":null,"severity":"error","code":"config.not-found","message":"no such file or "#
                + #"directory","notes":[]}]}"#
        ),
        (
            // Nothing named: where the default was looked for (SCRATCH: the folder it ran in).
            [], "config: error: \(ValidateCommandTests.noDefault)\n1 error\n",
            #"{"valid":false,"files":[],"widgets":0,"diagnostics":[{"file":"config","line":null,"#
                + #""column":null,"severity":"error","code":"config.not-found","message":"\#(ValidateCommandTests.noDefault)","#
                + #""notes":[]}]}"#
        ),
        (
            ["empty"],
            "empty: error: the directory holds no configuration (*.yaml or *.yml) files\n1 error\n",
            #"{"valid":false,"files":[],"widgets":0,"diagnostics":[{"file":"empty","line":null,"#
                + #""column":null,"severity":"error","code":"config.empty-directory","message":"the directory "#
                + #"holds no configuration (*.yaml or *.yml) files","notes":[]}]}"#
        ),
    ])
    func missingPathsAndEmptyDirectories(paths: [String], message: String, report: String) throws {
        let scratch = try TemporaryDirectory()
        let message = message.replacingOccurrences(of: "SCRATCH", with: scratch.url.path)
        let report = report.replacingOccurrences(of: "SCRATCH", with: scratch.url.path)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let text = try scratch.widgethost(["validate"] + paths)
        text.expectFailed(65, standardError: message)
        let json = try scratch.widgethost(["validate"] + paths + ["--format", "json"])
        #expect(json.status == 65)
        #expect(json.standardOutput == report + "\n")
    }

    @Test func unknownFormatIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["validate", "--format", "xml"])
        run.expectFailed(
            64,
            firstErrorLine:
                "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'."
        )
    }
}

/// An unknown kind that is no typo of a known one says where plugins were looked for.
@Suite struct UnknownKindPlacesTests {
    @Test func theNoteNamesEveryPlaceLookedIn() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("w.yaml", "widgets:\n  - kind: WeatherWidget\n")
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("mine"), withIntermediateDirectories: true)
        let run = try scratch.widgethost(["validate", "w.yaml", "--plugins", "mine"])
        #expect(run.status == 65)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        let note = try #require(lines.first { $0.hasPrefix("note: ") })
        #expect(
            note.hasPrefix(
                "note: no built-in widget or plugin declares 'WeatherWidget'; plugins were looked for in: "))
        // The current directory is not among them; the Plugins folder beside the configuration is.
        #expect(note.hasSuffix(": \(scratch.url.path)/data/widgethost/plugins, mine, ./Plugins"))
    }
}
