import Testing
import YAML

@Suite struct ScalarVocabularyTests {
    static let keys = ScalarVocabulary(["id", "kind", "family", "configuration"])

    /// The value of `key` in the one-document mapping `text`.
    func value(_ key: String, in text: String) throws -> Node {
        try #require(try Loading.document(text)[key])
    }

    @Test func wordsKeepTheirOrder() {
        #expect(Self.keys.words == ["id", "kind", "family", "configuration"])
        #expect(ScalarVocabulary([]).words.isEmpty)
    }

    @Test func stringKeysAreFoundByTheirBytes() throws {
        let root = try Loading.document("kind: a\n'family': b\n\"configuration\": c\n!!str id: d\n")
        #expect((0..<root.count).map { Self.keys.index(ofKey: root.pair($0).key) } == [1, 2, 3, 0])
    }

    @Test func keysThatAreNotStringsOrNotWordsAreNotFound() throws {
        let vocabulary = ScalarVocabulary(["1", "true", "null", "kin", "kinds"])
        let root = try Loading.document("1: a\ntrue: b\nnull: c\n[x]: d\nkind: e\n")
        let found = (0..<root.count).map { vocabulary.index(ofKey: root.pair($0).key) }
        #expect(found == [nil, nil, nil, nil, nil])
        #expect(vocabulary.index(ofKey: try value("kind", in: "kind: kin\n")) == 3)
    }

    @Test func theFirstOfEqualWordsIsFound() throws {
        let vocabulary = ScalarVocabulary(["a", "b", "a"])
        #expect(vocabulary.index(ofChoice: try value("k", in: "k: a\n")) == 0)
    }

    @Test func anEmptyWordIsTheEmptyString() throws {
        let vocabulary = ScalarVocabulary(["x", ""])
        #expect(vocabulary.index(ofString: try value("k", in: "k: ''\n")) == 1)
        // A plain empty scalar is null, which a string read refuses.
        #expect(vocabulary.index(ofString: try value("k", in: "k:\n")) == nil)
        #expect(ScalarVocabulary([]).index(ofString: try value("k", in: "k: ''\n")) == nil)
    }

    /// The same tags as `NodeReader.string`: anything but booleans and null.
    @Test func stringsAreScalarsButBooleansAndNull() throws {
        let vocabulary = ScalarVocabulary(["2024", "true", "null", "text", "custom"])
        let root = try Loading.document(
            "a: 2024\nb: true\nc: null\nd: \"true\"\ne: text\nf: !shape custom\ng: [text]\nh: !!str null\n")
        let found = (0..<root.count).map { vocabulary.index(ofString: root.pair($0).value) }
        #expect(found == [0, nil, nil, 1, 3, 4, nil, 2])
    }

    /// The same tags as `NodeReader.choice`: anything but null.
    @Test func choicesAreScalarsButNull() throws {
        let vocabulary = ScalarVocabulary(["true", "null", "~", "high"])
        let root = try Loading.document("a: true\nb: null\nc: ~\nd: high\ne: {high: 1}\n")
        let found = (0..<root.count).map { vocabulary.index(ofChoice: root.pair($0).value) }
        #expect(found == [0, nil, nil, 3, nil])
    }

    /// Text equal only under canonical equivalence is left to the `String` comparison callers fall
    /// back on: `é` as one scalar is not `e` and a combining accent, byte for byte.
    @Test func matchesAreByteForByte() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let vocabulary = ScalarVocabulary([composed])
        #expect(vocabulary.index(ofString: try value("k", in: "k: \(composed)\n")) == 0)
        #expect(vocabulary.index(ofString: try value("k", in: "k: \(decomposed)\n")) == nil)
    }
}
