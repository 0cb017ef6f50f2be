import Diagnostics
import Testing
import YAML

/// Broken files people write, with libyaml's error and the plain-words note added to it.
@Suite struct SyntaxHintTests {
    static let cases: [(file: String, diagnostic: String)] = [
        // A key indented less than the one above it.
        (
            "widgets:\n  - id: a\n    kind: TaskWidget\n   family: systemSmall\n",
            """
            widgets.yaml:4:4: error: did not find expected '-' indicator
            widgets.yaml:2:3: note: while parsing a block collection
            note: line 4 starts at column 4, but line 3 above it ('kind: TaskWidget') starts at column 5; \
            keys of one mapping must start in the same column
            """
        ),
        // A key indented more than the one above it (blank and comment lines are skipped).
        (
            "widgets:\n  - id: a\n    kind: TaskWidget\n\n    # the size\n     family: systemSmall\n",
            """
            widgets.yaml:6:6: error: did not find expected key
            widgets.yaml:2:5: note: while parsing a block mapping
            note: line 6 starts at column 6, but line 3 above it ('kind: TaskWidget') starts at column 5; \
            keys of one mapping must start in the same column
            """
        ),
        // A list item out of line with the one above.
        (
            "widgets:\n- id: a\n  kind: TaskWidget\n - id: b\n",
            """
            widgets.yaml:4:2: error: did not find expected key
            widgets.yaml:1:1: note: while parsing a block mapping
            note: line 4 starts at column 2, but line 3 above it ('kind: TaskWidget') starts at column 3; \
            keys of one mapping must start in the same column
            """
        ),
        // A top-level key indented.
        (
            "appGroup: x\n widgets: []\n",
            """
            widgets.yaml:2:9: error: mapping values are not allowed in this context
            note: line 2 starts at column 2, but line 1 above it ('appGroup: x') starts at column 1; \
            keys of one mapping must start in the same column
            """
        ),
        // A `: ` in an unquoted value.
        (
            "widgets:\n  - id: a\n    title: Meeting: 10am\n",
            """
            widgets.yaml:3:19: error: mapping values are not allowed in this context
            note: a ': ' inside an unquoted value starts a mapping; put the value in quotes: "Meeting: 10am"
            """
        ),
        // The same after a quoted key holding a `: `, with a quote in the value.
        (
            "\"a: b\": x: say \"hi\"\n",
            """
            widgets.yaml:1:10: error: mapping values are not allowed in this context
            note: a ': ' inside an unquoted value starts a mapping; put the value in quotes: "x: say \\"hi\\""
            """
        ),
        // A tab as indentation.
        (
            "widgets:\n  - id: a\n\tkind: TaskWidget\n",
            """
            widgets.yaml:3:1: error: found a tab character that violates indentation
            widgets.yaml:2:9: note: while scanning a plain scalar
            note: line 3 is indented with a tab; YAML indents with spaces only: replace the tab with spaces
            """
        ),
        // A `[` the file ends inside (blank and comment lines after it are the end too).
        (
            "a: [1, 2\n# the end\n\n",
            """
            widgets.yaml:4:1: error: did not find expected ',' or ']'
            widgets.yaml:1:4: note: while parsing a flow sequence
            note: the '[' at line 1, column 4 is never closed: the file ends inside it; close it with ']'
            """
        ),
        // A `{` the file ends inside, indented: no note about indentation.
        (
            "a:\n  b: {c: 1,\n  d: 2\n",
            """
            widgets.yaml:4:1: error: did not find expected ',' or '}'
            widgets.yaml:2:6: note: while parsing a flow mapping
            note: the '{' at line 2, column 6 is never closed: the file ends inside it; close it with '}'
            """
        ),
        // A `[` still open where a key of the next line follows.
        (
            "a: [1, 2\nb: 3\n",
            """
            widgets.yaml:2:2: error: did not find expected ',' or ']'
            widgets.yaml:1:4: note: while parsing a flow sequence
            note: the '[' at line 1, column 4 is still open here: close it with ']' (it runs across lines until \
            then), or put a ',' between its items
            """
        ),
        // The other bracket.
        (
            "a: [1, {b: 2]\n",
            """
            widgets.yaml:1:13: error: did not find expected ',' or '}'
            widgets.yaml:1:8: note: while parsing a flow mapping
            note: ']' cannot close the '{' at line 1, column 8: close it with '}' first
            """
        ),
        (
            "x: [a, b}\n",
            """
            widgets.yaml:1:9: error: did not find expected ',' or ']'
            widgets.yaml:1:4: note: while parsing a flow sequence
            note: '}' cannot close the '[' at line 1, column 4: close it with ']' first
            """
        ),
        // A value the file ends before, in a list never closed.
        (
            "widgets:\n  - [\n",
            """
            widgets.yaml:3:1: error: did not find expected node content
            widgets.yaml:3:1: note: while parsing a flow node
            note: the file ends where a value was expected, inside a '[' or '{' that is never closed
            """
        ),
        // Quotes the file ends inside.
        (
            "a: \"x\n",
            """
            widgets.yaml:2:1: error: found unexpected end of stream
            widgets.yaml:1:4: note: while scanning a quoted scalar
            note: the '"' at line 1, column 4 is never closed: the file ends inside the quoted value; end it with '"'
            """
        ),
        (
            "a: 'it\n\n",
            """
            widgets.yaml:3:1: error: found unexpected end of stream
            widgets.yaml:1:4: note: while scanning a quoted scalar
            note: the "'" at line 1, column 4 is never closed: the file ends inside the quoted value; end it with "'"
            """
        ),
        // A problem with no known cause gets no note.
        (
            "a: [1, 2] ]\n",
            """
            widgets.yaml:1:11: error: did not find expected key
            widgets.yaml:1:1: note: while parsing a block mapping
            """
        ),
    ]

    @Test(arguments: cases)
    func brokenFilesGetAPlainWordsNote(file: String, diagnostic: String) {
        let source = SourceText(name: "widgets.yaml", bytes: Array(file.utf8))
        #expect(throws: Diagnostic.self) { try YAMLLoader().load(source) }
        do throws(Diagnostic) {
            _ = try YAMLLoader().load(source)
        } catch {
            #expect(error.code == .yamlSyntax)
            #expect(error.description == diagnostic)
        }
    }

    /// Nothing that libyaml refuses makes the hint crash: every prefix of a file with tabs,
    /// colons, quotes and odd indentation.
    @Test func anyPrefixOfABrokenFileIsSafe() {
        let text = "a:\n\t- \"b: c\n  d: e: f\n   - 'g\n h: [i: j\n#\n\n:\t:\n"
        let bytes = Array(text.utf8)
        for end in bytes.indices {
            let source = SourceText(name: "x.yaml", bytes: Array(bytes[..<end]))
            _ = try? YAMLLoader().load(source)
        }
    }
}
