import Diagnostics
import Foundation
import TestSupport
import Testing

@Suite struct DiagnosticRendererTests {
    let plain = DiagnosticRenderer(color: false)

    func diagnostic(
        line: String,
        column: Int,
        severity: Diagnostic.Severity = .error,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(
            file: "config/widgets.yaml",
            location: SourceLocation(line: 6, column: column),
            severity: severity,
            code: FailureCode("test.code", .invalidInput),
            message: "message",
            notes: notes,
            sourceLine: line
        )
    }

    @Test func likeTheSwiftCompiler() {
        let diagnostic = Diagnostic(
            file: "config/widgets.yaml",
            location: SourceLocation(line: 6, column: 19),
            code: FailureCode("config.priority", .invalidInput),
            message: "'urgent' is not a priority filter; expected one of all, high, medium, low",
            notes: [
                Diagnostic.Note("'priorityFilter' is declared here", at: SourceLocation(line: 2, column: 3))
            ],
            sourceLine: "  priorityFilter: urgent"
        )
        #expect(
            plain.render(diagnostic) == """
                config/widgets.yaml:6:19: error: 'urgent' is not a priority filter; expected one of all, high, medium, low
                  priorityFilter: urgent
                                  ^
                config/widgets.yaml:2:3: note: 'priorityFilter' is declared here

                """
        )
    }

    @Test func caretUnderTheFirstAndLastColumns() {
        #expect(plain.render(diagnostic(line: "abc", column: 1)).hasSuffix("abc\n^\n"))
        #expect(plain.render(diagnostic(line: "abc", column: 3)).hasSuffix("abc\n  ^\n"))
        // Errors at the end of a line point just past its last character.
        #expect(plain.render(diagnostic(line: "abc", column: 4)).hasSuffix("abc\n   ^\n"))
        #expect(plain.render(diagnostic(line: "", column: 1)).hasSuffix("message\n\n^\n"))
    }

    /// Tabs are shown as `␉` (one column), so the caret lines up whatever the terminal's tab width.
    @Test func caretAfterTabs() {
        let rendered = plain.render(diagnostic(line: "\tkey:\tvalue", column: 7))
        #expect(rendered == "config/widgets.yaml:6:7: error: message\n␉key:␉value\n      ^\n")
    }

    /// Columns count characters, and the caret is indented by display width: "é" takes one column,
    /// "😀" and "보" two.
    @Test func caretAfterMultiByteCharacters() {
        let rendered = plain.render(diagnostic(line: "é😀: value", column: 5))
        #expect(rendered == "config/widgets.yaml:6:5: error: message\né😀: value\n     ^\n")
        let korean = plain.render(diagnostic(line: "보고서: 작성", column: 6))
        #expect(korean == "config/widgets.yaml:6:6: error: message\n보고서: 작성\n        ^\n")
        let thai = plain.render(diagnostic(line: "ทำงาน: x", column: 8))
        #expect(thai == "config/widgets.yaml:6:8: error: message\nทำงาน: x\n       ^\n")
    }

    /// Control characters in the message, the file name and the quoted line reach the terminal as
    /// pictures, and the caret still lines up.
    @Test func controlCharactersAreShownNotSent() {
        let diagnostic = Diagnostic(
            file: "evil\u{1B}]0;title\u{07}.yaml",
            location: SourceLocation(line: 1, column: 10),
            code: FailureCode("c", .invalidInput),
            message: "unknown key '\u{1B}[2J'\nforged: error: line",
            notes: [Diagnostic.Note("note \u{202E}reversed")],
            sourceLine: "\u{1B}[2J\r: value"
        )
        let rendered = plain.render(diagnostic)
        #expect(
            rendered == """
                evil␛]0;title␇.yaml:1:10: error: unknown key '␛[2J'␊forged: error: line
                ␛[2J␍: value
                         ^
                note: note \\u{202E}reversed

                """)
        #expect(
            DiagnosticRenderer.json([diagnostic]).contains(#""message":"unknown key '\u001b[2J'\nforged"#))
    }

    @Test func withoutLocationThereIsNoSnippet() {
        let diagnostic = Diagnostic(
            file: "widgets.yaml", code: FailureCode("c", .invalidInput), message: "no such file",
            sourceLine: "ignored")
        #expect(plain.render(diagnostic) == "widgets.yaml: error: no such file\n")
    }

    @Test func withoutSourceLineThereIsNoSnippet() {
        let diagnostic = Diagnostic(
            file: "a.yaml", location: SourceLocation(line: 2, column: 3),
            code: FailureCode("c", .invalidInput), message: "m")
        #expect(plain.render(diagnostic) == "a.yaml:2:3: error: m\n")
    }

    @Test func withoutFile() {
        #expect(
            plain.render(Diagnostic(file: nil, code: FailureCode("c", .invalidInput), message: "m"))
                == "error: m\n")
        let located = Diagnostic(
            file: nil, location: SourceLocation(line: 1, column: 2), code: FailureCode("c", .invalidInput),
            message: "m")
        #expect(plain.render(located) == "1:2: error: m\n")
    }

    @Test func severities() {
        #expect(
            plain.render(diagnostic(line: "x", column: 1, severity: .warning))
                == "config/widgets.yaml:6:1: warning: message\nx\n^\n")
        #expect(
            plain.render(diagnostic(line: "x", column: 1, severity: .note))
                == "config/widgets.yaml:6:1: note: message\nx\n^\n")
    }

    @Test func notesWithAndWithoutLocation() {
        let rendered = plain.render(
            diagnostic(
                line: "x",
                column: 1,
                notes: [
                    Diagnostic.Note("first here", at: SourceLocation(line: 1, column: 4)),
                    Diagnostic.Note("expected one of a, b"),
                ]
            )
        )
        #expect(
            rendered == """
                config/widgets.yaml:6:1: error: message
                x
                ^
                config/widgets.yaml:1:4: note: first here
                note: expected one of a, b

                """
        )
    }

    @Test func withoutSnippets() {
        let renderer = DiagnosticRenderer(color: false, snippets: false)
        #expect(
            renderer.render(diagnostic(line: "abc", column: 2)) == "config/widgets.yaml:6:2: error: message\n"
        )
    }

    @Test func severalDiagnostics() {
        let first = Diagnostic(file: "a", code: FailureCode("c", .invalidInput), message: "one")
        let second = Diagnostic(
            file: "b", severity: .warning, code: FailureCode("c", .invalidInput), message: "two")
        #expect(plain.render([first, second]) == "a: error: one\nb: warning: two\n")
        #expect(plain.render([Diagnostic]()) == "")
    }

    @Test func colour() {
        let renderer = DiagnosticRenderer(color: true)
        let rendered = renderer.render(
            diagnostic(
                line: "ab", column: 2, notes: [Diagnostic.Note("see", at: SourceLocation(line: 1, column: 1))]
            )
        )
        let escape = "\u{1B}"
        #expect(
            rendered
                == "\(escape)[1mconfig/widgets.yaml:6:2:\(escape)[0m \(escape)[1;31merror:\(escape)[0m "
                + "\(escape)[1mmessage\(escape)[0m\n"
                + "ab\n"
                + " \(escape)[1;32m^\(escape)[0m\n"
                + "\(escape)[1mconfig/widgets.yaml:1:1:\(escape)[0m \(escape)[1;30mnote:\(escape)[0m "
                + "\(escape)[1msee\(escape)[0m\n"
        )
        let warning = renderer.render(
            Diagnostic(file: nil, severity: .warning, code: FailureCode("c", .invalidInput), message: "w"))
        #expect(warning == "\(escape)[1;35mwarning:\(escape)[0m \(escape)[1mw\(escape)[0m\n")
    }

    @Test func noColourMeansNoEscapes() {
        let rendered = plain.render(
            diagnostic(
                line: "ab", column: 2, notes: [Diagnostic.Note("see", at: SourceLocation(line: 1, column: 1))]
            )
        )
        #expect(!rendered.contains("\u{1B}"))
    }

    // MARK: - Long lines

    /// 500 characters, `a` to `z` repeating, with an `X` at column 250.
    static let longLine: String = {
        var characters = (0..<500).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) }
        characters[249] = "X"
        return String(characters)
    }()

    /// The quoted line and the caret line of a rendered diagnostic.
    func snippet(_ rendered: String) throws -> (line: String, caret: String) {
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 4)
        return (String(lines[1]), String(lines[2]))
    }

    @Test func longLinesAreCutAroundTheColumn() throws {
        let (line, caret) = try snippet(plain.render(diagnostic(line: Self.longLine, column: 250)))
        let characters = Array(Self.longLine)
        #expect(line == "..." + String(characters[199..<299]) + "...")
        #expect(line.count == 106)
        #expect(caret == String(repeating: " ", count: 53) + "^")
        #expect(Array(line)[53] == "X")
    }

    @Test func longLinesCutAtTheStart() throws {
        let (line, caret) = try snippet(plain.render(diagnostic(line: Self.longLine, column: 1)))
        #expect(line == String(Self.longLine.prefix(100)) + "...")
        #expect(caret == "^")
    }

    @Test func longLinesCutAtTheEnd() throws {
        let (line, caret) = try snippet(plain.render(diagnostic(line: Self.longLine, column: 500)))
        #expect(line == "..." + String(Self.longLine.suffix(100)))
        #expect(caret == String(repeating: " ", count: 102) + "^")
        #expect(Array(line)[102] == Array(Self.longLine)[499])
        // Just past the end of the line.
        let (_, pastEnd) = try snippet(plain.render(diagnostic(line: Self.longLine, column: 501)))
        #expect(pastEnd == String(repeating: " ", count: 103) + "^")
    }

    @Test func customSnippetWidth() throws {
        let renderer = DiagnosticRenderer(color: false, snippetWidth: 40)
        #expect(renderer.snippetWidth == 40)
        let (line, caret) = try snippet(renderer.render(diagnostic(line: Self.longLine, column: 250)))
        #expect(line == "..." + String(Array(Self.longLine)[229..<269]) + "...")
        #expect(Array(line)[caret.count - 1] == "X")
        #expect(DiagnosticRenderer(color: false, snippetWidth: 5).snippetWidth == 20)
    }

    @Test func linesAtTheWidthAreNotCut() throws {
        let line = String(repeating: "x", count: 100)
        let (quoted, _) = try snippet(plain.render(diagnostic(line: line, column: 100)))
        #expect(quoted == line)
    }

    @Test func longLinesOfMultiByteCharacters() throws {
        var characters = Array(repeating: Character("é"), count: 300)
        characters[149] = "😀"
        let (line, caret) = try snippet(plain.render(diagnostic(line: String(characters), column: 150)))
        #expect(line.count == 106)
        #expect(line.hasPrefix("...é"))
        #expect(line.hasSuffix("é..."))
        #expect(Array(line)[caret.count - 1] == "😀")
    }

    // MARK: - JSON

    @Test func json() throws {
        let diagnostic = Diagnostic(
            file: "config/widgets.yaml",
            location: SourceLocation(line: 3, column: 1),
            severity: .error,
            code: FailureCode("yaml.duplicate-key", .invalidInput),
            message: "duplicate key \"a\"\té",
            notes: [
                Diagnostic.Note("'a' first defined here", at: SourceLocation(line: 1, column: 2)),
                Diagnostic.Note("unlocated"),
            ],
            sourceLine: "a: 3"
        )
        let object = try JSONText.object(DiagnosticRenderer.json(diagnostic))
        #expect(object["file"] as? String == "config/widgets.yaml")
        #expect(object["line"] as? Int == 3)
        #expect(object["column"] as? Int == 1)
        #expect(object["severity"] as? String == "error")
        #expect(object["code"] as? String == "yaml.duplicate-key")
        #expect(object["message"] as? String == "duplicate key \"a\"\té")
        let notes = try #require(object["notes"] as? [[String: Any]])
        #expect(notes.count == 2)
        #expect(notes[0]["message"] as? String == "'a' first defined here")
        #expect(notes[0]["line"] as? Int == 1)
        #expect(notes[0]["column"] as? Int == 2)
        #expect(notes[1]["message"] as? String == "unlocated")
        #expect(notes[1]["line"] is NSNull)
        #expect(notes[1]["column"] is NSNull)
        #expect(Set(object.keys) == ["file", "line", "column", "severity", "code", "message", "notes"])
    }

    @Test func jsonWithoutFileOrLocation() throws {
        let object = try JSONText.object(
            DiagnosticRenderer.json(
                Diagnostic(file: nil, severity: .warning, code: FailureCode("c", .invalidInput), message: "m")
            )
        )
        #expect(object["file"] is NSNull)
        #expect(object["line"] is NSNull)
        #expect(object["column"] is NSNull)
        #expect(object["severity"] as? String == "warning")
        #expect((object["notes"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonOfSeveral() throws {
        let json = DiagnosticRenderer.json([
            Diagnostic(file: "a", code: FailureCode("one", .invalidInput), message: "1"),
            Diagnostic(file: "b", severity: .note, code: FailureCode("two", .invalidInput), message: "2"),
        ])
        let object = try JSONText.object(json)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.compactMap { $0["code"] as? String } == ["one", "two"])
        #expect(diagnostics.compactMap { $0["severity"] as? String } == ["error", "note"])
        #expect(DiagnosticRenderer.json([Diagnostic]()) == #"{"diagnostics":[]}"#)
    }

    /// Fields come in a fixed order, so the JSON can be compared as text.
    @Test func jsonText() {
        let diagnostic = Diagnostic(
            file: "f.yaml",
            location: SourceLocation(line: 1, column: 2),
            code: FailureCode("c", .invalidInput),
            message: "m",
            notes: [Diagnostic.Note("n", at: SourceLocation(line: 3, column: 4))]
        )
        #expect(
            DiagnosticRenderer.json(diagnostic)
                == #"{"file":"f.yaml","line":1,"column":2,"severity":"error","code":"c","message":"m","#
                + #""notes":[{"message":"n","line":3,"column":4}]}"#
        )
    }
}
