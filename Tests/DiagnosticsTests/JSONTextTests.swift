import Diagnostics
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
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{00}\u{01}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("slash / stays", #""slash / stays""#),
        ("del \u{7F} stays", "\"del \u{7F} stays\""),
        ("é😀 ключ", "\"é😀 ключ\""),
        ("é\n😀", "\"é\\n😀\""),
    ])
    func quoted(text: String, json: String) {
        #expect(JSONText.quoted(text) == json)
    }

    @Test func appendQuotedAppends() {
        var output = "{\"k\":"
        JSONText.appendQuoted("v\"", to: &output)
        output += "}"
        #expect(output == #"{"k":"v\""}"#)
    }
}
