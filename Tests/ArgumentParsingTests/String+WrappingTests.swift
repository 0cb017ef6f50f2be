import Testing

@testable import ArgumentParsing

@Suite struct StringWrappingTests {
    @Test func shortTextIsOnlyIndented() {
        #expect("short".wrapped(to: 80, wrappingIndent: 4) == "    short")
    }

    @Test func breaksAtTheLastSpaceThatFits() {
        #expect("aaa bbb ccc ddd".wrapped(to: 8) == "aaa bbb\nccc ddd")
        #expect("aaa bbb ccc ddd".wrapped(to: 10, wrappingIndent: 2) == "  aaa bbb\n  ccc ddd")
    }

    @Test func aWordLongerThanALineBreaksAtTheNextSpace() {
        #expect("abcdefghij k".wrapped(to: 5) == "abcdefghij\nk")
        #expect("abcdefghij".wrapped(to: 5) == "abcdefghij")
    }

    @Test func keepsNewlinesAndLeavesBlankLinesUnindented() {
        #expect("one\n\ntwo".wrapped(to: 80, wrappingIndent: 2) == "  one\n\n  two")
    }

    @Test func noRoomLeavesTheTextAlone() {
        #expect("text".wrapped(to: 4, wrappingIndent: 4) == "text")
    }

    @Test func hangingIndentSkipsTheFirstLine() {
        #expect("a\nb\n\nc".hangingIndented(by: 3) == "a\n   b\n\n   c")
        #expect("".hangingIndented(by: 3) == "")
    }
}
