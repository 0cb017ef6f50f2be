import Diagnostics
import Testing

@testable import YAML

@Suite struct ComposerTests {
    // MARK: - Documents

    @Test(arguments: ["", "\n\n", "# only a comment\n", "  \n# two\n# comments"])
    func emptyStreamsHaveNoDocuments(text: String) throws {
        #expect(try Loading.documents(text).isEmpty)
    }

    @Test func anExplicitEmptyDocumentIsNull() throws {
        let documents = try Loading.documents("---\n")
        #expect(documents.count == 1)
        #expect(documents.map(JSONWriter.json) == ["null"])
    }

    @Test func multipleDocuments() throws {
        let documents = try Loading.documents("a: 1\n---\n- b\n...\n---\nc\n--- d\n")
        #expect(documents.map(JSONWriter.json) == [#"{"a":1}"#, #"["b"]"#, #""c""#, #""d""#])
        #expect(documents[1].start.line == 3)
        #expect(documents[3].start == Mark(line: 7, column: 5, index: 27))
    }

    // MARK: - Aliases

    @Test func aliasesResolveToTheirAnchor() throws {
        let json = try Loading.json(
            """
            scalar: &s text
            list: &l [1, 2]
            map: &m {k: v}
            copies: [*s, *l, *m]
            """
        )
        #expect(json == #"{"scalar":"text","list":[1,2],"map":{"k":"v"},"copies":["text",[1,2],{"k":"v"}]}"#)
    }

    @Test func aliasesAsKeys() throws {
        #expect(try Loading.json("- &k key\n- {*k : value}\n") == #"["key",{"key":"value"}]"#)
    }

    @Test func aLaterAnchorOfTheSameNameWinsForLaterAliases() throws {
        let json = try Loading.json("a: &x 1\nb: *x\nc: &x 2\nd: *x\n")
        #expect(json == #"{"a":1,"b":1,"c":2,"d":2}"#)
    }

    @Test(arguments: [
        ("a: 1\nb: *nope\n", "nope", 2, 4),
        ("a: *x\nb: &x 1\n", "x", 1, 4),
        ("[1, *missing]", "missing", 1, 5),
        // Anchors do not cross documents.
        ("a: &x 1\n---\nb: *x\n", "x", 3, 4),
    ])
    func undefinedAliases(text: String, name: String, line: Int, column: Int) throws {
        try Loading.expectError(
            text, code: "yaml.undefined-alias", line: line, column: column,
            message: "alias '*\(name)' refers to no anchor defined before it")
    }

    /// An anchor is defined once its node is complete: an alias inside it is refused, and says so.
    @Test(arguments: [
        ("a: &x [1, *x]\n", 1, 11), ("a: &x {k: *x}\n", 1, 11), ("a: &x\n  b:\n    - &y [*x]\n", 3, 11),
    ])
    func anAliasInsideItsOwnNode(text: String, line: Int, column: Int) throws {
        try Loading.expectError(
            text, code: "yaml.undefined-alias", line: line, column: column,
            message: "alias '*x' is inside the node anchored '&x': a node cannot contain itself")
    }

    // MARK: - Errors

    @Test func syntaxErrorWithContext() throws {
        let diagnostic = try #require(Loading.error("a: [b\n"))
        #expect(diagnostic.code.rawValue == "yaml.syntax")
        #expect(diagnostic.file == "test.yaml")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == SourceLocation(line: 2, column: 1))
        #expect(diagnostic.message == "did not find expected ',' or ']'")
        #expect(
            diagnostic.notes == [
                Diagnostic.Note("while parsing a flow sequence", at: .init(line: 1, column: 4)),
                Diagnostic.Note(
                    "the '[' at line 1, column 4 is never closed: the file ends inside it; close it with ']'"),
            ])
        #expect(diagnostic.sourceLine == "")
    }

    @Test func syntaxErrorWithoutContext() throws {
        let diagnostic = try #require(Loading.error("ok: 1\nkey: value: x\n"))
        #expect(diagnostic.code.rawValue == "yaml.syntax")
        #expect(diagnostic.location == SourceLocation(line: 2, column: 11))
        #expect(diagnostic.message == "mapping values are not allowed in this context")
        // No context from libyaml; only the plain-words note (see SyntaxHintTests).
        #expect(diagnostic.notes.allSatisfy { $0.location == nil })
        #expect(diagnostic.notes.count == 1)
        #expect(diagnostic.sourceLine == "key: value: x")
    }

    @Test func syntaxErrorAfterMultiByteCharacters() throws {
        let diagnostic = try #require(Loading.error("é😀: value: x\n"))
        #expect(diagnostic.code.rawValue == "yaml.syntax")
        #expect(diagnostic.location == SourceLocation(line: 1, column: 10))
    }

    @Test func syntaxErrorsInLaterDocumentsAreReported() throws {
        let diagnostic = try #require(Loading.error("a: 1\n---\nb: [\n"))
        #expect(diagnostic.code.rawValue == "yaml.syntax")
        #expect(diagnostic.location?.line == 4)
    }

    @Test(arguments: [
        (
            [UInt8]("a: b\nc: ".utf8) + [0xFF, 0x0A], 2, 4,
            "invalid leading UTF-8 octet (byte 0xFF at offset 8)"
        ),
        ([UInt8]("é: ".utf8) + [0xFE], 1, 4, "invalid leading UTF-8 octet (byte 0xFE at offset 4)"),
        ([UInt8]("a: b\r\nc: ".utf8) + [0xFF], 2, 4, "invalid leading UTF-8 octet (byte 0xFF at offset 9)"),
        ([UInt8]("a: ".utf8) + [0xC3, 0x28], 1, 5, "invalid trailing UTF-8 octet (byte 0x28 at offset 4)"),
        ([UInt8]("a: ".utf8) + [0xC3], 1, 4, "incomplete UTF-8 octet sequence"),
        // A byte-order mark is not a character: the bad byte is the fourth character of line 1.
        (
            [0xEF, 0xBB, 0xBF] + [UInt8]("a: ".utf8) + [0xFF], 1, 4,
            "invalid leading UTF-8 octet (byte 0xFF at offset 6)"
        ),
    ])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, problem: String) throws {
        try Loading.expectError(
            bytes: bytes, code: "yaml.encoding", line: line, column: column,
            message: "invalid UTF-8: " + problem)
    }

    @Test func invalidCodePointsAreNamed() throws {
        // A UTF-8-encoded surrogate: well-formed bytes, but not a Unicode character.
        let diagnostic = try #require(Loading.error(bytes: [UInt8]("a: ".utf8) + [0xED, 0xA0, 0x80]))
        #expect(diagnostic.code.rawValue == "yaml.encoding")
        #expect(diagnostic.location == SourceLocation(line: 1, column: 4))
        #expect(diagnostic.message.contains("U+D800"))
    }
}
