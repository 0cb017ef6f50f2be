import JSON
import Testing

/// JSON written as bytes is byte for byte the text form: the output `run` writes did not change
/// when it stopped building strings.
@Suite struct JSONValueBytesTests {
    static let values: [JSONValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(-7), .int(Int.max), .int(Int.min),
        .double(1.5), .double(-2), .double(1e300), .double(.nan), .double(0.1),
        .string(""), .string("plain"), .string("quote \" backslash \\ slash /"),
        .string("controls \n\r\t\u{0}\u{1}\u{1F}\u{7F} end"), .string("보고서 ทำงาน 👨‍👩‍👧 مرحبا"),
        .array([]), .object([]),
        .object([
            .init("tasks", .array([.object([.init("title", .string("a\u{1B}[2J")), .init("n", .int(3))])])),
            .init("ké\"y", .array([.null, .bool(true), .double(3.25)])),
        ]),
    ]

    @Test(arguments: values)
    func bytesAreTheText(_ value: JSONValue) {
        var bytes: [UInt8] = [0x41]  // appended to what is there
        value.write(to: &bytes)
        #expect(bytes == [0x41] + Array(value.description.utf8))
    }

    @Test func controlsAreEscapedAsRFC8259Requires() {
        var bytes: [UInt8] = []
        JSONValue.string("\u{0}\u{1F}\"\\\n").write(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""\u0000\u001f\"\\\n""#)
    }

    /// What a terminal acts on although JSON may carry it raw (DEL, C1, the bidi controls, U+2028)
    /// is escaped wherever it falls, in the eight-byte runs too; text like it is left alone.
    @Test(arguments: [
        ("\u{7F}", #""\u007f""#), ("abcdefgh\u{9B}31m", #""abcdefgh\u009b31m""#),
        ("x\u{202E}y", #""x\u202ey""#), ("12345678\u{2066}\u{2069}", #""12345678\u2066\u2069""#),
        ("\u{200E}\u{200F}\u{61C}\u{2028}\u{2029}", #""\u200e\u200f\u061c\u2028\u2029""#),
        ("“quoted” – ±½ نص ‐ 12345678", "\"“quoted” – ±½ نص ‐ 12345678\""),
        ("\u{C2}\u{A0}\u{2030}", "\"\u{C2}\u{A0}\u{2030}\""),
    ])
    func terminalActiveCharactersAreEscaped(text: String, json: String) {
        var bytes: [UInt8] = []
        JSONValue.string(text).write(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == json)
        #expect(JSONValue.string(text).description == json)
    }
}
