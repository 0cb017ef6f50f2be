import Diagnostics
import Foundation
import Testing

/// UTF-16 and UTF-32 sources are kept as UTF-8, so a diagnostic quotes the decoded line with the
/// caret under the right column instead of raw bytes with zeros in them.
@Suite struct SourceTextEncodingTests {
    static let text = "a: 1\nkey: 보고서 value\n"

    static func encoded(_ encoding: String.Encoding, bom: [UInt8]) -> [UInt8] {
        bom + [UInt8](Self.text.data(using: encoding) ?? Data())
    }

    @Test(arguments: [
        (String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE])),
        (.utf16BigEndian, [0xFE, 0xFF]),
        (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
        (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
        (.utf16LittleEndian, []), (.utf16BigEndian, []), (.utf32LittleEndian, []), (.utf32BigEndian, []),
    ])
    func wideTextIsReadAsUTF8(encoding: String.Encoding, bom: [UInt8]) {
        let source = SourceText(name: "w.yaml", bytes: Self.encoded(encoding, bom: bom))
        #expect(source.bytes == Array(Self.text.utf8))
        #expect(source.line(2) == "key: 보고서 value")
        let rendered = DiagnosticRenderer(color: false).render(
            source.diagnostic(
                at: SourceLocation(line: 2, column: 10), code: FailureCode("c", .invalidInput), message: "m"))
        #expect(rendered == "w.yaml:2:10: error: m\nkey: 보고서 value\n            ^\n")
    }

    @Test func utf8AndInvalidWideTextAreKeptAsTheyAre() {
        let utf8 = Array("key: value\n".utf8)
        #expect(SourceText(name: "a", bytes: utf8).bytes == utf8)
        // A lone surrogate is not UTF-16: the parser reports where it goes wrong.
        let broken: [UInt8] = [0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]
        #expect(SourceText(name: "b", bytes: broken).bytes == broken)
        #expect(SourceText(name: "c", bytes: []).bytes == [])
        #expect(SourceText(name: "d", bytes: [0x41]).bytes == [0x41])
    }
}
