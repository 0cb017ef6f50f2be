import JSON
import Testing

@Suite struct JSONValueTests {
    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.int(0), "0"),
        (.int(-42), "-42"),
        (.int(Int.max), "9223372036854775807"),
        (.int(Int.min), "-9223372036854775808"),
    ])
    func scalarText(_ value: JSONValue, _ text: String) {
        #expect(value.description == text)
    }

    @Test(arguments: [
        (1.0, "1.0"),
        (0.5, "0.5"),
        (-2.25, "-2.25"),
        (0.1, "0.1"),
        (100.0, "100.0"),
        (-3.0, "-3.0"),
        (123_456_789_012_345.0, "123456789012345.0"),
        (1e15, "1000000000000000.0"),
        (1e16, "1e+16"),
        (1e-7, "1e-07"),
        (1.5e300, "1.5e+300"),
        (Double.infinity, "null"),
        (-Double.infinity, "null"),
        (Double.nan, "null"),
    ])
    func doubleText(_ value: Double, _ text: String) {
        #expect(JSONValue.double(value).description == text)
    }

    @Test(arguments: [
        ("", #""""#),
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"C:\temp"#, #""C:\\temp""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("\u{0}\u{1}\u{8}\u{C}\u{1F}", #""\u0000\u0001\u0008\u000c\u001f""#),
        ("/ and \u{7F}", #""/ and \u007f""#),
        ("é ✓ 😀", "\"é ✓ 😀\""),
    ])
    func stringEscapes(_ string: String, _ text: String) {
        #expect(JSONValue.string(string).description == text)
    }

    @Test func nestedValuesKeepMemberOrder() {
        let value = JSONValue.object([
            .init("zeta", .int(1)),
            .init("alpha", .array([.int(1), .double(2.5), .string("x"), .null, .bool(true)])),
            .init("middle", .object([.init("b", .object([])), .init("a", .array([]))])),
        ])
        #expect(
            value.description
                == #"{"zeta":1,"alpha":[1,2.5,"x",null,true],"middle":{"b":{},"a":[]}}"#
        )
    }

    @Test func keysAreEscapedLikeStrings() {
        let value = JSONValue.object([.init("a\"b\n", .int(1))])
        #expect(value.description == #"{"a\"b\n":1}"#)
    }

    @Test func writeAppendsToExistingText() {
        var output = "data: "
        JSONValue.array([.int(1), .int(2)]).write(to: &output)
        #expect(output == "data: [1,2]")
    }

    @Test func subscriptReadsAMemberOfAnObject() {
        let value = JSONValue.object([.init("a", .int(1)), .init("b", .string("two"))])
        #expect(value["a"] == .int(1))
        #expect(value["b"] == .string("two"))
        #expect(value["c"] == nil)
    }

    @Test(arguments: [JSONValue.null, .int(1), .string("a"), .array([.object([.init("a", .int(1))])])])
    func subscriptOfANonObjectIsNil(_ value: JSONValue) {
        #expect(value["a"] == nil)
    }

    @Test func duplicateKeysAreKeptAndTheFirstIsRead() {
        let value = JSONValue.object([.init("a", .int(1)), .init("a", .int(2))])
        #expect(value.description == #"{"a":1,"a":2}"#)
        #expect(value["a"] == .int(1))
        #expect(value.removing("a") == .object([]))
    }

    @Test func removingDropsOneKeyAndKeepsTheOrder() {
        let value = JSONValue.object([
            .init("date", .string("2026-11-29T12:00:00Z")), .init("z", .int(1)), .init("a", .int(2)),
        ])
        #expect(value.removing("date").description == #"{"z":1,"a":2}"#)
        #expect(value.removing("missing") == value)
    }

    @Test(arguments: [JSONValue.null, .int(1), .array([.int(1)])])
    func removingFromANonObjectChangesNothing(_ value: JSONValue) {
        #expect(value.removing("a") == value)
    }

    @Test func typedAccessors() {
        #expect(JSONValue.string("a").stringValue == "a")
        #expect(JSONValue.int(1).stringValue == nil)
        #expect(JSONValue.bool(true).boolValue == true)
        #expect(JSONValue.int(1).boolValue == nil)
        #expect(JSONValue.int(7).intValue == 7)
        #expect(JSONValue.double(7).intValue == 7)
        #expect(JSONValue.double(-3).intValue == -3)
        #expect(JSONValue.double(7.5).intValue == nil)
        #expect(JSONValue.double(1e19).intValue == nil)
        #expect(JSONValue.double(.nan).intValue == nil)
        #expect(JSONValue.string("7").intValue == nil)
        #expect(JSONValue.bool(true).intValue == nil)
    }

    @Test func integersAndDoublesAreDistinctValues() {
        #expect(JSONValue.int(1) != JSONValue.double(1))
        #expect(JSONValue.object([.init("a", .int(1))]) != JSONValue.object([.init("A", .int(1))]))
        #expect(
            JSONValue.object([.init("a", .int(1)), .init("b", .int(2))])
                != JSONValue.object([.init("b", .int(2)), .init("a", .int(1))])
        )
    }
}
