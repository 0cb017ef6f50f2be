import Foundation
import TestSupport
import Testing

/// `widgethost yaml`, run as a binary: what each document means as JSON, and every way a file can be
/// refused, with the diagnostics checked verbatim.
@Suite struct YAMLCommandTests {
    // MARK: - Documents

    static let anchorsAndMerges = """
        base: &base {x: 1, y: 2}
        merged:
          <<: *base
          y: 3
        1: a
        true: b
        null: c
        1.5: d
        ? [1, 2]
        : e
        ---
        - second
        - &s !!str 42
        - *s
        ...
        --- !!str 3
        ---

        """

    static let anchorsAndMergesJSON = """
        {"base":{"x":1,"y":2},"merged":{"x":1,"y":3},"1":"a","true":"b","null":"c","1.5":"d","[1,2]":"e"}
        ["second","42","42"]
        "3"
        null

        """

    @Test func printsEachDocumentAsOneLineOfJSON() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("config.yaml", Self.anchorsAndMerges)
        let run = try WidgetHostProcess.run(["yaml", "config.yaml"], directory: scratch.url)
        run.expectSucceeded(standardOutput: Self.anchorsAndMergesJSON)
    }

    @Test func resolvesScalarsWithTheCoreSchemaAndEscapesStrings() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.file(
            "scalars.yaml",
            """
            s: "tab\\there \\"q\\" é"
            n: [1, -2, 0x1F, 0o17, 1e3, .inf, -.inf, .nan, ~, yes, True, '1']

            """
        )
        let run = try WidgetHostProcess.run(["yaml", file.path])
        #expect(run.status == 0)
        #expect(
            run.standardOutput
                == #"{"s":"tab\there \"q\" é","n":[1,-2,31,15,1000.0,".inf","-.inf",".nan",null,"yes",true,"1"]}"#
                + "\n"
        )
    }

    @Test func readsStandardInputForADashOrNoFile() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("input.yaml", Self.anchorsAndMerges)
        let dash = try WidgetHostProcess.run(["yaml", "-"], input: .file(file))
        #expect(dash.status == 0)
        #expect(dash.standardOutput == Self.anchorsAndMergesJSON)
        let none = try WidgetHostProcess.run(["yaml"], input: .pipe(Array(Self.anchorsAndMerges.utf8)))
        #expect(none.status == 0)
        #expect(none.standardOutput == Self.anchorsAndMergesJSON)
        let afterOptions = try WidgetHostProcess.run(
            ["yaml", "--max-depth", "2", "--diagnostics=json", "--", "-"],
            input: .pipe(Array("a: [1]\n".utf8))
        )
        #expect(afterOptions.status == 0)
        #expect(afterOptions.standardOutput == "{\"a\":[1]}\n")
    }

    @Test func writesLargeOutputWhole() throws {
        let scratch = try TemporaryDirectory()
        let count = 50_000
        let yaml = (0..<count).map { "- {id: \($0), title: \"task \($0)\", done: false}\n" }.joined()
        try scratch.file("tasks.yaml", yaml)
        let run = try WidgetHostProcess.run(["yaml", "tasks.yaml"], directory: scratch.url)
        let expected =
            "["
            + (0..<count).map { "{\"id\":\($0),\"title\":\"task \($0)\",\"done\":false}" }
            .joined(separator: ",") + "]\n"
        #expect(run.status == 0)
        #expect(run.standardOutput == expected)
        #expect(!run.timedOut)
    }

    // MARK: - Refusals

    /// A file that is refused: its name, its bytes, and the whole of standard error.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var standardError: String

        init(_ name: String, _ text: String, _ standardError: String) {
            self.init(name, bytes: Array(text.utf8), standardError)
        }

        init(_ name: String, bytes: [UInt8], _ standardError: String) {
            self.name = name
            self.bytes = bytes
            self.standardError = standardError
        }

        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            "latin1.yaml",
            bytes: Array("a: 1\nb: x".utf8) + [0xFF] + Array("y\n".utf8),
            """
            latin1.yaml:2:5: error: invalid UTF-8: invalid leading UTF-8 octet (byte 0xFF at offset 9)
            b: x\u{FFFD}y
                ^

            """
        ),
        Refusal(
            "syntax.yaml",
            "a: [1, 2\nb: 3\n",
            """
            syntax.yaml:2:2: error: did not find expected ',' or ']'
            b: 3
             ^
            syntax.yaml:1:4: note: while parsing a flow sequence
            note: the '[' at line 1, column 4 is still open here: close it with ']' (it runs across lines until \
            then), or put a ',' between its items

            """
        ),
        Refusal(
            "duplicate.yaml",
            "name: first\nother: 1\nname: second\n",
            """
            duplicate.yaml:3:1: error: duplicate key 'name': first at line 1, again at line 3
            name: second
            ^
            duplicate.yaml:1:1: note: 'name' first defined here

            """
        ),
        Refusal(
            "alias.yaml",
            "a: &a 1\nb: *nope\n",
            """
            alias.yaml:2:4: error: alias '*nope' refers to no anchor defined before it
            b: *nope
               ^

            """
        ),
        Refusal(
            "merge.yaml",
            "widget:\n  <<: 3\n  kind: TaskWidget\n",
            """
            merge.yaml:2:7: error: a merge key '<<' takes a mapping or a list of mappings, not the scalar '3'
              <<: 3
                  ^

            """
        ),
    ]

    @Test(arguments: refusals)
    func refusesInvalidInput(refusal: Refusal) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file(refusal.name, bytes: refusal.bytes)
        let run = try WidgetHostProcess.run(["yaml", refusal.name], directory: scratch.url)
        run.expectFailed(65, standardError: refusal.standardError)
    }

    @Test func refusesTheSameInputOnStandardInputUnderItsName() throws {
        let run = try WidgetHostProcess.run(["yaml"], input: .pipe(Array("a: [1, 2\nb: 3\n".utf8)))
        run.expectFailed(
            65,
            standardError: """
                <stdin>:2:2: error: did not find expected ',' or ']'
                b: 3
                 ^
                <stdin>:1:4: note: while parsing a flow sequence
                note: the '[' at line 1, column 4 is still open here: close it with ']' (it runs across lines \
                until then), or put a ',' between its items

                """)
        let empty = try WidgetHostProcess.run(["yaml", "-"])
        #expect(empty.status == 0)
        #expect(empty.standardOutput.isEmpty)
        #expect(empty.standardError.isEmpty)
    }

    @Test func refusesAMissingFileAndADirectory() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"),
            withIntermediateDirectories: false
        )
        let missing = try WidgetHostProcess.run(["yaml", "missing.yaml"], directory: scratch.url)
        missing.expectFailed(65, standardError: "missing.yaml: error: no such file\n")
        let directory = try WidgetHostProcess.run(["yaml", "config"], directory: scratch.url)
        directory.expectFailed(65, standardError: "config: error: is a directory, not a file\n")
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func refusesAnUnreadableFile() throws {
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("secret.yaml", "a: 1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        let run = try WidgetHostProcess.run(["yaml", "secret.yaml"], directory: scratch.url)
        run.expectFailed(65, standardError: "secret.yaml: error: permission denied\n")
    }

    // MARK: - JSON diagnostics

    @Test func writesDiagnosticsAsOneJSONObject() throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("duplicate.yaml", "name: first\nother: 1\nname: second\n")
        let run = try WidgetHostProcess.run(
            ["yaml", "--diagnostics", "json", "duplicate.yaml"],
            directory: scratch.url
        )
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasSuffix("}\n"))
        #expect(run.standardError.filter { $0 == "\n" }.count == 1)

        let object = try JSONText.object(run.standardError)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        try #require(diagnostics.count == 1)
        let diagnostic = diagnostics[0]
        #expect(diagnostic["file"] as? String == "duplicate.yaml")
        #expect(diagnostic["line"] as? Int == 3)
        #expect(diagnostic["column"] as? Int == 1)
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["code"] as? String == "yaml.duplicate-key")
        #expect(diagnostic["message"] as? String == "duplicate key 'name': first at line 1, again at line 3")
        let notes = try #require(diagnostic["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes.first?["message"] as? String == "'name' first defined here")
        #expect(notes.first?["line"] as? Int == 1)
        #expect(notes.first?["column"] as? Int == 1)
    }

    @Test(arguments: [
        ("missing.yaml", "file.unreadable", "no such file")
    ])
    func writesDiagnosticsWithoutALocationAsJSONNulls(file: String, code: String, message: String) throws {
        let scratch = try TemporaryDirectory()
        try scratch.file("empty.yaml", "")
        let run = try WidgetHostProcess.run(["yaml", file, "--diagnostics=json"], directory: scratch.url)
        run.expectFailed(
            65,
            standardError:
                #"{"diagnostics":[{"file":"\#(file)","line":null,"column":null,"severity":"error","#
                + #""code":"\#(code)","message":"\#(message)","notes":[]}]}"# + "\n")
    }
}
