import JSON
import Testing

@Suite struct JSONValueParsingTests {
    @Test func membersKeepTheirOrderAndTypes() throws {
        let value = try JSONValue(parsing: #" {"b": 1, "a": [true, null, -2.5e1, "x\u00e9\n"], "c": {}} "#)
        #expect(
            value
                == .object([
                    .init("b", .int(1)),
                    .init("a", .array([.bool(true), .null, .double(-25), .string("xé\n")])),
                    .init("c", .object([])),
                ]))
        #expect(value.description == #"{"b":1,"a":[true,null,-25.0,"xé\n"],"c":{}}"#)
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"\\x\"", "\"a\nb\"", "{} x", "'a'",
        "\"\\ud800\"", "{a:1}", "NaN", "1e999",
    ])
    func invalidTextIsRefused(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func roundTripsItsOwnOutput() throws {
        let value: JSONValue = .object([
            .init("z", .string("q\"\\\u{01}")), .init("n", .int(Int.min)), .init("d", .double(0.1)),
        ])
        #expect(try JSONValue(parsing: value.description) == value)
    }

    /// What is wrong, and where, for text broken around a collection's separators.
    @Test(arguments: [
        ("[1 2]", "expected ',' or ']' at byte 3"),
        (#"{"a":1 "b":2}"#, "expected ',' or '}' at byte 7"),
        ("[1,", "unexpected end of text at byte 3"),
        (#"{"a":1"#, "unexpected end of text at byte 6"),
        (#"{"a" 1}"#, "expected ':' at byte 5"),
        ("{1:2}", "expected a member name at byte 1"),
        (#"{"a":1,}"#, "expected a member name at byte 7"),
    ])
    func aBrokenCollectionSaysWhatAndWhere(_ text: String, _ message: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func emptyCollectionsAndSpacesAroundSeparators() throws {
        #expect(try JSONValue(parsing: " [ ] ") == .array([]))
        #expect(try JSONValue(parsing: " { } ") == .object([]))
        #expect(
            try JSONValue(parsing: #"[ 1 , { "a" : [ ] , "b" : { } } ]"#)
                == .array([.int(1), .object([.init("a", .array([])), .init("b", .object([]))])]))
    }
}
