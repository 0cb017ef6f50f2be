import JSON
import Testing

@Suite struct JSONTextTests {
    @Test(arguments: [
        ("", #""""#),
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("line\nbreak", #""line\nbreak""#),
        ("tab\there", #""tab\there""#),
        ("cr\r", #""cr\r""#),
        ("\u{08}\u{0C}", #""\u0008\u000c""#),
        ("\u{00}\u{01}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("slash / stays", #""slash / stays""#),
        // What a terminal acts on is escaped, though JSON may carry it raw: DEL, C1, bidi, U+2028.
        ("del \u{7F}", #""del \u007f""#),
        ("csi \u{9B}31m \u{85}", #""csi \u009b31m \u0085""#),
        ("a\u{202E}b\u{2066}c\u{200F}\u{61C}\u{2028}", #""a\u202eb\u2066c\u200f\u061c\u2028""#),
        ("“quotes” ±½ ن", "\"“quotes” ±½ ن\""),
        ("é😀 ключ", "\"é😀 ключ\""),
        ("é\n😀", "\"é\\n😀\""),
    ])
    func quoted(text: String, json: String) {
        #expect(JSONText.quoted(text) == json)
    }

    /// One escaping: a string reads the same whether written alone, in a value tree or through a
    /// sink, for every scalar a terminal or JSON treats specially and text around them.
    @Test func everyWriterEscapesAlike() {
        var samples = (0..<0x2100).compactMap(Unicode.Scalar.init).map { "a" + String($0) + "b" }
        samples += ["", "plain text of some length", "é😀 ключ\n", "\u{202E}\u{2066}"]
        for text in samples {
            var bytes = JSONBytes()
            bytes.string(text)
            let written = String(decoding: bytes.output, as: UTF8.self)
            #expect(JSONText.quoted(text) == written)
            #expect(JSONValue.string(text).description == written)
        }
    }

    @Test func appendQuotedAppends() {
        var output = "{\"k\":"
        JSONText.appendQuoted("v\"", to: &output)
        output += "}"
        #expect(output == #"{"k":"v\""}"#)
    }
}
