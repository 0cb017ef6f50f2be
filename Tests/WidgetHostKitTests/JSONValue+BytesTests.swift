import Testing
import WidgetHostKit

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
}
