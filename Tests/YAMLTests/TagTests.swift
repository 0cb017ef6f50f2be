import Diagnostics
import Testing
import YAML

@Suite struct TagTests {
    @Test func coreTagsUseTheSecondaryHandleInDescriptions() {
        #expect(Tag.str.rawValue == "tag:yaml.org,2002:str")
        #expect(Tag.str.description == "!!str")
        #expect(Tag.int.description == "!!int")
        #expect(Tag.float.description == "!!float")
        #expect(Tag.bool.description == "!!bool")
        #expect(Tag.null.description == "!!null")
        #expect(Tag.seq.description == "!!seq")
        #expect(Tag.map.description == "!!map")
        #expect(Tag.merge.description == "!!merge")
        #expect(Tag(rawValue: "!foo").description == "!foo")
        #expect(Tag(rawValue: "tag:example.com,2000:app/foo").description == "tag:example.com,2000:app/foo")
    }

    @Test(arguments: [
        ("!!str 42", Tag.str, #""42""#),
        ("!!str true", Tag.str, #""true""#),
        ("!!str ~", Tag.str, #""~""#),
        (#"!!int "42""#, Tag.int, "42"),
        ("!!int 0o17", Tag.int, "15"),
        ("!!int '0x1F'", Tag.int, "31"),
        ("!!float 1", Tag.float, "1.0"),
        (#"!!float "1.5""#, Tag.float, "1.5"),
        ("!!float 0o17", Tag.float, "15.0"),
        ("!!float .inf", Tag.float, #"".inf""#),
        (#"!!bool "true""#, Tag.bool, "true"),
        ("!!bool FALSE", Tag.bool, "false"),
        (#"!!null """#, Tag.null, "null"),
        ("!!null ~", Tag.null, "null"),
        ("! 42", Tag.str, #""42""#),
        ("! true", Tag.str, #""true""#),
        ("!foo bar", Tag(rawValue: "!foo"), #""bar""#),
        ("!foo 42", Tag(rawValue: "!foo"), #""42""#),
        ("!!binary aGk=", Tag(rawValue: "tag:yaml.org,2002:binary"), #""aGk=""#),
    ])
    func explicitScalarTags(text: String, tag: Tag, json: String) throws {
        let node = try Loading.document(text)
        #expect(node.tag == tag)
        #expect(JSONWriter.json(node) == json)
    }

    @Test func customTagsOnCollectionsAreKept() throws {
        let sequence = try Loading.document("!foo [a]")
        #expect(sequence.tag == Tag(rawValue: "!foo"))
        #expect(JSONWriter.json(sequence) == #"["a"]"#)
        let mapping = try Loading.document("!!map {a: 1}")
        #expect(mapping.tag == .map)
        let nonSpecific = try Loading.document("! [a]")
        #expect(nonSpecific.tag == .seq)
    }

    @Test(arguments: [
        ("a: 1\nb: !!int abc\n", 2, 4, "'abc' is not a valid !!int value"),
        ("a: !!int 1.5\n", 1, 4, "'1.5' is not a valid !!int value"),
        ("a: !!int ''\n", 1, 4, "'' is not a valid !!int value"),
        ("- !!float abc\n", 1, 3, "'abc' is not a valid !!float value"),
        // Once a crash: the empty text reached a check that reads its first byte.
        ("- !!float \"\"\n", 1, 3, "'' is not a valid !!float value"),
        ("- !!float ''\n", 1, 3, "'' is not a valid !!float value"),
        ("- x\n- !!bool yes\n", 2, 3, "'yes' is not a valid !!bool value"),
        ("!!null x\n", 1, 1, "'x' is not a valid !!null value"),
        ("{a: !!int 0x}\n", 1, 5, "'0x' is not a valid !!int value"),
    ])
    func invalidTaggedValues(text: String, line: Int, column: Int, message: String) throws {
        try Loading.expectError(
            text, code: "yaml.invalid-tagged-value", line: line, column: column, message: message)
    }

    /// A value can be megabytes long; messages quote at most 40 characters of it.
    @Test func longInvalidValuesAreCutInMessages() throws {
        let value = String(repeating: "x", count: 100_000)
        let diagnostic = try #require(Loading.error("a: !!int \(value)\n"))
        #expect(diagnostic.code.rawValue == "yaml.invalid-tagged-value")
        #expect(diagnostic.message == "'\(String(repeating: "x", count: 37))...' is not a valid !!int value")
        let exactly40 = String(repeating: "y", count: 40)
        #expect(
            Loading.error("a: !!int \(exactly40)\n")?.message == "'\(exactly40)' is not a valid !!int value")
    }
}
