import Diagnostics
import Testing

@testable import YAML

@Suite struct NodeTests {
    static let fixture = """
        name: plain
        "quoted": 'single'
        list:
          - &item one
          - [two, three]
        é😀: v
        literal: |
          text
        folded: >
          more
        flow: {k: v}

        """

    @Test func rootMapping() throws {
        let root = try Loading.document(Self.fixture)
        #expect(root.isMapping)
        #expect(!root.isScalar)
        #expect(!root.isSequence)
        #expect(root.style == .block)
        #expect(root.tag == .map)
        #expect(root.anchor == nil)
        #expect(root.count == 7)
        #expect(root.start == Mark(line: 1, column: 1, index: 0))
        #expect(root.scalar == nil)
        #expect(root.sequence == nil)
        #expect(root.mapping?.count == 7)
    }

    @Test func scalarMarksAndStyles() throws {
        let root = try Loading.document(Self.fixture)
        let name = try #require(root["name"])
        #expect(name.isScalar)
        #expect(name.scalar == "plain")
        #expect(name.style == .plain)
        #expect(name.tag == .str)
        #expect(name.start == Mark(line: 1, column: 7, index: 6))
        #expect(name.end == Mark(line: 1, column: 12, index: 11))
        #expect(name.start.location == SourceLocation(line: 1, column: 7))
        #expect(name.count == 0)
        #expect(name.sequence == nil)
        #expect(name.mapping == nil)

        let quoted = root.pair(1)
        #expect(quoted.key.scalar == "quoted")
        #expect(quoted.key.style == .doubleQuoted)
        #expect(quoted.key.start == Mark(line: 2, column: 1, index: 12))
        #expect(quoted.key.end == Mark(line: 2, column: 9, index: 20))
        #expect(quoted.value.scalar == "single")
        #expect(quoted.value.style == .singleQuoted)
        #expect(quoted.value.start == Mark(line: 2, column: 11, index: 22))

        #expect(root["literal"]?.style == .literal)
        #expect(root["literal"]?.scalar == "text\n")
        #expect(root["folded"]?.style == .folded)
        #expect(root["folded"]?.scalar == "more\n")
    }

    /// libyaml counts columns (and the index) in characters: "é" and "😀" are one each, although
    /// they take two and four bytes.
    @Test func columnsCountCharactersNotBytes() throws {
        let root = try Loading.document(Self.fixture)
        let pair = root.pair(3)
        #expect(pair.key.scalar == "é😀")
        #expect(pair.key.start == Mark(line: 6, column: 1, index: 68))
        #expect(pair.key.end == Mark(line: 6, column: 3, index: 70))
        #expect(pair.value.scalar == "v")
        #expect(pair.value.start == Mark(line: 6, column: 5, index: 72))
        #expect(pair.value.end == Mark(line: 6, column: 6, index: 73))
    }

    @Test func sequencesAnchorsAndFlowStyles() throws {
        let root = try Loading.document(Self.fixture)
        let list = try #require(root["list"])
        #expect(list.isSequence)
        #expect(list.style == .block)
        #expect(list.tag == .seq)
        #expect(list.count == 2)
        #expect(list.start.line == 4)
        #expect(list.start.column == 3)

        let anchored = list.item(0)
        #expect(anchored.anchor == "item")
        #expect(anchored.scalar == "one")
        #expect(anchored.start == Mark(line: 4, column: 5, index: 41))
        #expect(anchored.end == Mark(line: 4, column: 14, index: 50))

        let flow = list.item(1)
        #expect(flow.style == .flow)
        #expect(flow.start == Mark(line: 5, column: 5, index: 55))
        #expect(flow.end == Mark(line: 5, column: 17, index: 67))
        #expect(flow.count == 2)
        #expect(flow.item(0).scalar == "two")
        #expect(flow.item(1).scalar == "three")
        #expect(flow.item(1).start == Mark(line: 5, column: 11, index: 61))
        #expect(flow.sequence?.compactMap(\.scalar) == ["two", "three"])

        let mapping = try #require(root["flow"])
        #expect(mapping.style == .flow)
        #expect(mapping.isMapping)
        #expect(mapping.start.location == SourceLocation(line: 11, column: 7))
        #expect(mapping.end.location == SourceLocation(line: 11, column: 13))
        #expect(mapping["k"]?.scalar == "v")
    }

    @Test func content() throws {
        let root = try Loading.document("a: [1, x]\nb: {c: d}\ne: text\n")
        guard case .mapping(let pairs) = root.content else {
            Issue.record("expected a mapping, got \(root.content)")
            return
        }
        #expect(pairs.map { $0.key.scalar } == ["a", "b", "e"])
        guard case .sequence(let items) = pairs[0].value.content else {
            Issue.record("expected a sequence")
            return
        }
        #expect(items.map(\.scalar) == ["1", "x"])
        #expect(items[0].tag == .int)
        guard case .mapping(let inner) = pairs[1].value.content else {
            Issue.record("expected a mapping")
            return
        }
        #expect(inner.count == 1)
        #expect(inner[0].key.scalar == "c")
        #expect(inner[0].value.scalar == "d")
        guard case .scalar(let text) = pairs[2].value.content else {
            Issue.record("expected a scalar")
            return
        }
        #expect(text == "text")
    }

    @Test func pairsKeepTheirOrder() throws {
        let root = try Loading.document("z: 1\na: 2\nm: 3\n")
        #expect(root.count == 3)
        #expect((0..<root.count).map { root.pair($0).key.scalar } == ["z", "a", "m"])
        #expect((0..<root.count).map { root.pair($0).value.scalar } == ["1", "2", "3"])
        #expect(root.mapping?.map(\.key.scalar) == ["z", "a", "m"])
        let pair = Node.Pair(key: root.pair(2).key, value: root.pair(0).value)
        #expect(pair.key.scalar == "m")
        #expect(pair.value.scalar == "1")
    }

    @Test func subscriptFindsStringKeysOnly() throws {
        let root = try Loading.document(
            """
            a: 1
            "b": 2
            1: int key
            "2": string key
            "tab\\tkey": 3
            ~: null key
            true: bool key
            é😀: 4
            """
        )
        #expect(root["a"]?.scalar == "1")
        #expect(root["b"]?.scalar == "2")
        #expect(root["1"] == nil)
        #expect(root["2"]?.scalar == "string key")
        #expect(root["tab\tkey"]?.scalar == "3")
        #expect(root["~"] == nil)
        #expect(root["true"] == nil)
        #expect(root["é😀"]?.scalar == "4")
        #expect(root["missing"] == nil)
        #expect(root[""] == nil)
        #expect(root["a"]?["a"] == nil)
        #expect(try Loading.document("[a, b]")["a"] == nil)
    }

    @Test(arguments: [
        ("plain", "a string"),
        (#""1""#, "a string"),
        ("!!str 1", "a string"),
        ("1", "an integer"),
        ("0x1F", "an integer"),
        ("1.5", "a number"),
        (".inf", "a number"),
        ("true", "a boolean"),
        ("~", "null"),
        ("[a]", "a list"),
        ("{a: 1}", "a mapping"),
        ("!foo x", "a !foo scalar"),
        ("!!binary aGk=", "a !!binary scalar"),
    ])
    func kindDescription(text: String, description: String) throws {
        #expect(try Loading.document(text).kindDescription == description)
    }

    /// An alias is the very node its anchor names, so it has the definition's marks.
    @Test func aliasesAreTheAnchoredNode() throws {
        let root = try Loading.document("a: &x {k: v}\nb: *x\n")
        let alias = try #require(root["b"])
        #expect(alias.anchor == "x")
        #expect(alias.isMapping)
        #expect(alias.start == Mark(line: 1, column: 4, index: 3))
        #expect(alias["k"]?.scalar == "v")
    }

    @Test func markLocation() {
        let mark = Mark(line: 3, column: 9, index: 40)
        #expect(mark.location == SourceLocation(line: 3, column: 9))
        #expect(mark.index == 40)
    }
}
