import Foundation
import TestSupport
import Testing
import YAML

@Suite struct JSONWriterTests {
    @Test func escapesWhatJSONRequires() throws {
        let json = try Loading.json(#"value: "q\"b\\s/\x01\x1F\x7F\n\t\r\b\f\e""#)
        // DEL too: JSON may carry it raw, a terminal acts on it.
        #expect(json == #"{"value":"q\"b\\s/\u0001\u001f\u007f\n\t\r\u0008\u000c\u001b"}"#)
    }

    @Test func keepsNonASCIIText() throws {
        // Not U+2028, the line separator a terminal may act on: escaped.
        #expect(try Loading.json(#"value: "é😀ü\u00e9\u2028""#) == #"{"value":"é😀üé\u2028"}"#)
        #expect(try Loading.json("ключ: 値") == #"{"ключ":"値"}"#)
    }

    @Test func scalarKeysAreWrittenAsTheirText() throws {
        let json = try Loading.json(
            #"""
            1: a
            ~: x
            true: y
            0x1F: z
            1.50: f
            "a\"b": q
            ? ''
            : e
            """#
        )
        #expect(json == #"{"1":"a","~":"x","true":"y","0x1F":"z","1.50":"f","a\"b":"q","":"e"}"#)
    }

    @Test func collectionKeysAreWrittenAsJSONText() throws {
        let json = try Loading.json("? [a, 1]\n: x\n? {k: \"v\\\"\"}\n: y\n")
        #expect(json == #"{"[\"a\",1]":"x","{\"k\":\"v\\\"\"}":"y"}"#)
    }

    @Test func numbers() throws {
        let json = try Loading.json("[0, -7, 1.0, 1e3, -1.5, 0.1, 1e20, 1e-7, -0.0, !!float 2]")
        #expect(json == "[0,-7,1.0,1000.0,-1.5,0.1,1e+20,1e-07,-0.0,2.0]")
    }

    /// JSON has no infinities or NaN.
    @Test func infinitiesAndNaNAreStrings() throws {
        #expect(
            try Loading.json("[.inf, -.Inf, +.INF, .nan, .NaN]") == #"[".inf","-.inf",".inf",".nan",".nan"]"#)
    }

    @Test func nullsBooleansAndEmptyCollections() throws {
        let json = try Loading.json("{a: ~, b: , c: true, d: FALSE, e: [], f: {}, g: [[], {}]}")
        #expect(json == #"{"a":null,"b":null,"c":true,"d":false,"e":[],"f":{},"g":[[],{}]}"#)
    }

    @Test func keepsOrder() throws {
        let json = try Loading.json("z: [3, 2, 1]\na: {y: 1, b: 2}\nm: x\n")
        #expect(json == #"{"z":[3,2,1],"a":{"y":1,"b":2},"m":"x"}"#)
    }

    @Test func customTagsAreWrittenAsStrings() throws {
        #expect(try Loading.json("[!foo 12, !foo [a], !!str 1]") == #"["12",["a"],"1"]"#)
    }

    @Test func bigIntegersKeepTheirDigits() throws {
        let json = try Loading.json("[123456789012345678901234567890, 0xFFFFFFFFFFFFFFFFFF]")
        #expect(json == "[123456789012345678901234567890,4722366482869645213695]")
    }

    @Test func writeAppends() throws {
        var output = "prefix "
        JSONWriter.write(try Loading.document("[1]"), to: &output)
        JSONWriter.write(try Loading.document("{a: b}"), to: &output)
        #expect(output == #"prefix [1]{"a":"b"}"#)
    }

    /// The output of a document using everything the writer does is valid JSON.
    @Test func outputParsesAsJSON() throws {
        let json = try Loading.json(
            #"""
            text: "tab\tquote\"nul\0"
            numbers: [1, -2.5, 1e20, .inf, .nan, 123456789012345678901234567890]
            ? [k]
            : v
            1: ~
            base: &b {a: 1}
            merged: {<<: *b, c: [*b]}
            """#
        )
        let parsed = try JSONText.object(json)
        #expect(parsed["text"] as? String == "tab\tquote\"nul\0")
        #expect(Set(parsed.keys) == ["text", "numbers", "[\"k\"]", "1", "base", "merged"])
        #expect((parsed["numbers"] as? [Any])?.count == 6)
    }

    /// The writer is iterative: 10,000 levels do not overflow the stack.
    @Test func veryDeepNesting() throws {
        let depth = 10_000
        let limits = YAMLLimits(maxDepth: depth)
        let sequences = String(repeating: "- ", count: depth) + "x\n"
        let expected = String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth)
        #expect(try Loading.json(sequences, limits: limits) == expected)

        let mappings = String(repeating: "{a: ", count: depth) + "x" + String(repeating: "}", count: depth)
        let expectedMappings =
            String(repeating: #"{"a":"#, count: depth) + "\"x\"" + String(repeating: "}", count: depth)
        #expect(try Loading.json(mappings, limits: limits) == expectedMappings)
    }
}
