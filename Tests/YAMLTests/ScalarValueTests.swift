import Testing

@testable import YAML

@Suite struct ScalarValueTests {
    @Test(arguments: [
        ("42", Tag.int, ScalarValue.int(42)),
        ("-0", Tag.int, .int(0)),
        ("+12", Tag.int, .int(12)),
        ("0o17", Tag.int, .int(15)),
        ("0x1F", Tag.int, .int(31)),
        ("123456789012345678901234567890", Tag.int, .bigInt("123456789012345678901234567890")),
        ("0xFFFFFFFFFFFFFFFFFF", Tag.int, .bigInt("4722366482869645213695")),
        ("1", Tag.float, .float(1)),
        ("1e3", Tag.float, .float(1000)),
        ("-1.", Tag.float, .float(-1)),
        ("0x10", Tag.float, .float(16)),
        ("123456789012345678901234567890", Tag.float, .float(1.2345678901234568e29)),
        (".INF", Tag.float, .float(.infinity)),
        ("-.inf", Tag.float, .float(-.infinity)),
        ("TRUE", Tag.bool, .bool(true)),
        ("False", Tag.bool, .bool(false)),
        ("", Tag.null, .null),
        ("Null", Tag.null, .null),
        ("abc", Tag.str, .string("abc")),
        ("42", Tag.str, .string("42")),
        ("x", Tag(rawValue: "!foo"), .string("x")),
    ])
    func parse(text: String, tag: Tag, value: ScalarValue) {
        #expect(ScalarValue.parse(text, tag: tag) == value)
    }

    @Test(arguments: [
        ("abc", Tag.int),
        ("", Tag.int),
        ("1.5", Tag.int),
        ("0x", Tag.int),
        ("1_000", Tag.int),
        ("abc", Tag.float),
        ("", Tag.float),
        ("-.nan", Tag.float),
        ("yes", Tag.bool),
        ("tRUE", Tag.bool),
        ("", Tag.bool),
        ("x", Tag.null),
        ("none", Tag.null),
    ])
    func parseRejectsTextNotOfTheTagsForm(text: String, tag: Tag) {
        #expect(ScalarValue.parse(text, tag: tag) == nil)
    }

    @Test(arguments: [
        ("10000000000000000", UInt64(16), "18446744073709551616"),
        ("ffffffffffffffffffffffffffffffff", UInt64(16), "340282366920938463463374607431768211455"),
        (
            "10000000000000000000000000000000000000000", UInt64(16),
            "1461501637330902918203684832716283019655932542976"
        ),
        ("0000000000000000010000000000000000", UInt64(16), "18446744073709551616"),
        ("2000000000000000000000", UInt64(8), "18446744073709551616"),
        ("7777777777777777777777", UInt64(8), "73786976294838206463"),
        // Exactly 10^19 and 10^38: chunks of nineteen zeros.
        ("8ac7230489e80000", UInt64(16), "10000000000000000000"),
        ("4b3b4ca85a86c47a098a224000000000", UInt64(16), "100000000000000000000000000000000000000"),
    ])
    func bigIntegerConversion(digits: String, radix: UInt64, decimal: String) {
        #expect(ScalarValue.bigInteger(Substring(digits), radix: radix) == .bigInt(decimal))
    }

    @Test func bigDecimalIntegersKeepTheirDigits() {
        #expect(
            ScalarValue.integer("-00123456789012345678901234567890")
                == .bigInt("-123456789012345678901234567890"))
        #expect(ScalarValue.integer("+99999999999999999999") == .bigInt("99999999999999999999"))
        #expect(ScalarValue.integer("-0000000000000000000000000001") == .int(-1))
    }

    @Test func nanParsesAsNaN() throws {
        guard case .float(let value)? = ScalarValue.parse(".NaN", tag: .float) else {
            Issue.record("expected a float")
            return
        }
        #expect(value.isNaN)
    }

    @Test func nodeScalarValues() throws {
        let root = try Loading.document(
            """
            int: 0x10
            float: 2.5
            bool: true
            nothing: ~
            string: hello
            quoted: "12"
            custom: !foo 12
            list: [a]
            """
        )
        #expect(root["int"]?.scalarValue == .int(16))
        #expect(root["float"]?.scalarValue == .float(2.5))
        #expect(root["bool"]?.scalarValue == .bool(true))
        #expect(root["nothing"]?.scalarValue == .null)
        #expect(root["string"]?.scalarValue == .string("hello"))
        #expect(root["quoted"]?.scalarValue == .string("12"))
        #expect(root["custom"]?.scalarValue == .string("12"))
        #expect(root["list"] != nil)
        #expect(root["list"]?.scalarValue == nil)
        #expect(root.scalarValue == nil)
    }
}
