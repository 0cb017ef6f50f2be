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
        // A problem with no known cause gets no note.
        (
            "a: [1, 2\n",
            """
            widgets.yaml:2:1: error: did not find expected ',' or ']'
            widgets.yaml:1:4: note: while parsing a flow sequence
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
