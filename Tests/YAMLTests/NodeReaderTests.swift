import Diagnostics
import Testing
import YAML

@Suite struct NodeReaderTests {
    /// The root mapping of `text` and a reader over it.
    func load(_ text: String) throws -> (NodeReader, Node) {
        let source = SourceText(name: "widgets.yaml", bytes: Array(text.utf8))
        let documents = try YAMLLoader().load(source)
        return (NodeReader(source: source), try #require(documents.first))
    }

    func messages(_ reader: NodeReader) -> [String] {
        reader.diagnostics.map(\.description)
    }

    @Test func readsEveryTypeFromAConfiguration() throws {
        var (reader, root) = try load(
            """
            priorityFilter: high
            showCompleted: false
            maxTasks: 3
            category: 2024
            tags: [a, b]
            """
        )
        let read = reader.mapping(root, named: "configuration")
        let entries = try #require(read)
        #expect(entries.map(\.key) == ["priorityFilter", "showCompleted", "maxTasks", "category", "tags"])
        let value = { (key: String) in entries.first { $0.key == key }!.value }
        let priorityFilter = reader.choice(
            value("priorityFilter"), named: "priorityFilter", cases: ["all", "high"],
            what: "a priority filter")
        #expect(priorityFilter == "high")
        let showCompleted = reader.bool(value("showCompleted"), named: "showCompleted")
        #expect(showCompleted == false)
        let maxTasks = reader.int(value("maxTasks"), named: "maxTasks", in: 1...20)
        #expect(maxTasks == 3)
        let category = reader.string(value("category"), named: "category")
        #expect(category == "2024")
        let tags = reader.list(value("tags"), named: "tags")
        #expect(try #require(tags).compactMap(\.scalar) == ["a", "b"])
        #expect(reader.diagnostics.isEmpty)
        #expect(!reader.hasErrors)
    }

    /// A whole number past 64 bits is refused saying so, where the range leaves that side open
    /// (a bounded range already says enough).
    @Test(
        arguments: [
            (
                "-99999999999999999999", nil,
                ", not -99999999999999999999, which is below the smallest integer, -9223372036854775808"
            ),
            (
                "1e300", 1...Int.max,
                " of at least 1, not 1e300, which is over the largest integer, 9223372036854775807"
            ),
            ("-1e300", 1...Int.max, " of at least 1, not -1e300"),
            ("99999999999999999999", 1...12, " from 1 to 12, not 99999999999999999999"),
            (
                "-1e19", Int.min...0,
                " of at most 0, not -1e19, which is below the smallest integer, -9223372036854775808"
            ),
        ] as [(String, ClosedRange<Int>?, String)])
    func aNumberPast64BitsSaysSo(text: String, range: ClosedRange<Int>?, message: String) throws {
        var (reader, root) = try load("n: \(text)\n")
        let read = reader.mapping(root, named: "configuration")
        let entries = try #require(read)
        let value = reader.int(entries[0].value, named: "n", in: range)
        #expect(value == nil)
        #expect(messages(reader) == ["widgets.yaml:1:4: error: 'n' must be an integer\(message)"])
    }

    enum Priority: String, CaseIterable {
        case all, high, medium, low
    }

    @Test func collectsEveryProblemWithItsLocation() throws {
        var (reader, root) = try load(
            """
            priorityFilter: urgent
            showCompleted: yes
            maxTasks: 0
            category: [work]
            showComplete: true
            count: 2.5
            title: null
            huge: 99999999999999999999
            """
        )
        let read = reader.mapping(
            root,
            named: "configuration",
            knownKeys: ["priorityFilter", "showCompleted", "maxTasks", "category", "count", "title", "huge"]
        )
        let entries = try #require(read)
        let value = { (key: String) in entries.first { $0.key == key }!.value }
        let priorityFilter = reader.enumCase(
            value("priorityFilter"), named: "priorityFilter", as: Priority.self, what: "a priority filter")
        #expect(priorityFilter == nil)
        let showCompleted = reader.bool(value("showCompleted"), named: "showCompleted")
        #expect(showCompleted == nil)
        let maxTasks = reader.int(value("maxTasks"), named: "maxTasks", in: 1...Int.max)
        #expect(maxTasks == nil)
        let category = reader.string(value("category"), named: "category")
        #expect(category == nil)
        let count = reader.int(value("count"), named: "count")
        #expect(count == nil)
        let title = reader.string(value("title"), named: "title")
        #expect(title == nil)
        let huge = reader.int(value("huge"), named: "huge")
        #expect(huge == nil)
        #expect(
            messages(reader) == [
                "widgets.yaml:5:1: error: unknown key 'showComplete' in 'configuration'; did you mean 'showCompleted'?",
                "widgets.yaml:1:17: error: 'urgent' is not a priority filter; expected one of all, high, medium, low",
                "widgets.yaml:2:16: error: 'showCompleted' must be true or false, not a string 'yes' "
                    + "('yes' is a string in YAML 1.2; write true)",
                "widgets.yaml:3:11: error: 'maxTasks' must be an integer of at least 1, not 0",
                "widgets.yaml:4:11: error: 'category' must be a string, not a list",
                "widgets.yaml:6:8: error: 'count' must be an integer, not a number '2.5'",
                "widgets.yaml:7:8: error: 'title' must be a string, not null",
                "widgets.yaml:8:7: error: 'huge' must be an integer, not 99999999999999999999, which is over the "
                    + "largest integer, 9223372036854775807",
            ]
        )
        #expect(reader.diagnostics.allSatisfy { $0.sourceLine != nil })
        #expect(reader.diagnostics.map(\.code.rawValue).contains("config.unknown-key"))
        #expect(reader.hasErrors)
    }

    @Test func unknownKeyFarFromEveryKnownKeyListsThem() throws {
        var (reader, root) = try load("zzz: 1\nkind: TaskWidget\n")
        let read = reader.mapping(root, named: "widget", knownKeys: ["id", "kind"])
        let entries = try #require(read)
        #expect(entries.map(\.key) == ["kind"])
        #expect(
            messages(reader) == [
                "widgets.yaml:1:1: error: unknown key 'zzz' in 'widget'; expected one of id, kind"
            ])
    }

    @Test func nonStringKeysAndMissingKeys() throws {
        var (reader, root) = try load("1: a\nid: x\n")
        let read = reader.mapping(root, named: "widget")
        let entries = try #require(read)
        let kind = reader.required("kind", in: entries, of: root, named: "widget")
        #expect(kind == nil)
        #expect(reader.required("id", in: entries, of: root, named: "widget")?.scalar == "x")
        #expect(
            messages(reader) == [
                "widgets.yaml:1:1: error: keys of 'widget' must be strings, not an integer",
                "widgets.yaml:1:1: error: 'widget' is missing the required key 'kind'",
            ]
        )
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false),
    ])
    func booleansInEveryCoreSchemaForm(text: String, expected: Bool) throws {
        var (reader, root) = try load("flag: \(text)\n")
        let flag = reader.bool(try #require(root["flag"]), named: "flag")
        #expect(flag == expected)
        #expect(reader.diagnostics.isEmpty)
    }

    /// One of the reader's typed reads, for the table of values it refuses.
    enum Read: Sendable {
        case bool, string, list, mapping
        case int(in: ClosedRange<Int>)
        case choice(cases: [String], what: String)

        /// Reads `node`, named `name`, this way with `reader`; whether a value came of it.
        func value(of node: Node, named name: String, with reader: inout NodeReader) -> Bool {
            switch self {
            case .bool: reader.bool(node, named: name) != nil
            case .string: reader.string(node, named: name) != nil
            case .list: reader.list(node, named: name) != nil
            case .mapping: reader.mapping(node, named: name) != nil
            case .int(let range): reader.int(node, named: name, in: range) != nil
            case .choice(let cases, let what):
                reader.choice(node, named: name, cases: cases, what: what) != nil
            }
        }
    }

    /// A value of the wrong kind, or out of its range, reads as nothing and is reported once, at the
    /// value, in words that say what was expected and what was found.
    @Test(arguments: [
        (
            "family: systemMedum\n", "family",
            Read.choice(cases: ["systemSmall", "systemMedium"], what: "a family"),
            "widgets.yaml:1:9: error: 'systemMedum' is not a family; expected one of systemSmall, "
                + "systemMedium; did you mean 'systemMedium'?"
        ),
        (
            "widgets: {a: 1}\nplugins: text\n", "widgets", .list,
            "widgets.yaml:1:10: error: 'widgets' must be a list, not a mapping"
        ),
        (
            "widgets: {a: 1}\nplugins: text\n", "plugins", .mapping,
            "widgets.yaml:2:10: error: 'plugins' must be a mapping, not a string 'text'"
        ),
        (
            "flag: \"true\"\n", "flag", .bool,
            "widgets.yaml:1:7: error: 'flag' must be true or false, not a string 'true'"
        ),
        (
            "a: 11\nb: -1\n", "a", .int(in: 1...10),
            "widgets.yaml:1:4: error: 'a' must be an integer from 1 to 10, not 11"
        ),
        (
            "a: 11\nb: -1\n", "b", .int(in: Int.min...(-2)),
            "widgets.yaml:2:4: error: 'b' must be an integer of at most -2, not -1"
        ),
        (
            "category: true\n", "category", .string,
            "widgets.yaml:1:11: error: 'category' must be a string, not a boolean 'true' (write '\"true\"' for the text)"
        ),
    ])
    func refusedValues(text: String, key: String, read: Read, message: String) throws {
        var (reader, root) = try load(text)
        let node = try #require(root[key])
        #expect(!read.value(of: node, named: key, with: &reader))
        #expect(messages(reader) == [message])
    }

    /// A range takes its bounds.
    @Test func anIntegerAtTheTopOfItsRangeIsRead() throws {
        var (reader, root) = try load("c: 0x10\n")
        #expect(reader.int(try #require(root["c"]), named: "c", in: 1...16) == 16)
        #expect(reader.diagnostics.isEmpty)
    }

    // MARK: - Prepared keys and lists

    @Test func keyIndexFindsKnownKeysAndReportsTheOthersAsEntryDoes() throws {
        let keys = ScalarVocabulary(["id", "kind", "caf\u{E9}"])
        var (reader, root) = try load("kind: a\nzzz: b\n1: c\nkinds: d\n\"cafe\u{301}\": e\nid: f\n")
        let found = (0..<root.count).map { reader.keyIndex(root.pair($0), in: "widget", among: keys) }
        // The decomposed key is not the composed word byte for byte, but it is the same text.
        #expect(found == [1, nil, nil, nil, 2, 0])
        #expect(
            messages(reader) == [
                "widgets.yaml:2:1: error: unknown key 'zzz' in 'widget'; expected one of id, kind, caf\u{E9}",
                "widgets.yaml:3:1: error: keys of 'widget' must be strings, not an integer",
                "widgets.yaml:4:1: error: unknown key 'kinds' in 'widget'; did you mean 'kind'?",
            ]
        )
    }

    @Test func isListAcceptsListsOnly() throws {
        var (reader, root) = try load("widgets: [a, b]\nother: {a: 1}\n")
        #expect(reader.isList(try #require(root["widgets"]), named: "widgets"))
        #expect(!reader.isList(try #require(root["other"]), named: "other"))
        #expect(messages(reader) == ["widgets.yaml:2:8: error: 'other' must be a list, not a mapping"])
    }

    /// Integers read from their bytes and those read through their text agree.
    @Test(arguments: [
        ("7", 7), ("+5", 5), ("-0", 0), ("007", 7), ("-42", -42), ("!!int 12", 12),
        ("999999999999999999", 999_999_999_999_999_999), ("-999999999999999999", -999_999_999_999_999_999),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("0x1F", 31), ("0o17", 15),
        ("0001234567890123456789", 1_234_567_890_123_456_789),
        // A float without a fraction is that integer, as JSON Schema's "integer" takes it.
        ("3.0", 3), ("1e3", 1_000), ("-2.0e1", -20),
    ])
    func integersInEveryForm(text: String, expected: Int) throws {
        var (reader, root) = try load("n: \(text)\n")
        let read = reader.int(try #require(root["n"]), named: "n")
        #expect(read == expected)
        #expect(reader.diagnostics.isEmpty)
    }

    @Test func integersOutOfRangeOrNotIntegersAreReportedAsBefore() throws {
        var (reader, root) = try load("a: 0\nb: '3'\nc: 3.5\nd: 9223372036854775808\ne: +21\n")
        for key in ["a", "b", "c", "d", "e"] {
            let read = reader.int(try #require(root[key]), named: key, in: 1...20)
            #expect(read == nil)
        }
        #expect(
            messages(reader) == [
                "widgets.yaml:1:4: error: 'a' must be an integer from 1 to 20, not 0",
                "widgets.yaml:2:4: error: 'b' must be an integer, not a string '3'",
                "widgets.yaml:3:4: error: 'c' must be an integer, not a number '3.5'",
                "widgets.yaml:4:4: error: 'd' must be an integer from 1 to 20, not 9223372036854775808",
                "widgets.yaml:5:4: error: 'e' must be an integer from 1 to 20, not 21",
            ]
        )
    }

    @Test func taggedScalarsReadAsTheirTags() throws {
        var (reader, root) = try load(
            "a: !!bool false\nb: !!str true\nc: !shape round\nd: !!str 12\ne: !!null ''\n")
        let a = reader.bool(try #require(root["a"]), named: "a")
        #expect(a == false)
        let b = reader.string(try #require(root["b"]), named: "b")
        #expect(b == "true")
        let c = reader.string(try #require(root["c"]), named: "c")
        #expect(c == "round")
        let d = reader.int(try #require(root["d"]), named: "d")
        #expect(d == nil)
        let e = reader.string(try #require(root["e"]), named: "e")
        #expect(e == nil)
        #expect(
            messages(reader) == [
                "widgets.yaml:4:4: error: 'd' must be an integer, not a string '12'",
                "widgets.yaml:5:4: error: 'e' must be a string, not empty",
            ]
        )
    }

    @Test func isNullIsTheNullTag() throws {
        // `!!null {}` is refused: a core tag names one kind of node (RoughEdgeTests).
        let root = try Loading.document("a: null\nb: ~\nc:\nd: 'null'\ne: !!null ''\nf: [null]\n")
        let isNull = ["a", "b", "c", "d", "e", "f"].map { root[$0]?.isNull }
        #expect(isNull == [true, true, true, false, true, false])
    }
}
