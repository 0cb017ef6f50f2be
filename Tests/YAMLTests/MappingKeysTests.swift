import Diagnostics
import Testing
import YAML

@Suite struct MappingKeysTests {
    /// Nine keys `k1` ... `k9`, one a line: more than the linear-scan limit of 8, so the hashed path.
    static let nineKeys = (1...9).map { "k\($0): \($0)\n" }.joined()

    struct Duplicate: Sendable, CustomStringConvertible {
        var text: String
        var key: String
        /// The first key as written, when it is spelled differently (`1` before `01`).
        var firstKey: String
        var first: SourceLocation
        var again: SourceLocation
        var description: String { text }

        init(_ text: String, key: String, firstKey: String? = nil, first: (Int, Int), again: (Int, Int)) {
            self.text = text
            self.key = key
            self.firstKey = firstKey ?? key
            self.first = SourceLocation(line: first.0, column: first.1)
            self.again = SourceLocation(line: again.0, column: again.1)
        }
    }

    static let duplicates: [Duplicate] = [
        // Small mappings (at most 8 keys): linear scan.
        Duplicate("a: 1\nb: 2\na: 3\n", key: "a", first: (1, 1), again: (3, 1)),
        Duplicate("a: 1\n\"a\": 2\n", key: "a", first: (1, 1), again: (2, 1)),
        Duplicate("'a': 1\na: 2\n", key: "a", first: (1, 1), again: (2, 1)),
        Duplicate("1: x\n01: y\n", key: "01", firstKey: "1", first: (1, 1), again: (2, 1)),
        Duplicate("0x1F: x\n31: y\n", key: "31", firstKey: "0x1F", first: (1, 1), again: (2, 1)),
        Duplicate("~: x\nnull: y\n", key: "null", firstKey: "~", first: (1, 1), again: (2, 1)),
        Duplicate("true: x\nTrue: y\n", key: "True", firstKey: "true", first: (1, 1), again: (2, 1)),
        Duplicate("1.0: x\n1.00: y\n", key: "1.00", firstKey: "1.0", first: (1, 1), again: (2, 1)),
        Duplicate("{a: 1, b: 2, a: 3}", key: "a", first: (1, 2), again: (1, 14)),
        Duplicate("outer:\n  inner: 1\n  other: 2\n  inner: 3\n", key: "inner", first: (2, 3), again: (4, 3)),
        // Large mappings (more than 8 keys): hashed.
        Duplicate(nineKeys + "k1: again\n", key: "k1", first: (1, 1), again: (10, 1)),
        Duplicate(nineKeys + "\"k9\": again\n", key: "k9", first: (9, 1), again: (10, 1)),
        Duplicate("1: x\n" + nineKeys + "01: y\n", key: "01", firstKey: "1", first: (1, 1), again: (11, 1)),
        Duplicate(
            "~: x\n" + nineKeys + "NULL: y\n", key: "NULL", firstKey: "~", first: (1, 1), again: (11, 1)),
        Duplicate(
            "{" + (1...9).map { "k\($0): \($0), " }.joined() + "k5: x}", key: "k5", first: (1, 30),
            again: (1, 65)),
    ]

    @Test(arguments: duplicates)
    func duplicateKeys(duplicate: Duplicate) throws {
        let diagnostic = try #require(Loading.error(duplicate.text))
        #expect(diagnostic.code.rawValue == "yaml.duplicate-key")
        #expect(diagnostic.file == "test.yaml")
        #expect(diagnostic.location == duplicate.again)
        let spelledAs = duplicate.firstKey == duplicate.key ? "" : " (as '\(duplicate.firstKey)')"
        #expect(
            diagnostic.message
                == "duplicate key '\(duplicate.key)': first at line \(duplicate.first.line)\(spelledAs), "
                + "again at line \(duplicate.again.line)"
        )
        #expect(
            diagnostic.notes == [
                Diagnostic.Note("'\(duplicate.firstKey)' first defined here", at: duplicate.first)
            ])
    }

    @Test func duplicateKeyDiagnosticQuotesTheLine() throws {
        let diagnostic = try #require(Loading.error("a: 1\nb: 2\na: 3\n"))
        #expect(diagnostic.message == "duplicate key 'a': first at line 1, again at line 3")
        #expect(diagnostic.sourceLine == "a: 3")
        #expect(
            diagnostic.description
                == "test.yaml:3:1: error: duplicate key 'a': first at line 1, again at line 3\n"
                + "test.yaml:1:1: note: 'a' first defined here"
        )
    }

    @Test func longDuplicateKeysAreCutInMessages() throws {
        let key = String(repeating: "k", count: 50)
        let diagnostic = try #require(Loading.error("\(key): 1\n\(key): 2\n"))
        let shown = String(repeating: "k", count: 37) + "..."
        #expect(diagnostic.message == "duplicate key '\(shown)': first at line 1, again at line 2")
    }

    /// Keys are equal when their values under their resolved tags are: the integer 1 and the string
    /// "1" are different keys, as are 1 and 1.0.
    @Test(arguments: [
        "1: a\n\"1\": b\n",
        "1: a\n1.0: b\n",
        "null: a\n\"null\": b\n",
        "true: a\n'true': b\n",
        "a: 1\nA: 2\n",
        "? [a]\n: 1\n? [a]\n: 2\n",
        "!foo a: 1\na: 2\n",
        "1: a\n" + nineKeys + "\"1\": b\n",
        "1: a\n" + nineKeys + "1.0: b\n",
        "? [a]\n: 1\n" + nineKeys + "? [a]\n: 2\n",
    ])
    func notDuplicates(text: String) throws {
        let root = try Loading.document(text)
        #expect(root.count == text.split(separator: "\n").filter { $0.contains(":") }.count)
    }

    @Test func eightAndNineDistinctKeysLoad() throws {
        let eight = (1...8).map { "k\($0): \($0)\n" }.joined()
        #expect(try Loading.document(eight).count == 8)
        #expect(try Loading.document(Self.nineKeys).count == 9)
    }

    // MARK: - Merge keys

    @Test func mergeOneMapping() throws {
        let json = try Loading.json(
            """
            base: &base {a: 1, b: 2}
            derived:
              <<: *base
              c: 3
            """
        )
        #expect(json == #"{"base":{"a":1,"b":2},"derived":{"a":1,"b":2,"c":3}}"#)
    }

    @Test func mergeAnInlineMapping() throws {
        #expect(try Loading.json("{<<: {a: 1}, b: 2}") == #"{"a":1,"b":2}"#)
    }

    @Test func earlierMappingsInAMergeListWin() throws {
        let root = try Loading.document(
            """
            one: &one {a: 1, b: 1}
            two: &two {b: 2, c: 2}
            merged:
              <<: [*one, *two]
            """
        )
        #expect(JSONWriter.json(try #require(root["merged"])) == #"{"a":1,"b":1,"c":2}"#)
    }

    @Test func explicitKeysWinWhereverTheyAre() throws {
        let root = try Loading.document(
            """
            base: &base {a: 1, b: 2}
            before: {a: 0, <<: *base}
            after: {<<: *base, a: 0}
            list: {<<: [*base, {a: 9, c: 9}], b: 0}
            """
        )
        #expect(JSONWriter.json(try #require(root["before"])) == #"{"a":0,"b":2}"#)
        #expect(JSONWriter.json(try #require(root["after"])) == #"{"b":2,"a":0}"#)
        #expect(JSONWriter.json(try #require(root["list"])) == #"{"a":1,"c":9,"b":0}"#)
        #expect(root["after"]?["a"]?.scalar == "0")
    }

    @Test func nestedMerges() throws {
        let root = try Loading.document(
            """
            one: &one {a: 1}
            two: &two {<<: *one, b: 2}
            three: {<<: *two, c: 3}
            """
        )
        #expect(JSONWriter.json(try #require(root["two"])) == #"{"a":1,"b":2}"#)
        #expect(JSONWriter.json(try #require(root["three"])) == #"{"a":1,"b":2,"c":3}"#)
        #expect(root["three"]?.count == 3)
    }

    @Test func mergedKeysAreComparedByValue() throws {
        // The merged integer key 1 is not the explicit string key "1"; the merged 01 is the explicit 1.
        #expect(try Loading.json(#"{<<: {1: a}, "1": b}"#) == #"{"1":"a","1":"b"}"#)
        #expect(try Loading.json("{<<: {01: a, x: y}, 1: b}") == #"{"x":"y","1":"b"}"#)
    }

    /// Few keys are compared one by one and many are hashed; either way a merged key is taken by
    /// value, text compared as text, and collection keys are never the same key.
    @Test(arguments: [0, 20])
    func mergedKeysAreTakenAlikeForFewAndManyKeys(filler: Int) throws {
        let fillers = (0..<filler).map { "f\($0): \($0), " }.joined()
        let root = try Loading.document(
            "{\(fillers)<<: {\"cafe\u{301}\": 1, 01: 2, [k]: 3, b: 4, \"1\": 5}, \"caf\u{E9}\": 0, 1: 0, [k]: 0}"
        )
        let keys = (0..<root.count).map { root.pair($0).key.scalar ?? "[...]" }
        let values = (0..<root.count).map { root.pair($0).value.scalar ?? "" }
        #expect(keys.dropFirst(filler) == ["[...]", "b", "1", "caf\u{E9}", "1", "[...]"])
        #expect(values.dropFirst(filler) == ["3", "4", "5", "0", "0", "0"])
        #expect(root.pair(filler + 2).key.tag == .str)
    }

    @Test func quotedMergeKeysAreOrdinaryKeys() throws {
        #expect(try Loading.json(#"{"<<": {a: 1}, b: 2}"#) == #"{"<<":{"a":1},"b":2}"#)
        #expect(try Loading.json("'<<': x") == #"{"<<":"x"}"#)
        #expect(try Loading.json("!!str << : x") == #"{"<<":"x"}"#)
    }

    @Test(arguments: [
        ("a: {<<: 1}", 1, 9, "the scalar '1'"),
        ("a:\n  <<: text\n", 2, 7, "the scalar 'text'"),
        ("a:\n  <<:\n", 2, 6, "the scalar ''"),
        ("base: &b {a: 1}\nm:\n  <<: [*b, oops]\n", 3, 12, "the scalar 'oops'"),
        ("m: {<<: [{a: 1}, [x]]}", 1, 18, "a list"),
        ("m: {<<: [[x]]}", 1, 10, "a list"),
    ])
    func invalidMerges(text: String, line: Int, column: Int, what: String) throws {
        try Loading.expectError(
            text, code: "yaml.invalid-merge", line: line, column: column,
            message: "a merge key '<<' takes a mapping or a list of mappings, not \(what)")
    }

    @Test func longMergeValuesAreCutInMessages() throws {
        let value = String(repeating: "z", count: 100_000)
        let diagnostic = try #require(Loading.error("a: {<<: \(value)}\n"))
        #expect(diagnostic.code.rawValue == "yaml.invalid-merge")
        #expect(
            diagnostic.message
                == "a merge key '<<' takes a mapping or a list of mappings, not the scalar '"
                + String(repeating: "z", count: 37) + "...'"
        )
    }

    /// A plain `<<` that is not a key is an ordinary string.
    @Test func mergeKeyTextAsAValue() throws {
        #expect(try Loading.json("a: <<\nb: [<<]\n") == #"{"a":"<<","b":["<<"]}"#)
    }
}
