import Diagnostics
import Testing
import YAML

@Suite struct SourceTextLocationTests {
    func location(_ bytes: [UInt8], _ offset: Int) -> SourceLocation {
        SourceText(name: "test.yaml", bytes: bytes).location(ofByte: offset)
    }

    @Test(arguments: [
        ("abc", 0, 1, 1),
        ("abc", 2, 1, 3),
        ("a\nbc", 1, 1, 2),
        ("a\nbc", 2, 2, 1),
        ("a\nbc", 3, 2, 2),
        ("a\r\nbc", 1, 1, 2),
        ("a\r\nbc", 2, 1, 2),
        ("a\r\nbc", 3, 2, 1),
        ("a\rbc", 2, 2, 1),
        ("a\r\rb", 3, 3, 1),
        ("\n\n\nx", 3, 4, 1),
        ("é😀x", 2, 1, 2),
        ("é😀x", 6, 1, 3),
        ("é\né😀x", 9, 2, 3),
        ("ab", 99, 1, 3),
        ("", 0, 1, 1),
    ])
    func locationOfByte(text: String, offset: Int, line: Int, column: Int) {
        #expect(location(Array(text.utf8), offset) == SourceLocation(line: line, column: column))
    }

    /// A byte-order mark is not a character of the text: libyaml does not count it in columns.
    @Test func byteOrderMarkIsNotAColumn() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab\ncd".utf8)
        #expect(location(bytes, 3) == SourceLocation(line: 1, column: 1))
        #expect(location(bytes, 4) == SourceLocation(line: 1, column: 2))
        #expect(location(bytes, 7) == SourceLocation(line: 2, column: 2))
    }

    @Test func invalidBytesCountAsCharacters() {
        #expect(location([0x61, 0xFF, 0xFE, 0x62], 3) == SourceLocation(line: 1, column: 4))
    }
}
