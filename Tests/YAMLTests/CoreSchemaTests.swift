import Testing

@testable import YAML

@Suite struct CoreSchemaTests {
    func resolve(_ text: String) -> CoreTag {
        var text = text
        return text.withUTF8 { CoreSchema.resolve(plain: $0) }
    }

    @Test(arguments: ["null", "Null", "NULL", "~", ""])
    func nullForms(text: String) {
        #expect(resolve(text) == .null)
    }

    @Test(arguments: ["true", "True", "TRUE", "false", "False", "FALSE"])
    func booleanForms(text: String) {
        #expect(resolve(text) == .bool)
    }

    /// YAML 1.1 booleans and odd case forms are strings in the 1.2 core schema.
    @Test(arguments: [
        "tRUE", "fALSE", "TRue", "yes", "no", "on", "off", "NO", "Yes", "y", "n", "Y", "N", "nULL", "nul",
        "None", "~~", "truex",
    ])
    func notBooleansOrNulls(text: String) {
        #expect(resolve(text) == .str)
    }

    @Test(arguments: ["0", "42", "+12", "-0", "-17", "007", "0o17", "0o0", "0x1F", "0xff", "0xAbC"])
    func integers(text: String) {
        #expect(resolve(text) == .int)
    }

    @Test(arguments: [
        "0o8", "0xG", "1_000", "0x", "0o", "-", "+", "0b101", "-0x1F", "+0o17", "12abc", "1.2.3", "0x1F.5",
    ])
    func notIntegers(text: String) {
        #expect(resolve(text) == .str)
    }

    @Test(arguments: [
        "1.5", "-1.", ".5", "1e3", "1.2E-3", "+1.5e+2", "1E3", "-.5", "0.", ".inf", ".Inf", ".INF", "-.inf",
        "-.Inf", "+.INF", ".nan", ".NaN", ".NAN",
    ])
    func floats(text: String) {
        #expect(resolve(text) == .float)
    }

    @Test(arguments: [
        ".", "e3", "1e", "1e+", ".infinity", "-.nan", "+.nan", "inf", "nan", "..5", "1.5.", ".e3", "-.",
        "1e3.5",
        ".iNF", ".nAn",
    ])
    func notFloats(text: String) {
        #expect(resolve(text) == .str)
    }

    @Test func plainMergeKey() {
        #expect(resolve("<<") == .merge)
        #expect(resolve("<") == .str)
        #expect(resolve("<<<") == .str)
    }

    /// What a plain scalar means once composed and written as JSON.
    @Test(arguments: [
        ("null", "null"),
        ("~", "null"),
        ("", "null"),
        ("TRUE", "true"),
        ("False", "false"),
        ("tRUE", #""tRUE""#),
        ("yes", #""yes""#),
        ("off", #""off""#),
        ("NO", #""NO""#),
        ("0", "0"),
        ("+12", "12"),
        ("-0", "0"),
        ("-17", "-17"),
        ("007", "7"),
        ("0o17", "15"),
        ("0x1F", "31"),
        ("0o8", #""0o8""#),
        ("0xG", #""0xG""#),
        ("1_000", #""1_000""#),
        ("1.5", "1.5"),
        ("-1.", "-1.0"),
        (".5", "0.5"),
        ("1e3", "1000.0"),
        ("1.2E-3", "0.0012"),
        ("+1.5e+2", "150.0"),
        (".inf", #"".inf""#),
        ("-.Inf", #""-.inf""#),
        ("+.INF", #"".inf""#),
        (".nan", #"".nan""#),
        (".NaN", #"".nan""#),
        (".", #"".""#),
        ("e3", #""e3""#),
        ("1e", #""1e""#),
        (".infinity", #"".infinity""#),
    ])
    func composedPlainScalars(text: String, json: String) throws {
        #expect(try Loading.json("value: \(text)") == #"{"value":"# + json + "}")
    }

    @Test(arguments: [
        ("'null'", #""null""#),
        (#""true""#, #""true""#),
        ("'42'", #""42""#),
        (#""1.5""#, #""1.5""#),
        ("'~'", #""~""#),
        (#""""#, #""""#),
        ("'.inf'", #"".inf""#),
        ("'<<'", #""<<""#),
        ("|\n  42\n", #""42\n""#),
        (">\n  true\n", #""true\n""#),
    ])
    func quotedAndBlockScalarsAreStrings(text: String, json: String) throws {
        let node = try #require(try Loading.document("value: \(text)")["value"])
        #expect(node.tag == .str)
        #expect(JSONWriter.json(node) == json)
    }

    @Test(arguments: [
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("-123456789012345678901234567890", "-123456789012345678901234567890"),
        ("+123456789012345678901234567890", "123456789012345678901234567890"),
        ("000123456789012345678901234567890", "123456789012345678901234567890"),
        ("0xFFFFFFFFFFFFFFFFFF", "4722366482869645213695"),
        ("0o7777777777777777777777", "73786976294838206463"),
        ("9223372036854775807", "9223372036854775807"),
        ("9223372036854775808", "9223372036854775808"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("-9223372036854775809", "-9223372036854775809"),
    ])
    func integersBeyond64BitsKeepEveryDigit(text: String, json: String) throws {
        let node = try Loading.document(text)
        #expect(node.tag == .int)
        #expect(JSONWriter.json(node) == json)
    }

    /// Octal and hexadecimal integers resolve to integers whatever their length (the composer
    /// refuses those over ``CoreSchema/maxRadixDigits`` digits: see RoughEdgeTests).
    @Test func radixIntegersOfAnyLengthAreIntegers() throws {
        #expect(resolve("0x" + String(repeating: "F", count: 65)) == .int)
        #expect(resolve("0o" + String(repeating: "7", count: 5000)) == .int)
        #expect(
            try Loading.json("0x" + String(repeating: "F", count: 64))
                == "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        )
        #expect(
            try Loading.json("0o" + String(repeating: "7", count: 64))
                == "6277101735386680763835789423207666416102355444464034512895"
        )
    }

    /// Hostile scalars (a megabyte of digits) load and write in linear time.
    @Test(arguments: [
        String(repeating: "9", count: 1_000_000),
        "-" + String(repeating: "0", count: 1_000) + String(repeating: "9", count: 1_000_000),
        "1." + String(repeating: "1", count: 1_000_000),
    ])
    func megabyteNumbersAreFast(text: String) throws {
        let clock = ContinuousClock()
        var json = ""
        let elapsed = try clock.measure {
            // As a key too: duplicate checks compare keys by value.
            json = try Loading.json("? \(text)\n: a\nb: \(text)\n")
        }
        #expect(json.count > 1_000_000)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }

    @Test func sixtyFourBitBoundaries() throws {
        #expect(try Loading.document("9223372036854775807").scalarValue == .int(Int.max))
        #expect(try Loading.document("-9223372036854775808").scalarValue == .int(Int.min))
        #expect(try Loading.document("9223372036854775808").scalarValue == .bigInt("9223372036854775808"))
        #expect(try Loading.document("0xFFFFFFFFFFFFFFFF").scalarValue == .bigInt("18446744073709551615"))
        #expect(try Loading.document("0x7FFFFFFFFFFFFFFF").scalarValue == .int(Int.max))
    }
}
