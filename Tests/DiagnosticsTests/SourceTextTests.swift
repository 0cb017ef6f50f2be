import Diagnostics
import Testing

@Suite struct SourceTextTests {
    func source(_ text: String) -> SourceText {
        SourceText(name: "test.yaml", bytes: Array(text.utf8))
    }

    @Test(arguments: [
        ("lf", "one\ntwo\nthree"),
        ("crlf", "one\r\ntwo\r\nthree"),
        ("cr", "one\rtwo\rthree"),
        ("mixed", "one\r\ntwo\rthree"),
    ])
    func linesWithEachLineBreak(name: String, text: String) {
        let source = source(text)
        #expect(source.line(1) == "one", "\(name)")
        #expect(source.line(2) == "two", "\(name)")
        #expect(source.line(3) == "three", "\(name)")
        #expect(source.line(4) == nil, "\(name)")
    }

    /// After a final line break there is one more, empty, line: where an error at the end of the
    /// input points.
    @Test(arguments: ["a\nb\n", "a\r\nb\r\n", "a\rb\r"])
    func theLineAfterAFinalBreakIsEmpty(text: String) {
        let source = source(text)
        #expect(source.line(2) == "b")
        #expect(source.line(3) == "")
        #expect(source.line(4) == nil)
    }

    @Test func emptyLinesAndOutOfRange() {
        let source = source("a\n\n\nb")
        #expect(source.line(2) == "")
        #expect(source.line(3) == "")
        #expect(source.line(4) == "b")
        #expect(source.line(0) == nil)
        #expect(source.line(-1) == nil)
        #expect(source.line(5) == nil)
        #expect(self.source("").line(1) == "")
        #expect(self.source("").line(2) == nil)
    }

    @Test func linesKeepMultiByteCharactersAndTabs() {
        let source = source("x\n\té😀: v\n")
        #expect(source.line(2) == "\té😀: v")
    }

    @Test func invalidUTF8IsReplacedNotFatal() {
        let source = SourceText(name: "bad.yaml", bytes: [0x61, 0xFF, 0x0A, 0x62])
        #expect(source.line(1) == "a\u{FFFD}")
        #expect(source.line(2) == "b")
    }

    @Test func diagnosticQuotesItsLine() {
        let source = source("a: 1\nb: oops\n")
        let diagnostic = source.diagnostic(
            at: SourceLocation(line: 2, column: 4),
            severity: .warning,
            code: FailureCode("test.code", .invalidInput),
            message: "something",
            notes: [Diagnostic.Note("see here", at: SourceLocation(line: 1, column: 1))]
        )
        #expect(diagnostic.file == "test.yaml")
        #expect(diagnostic.location == SourceLocation(line: 2, column: 4))
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.code.rawValue == "test.code")
        #expect(diagnostic.message == "something")
        #expect(diagnostic.notes == [Diagnostic.Note("see here", at: SourceLocation(line: 1, column: 1))])
        #expect(diagnostic.sourceLine == "b: oops")
    }

    @Test func diagnosticWithoutLocationQuotesNothing() {
        let diagnostic = source("a\n").diagnostic(
            at: nil, code: FailureCode("c", .invalidInput), message: "m")
        #expect(diagnostic.sourceLine == nil)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.notes.isEmpty)
        let pastTheEnd = source("a\n").diagnostic(
            at: SourceLocation(line: 9, column: 1), code: FailureCode("c", .invalidInput), message: "m")
        // A place past the end is put at the end of the last line (an empty one after "a\n"), so
        // the diagnostic is never on a line the input does not have.
        #expect(pastTheEnd.location == SourceLocation(line: 2, column: 1))
        #expect(pastTheEnd.sourceLine == "")
        let noFinalBreak = source("ab").diagnostic(
            at: SourceLocation(line: 2, column: 1), code: FailureCode("c", .invalidInput), message: "m",
            notes: [Diagnostic.Note("n", at: SourceLocation(line: 3, column: 1))])
        #expect(noFinalBreak.location == SourceLocation(line: 1, column: 3))
        #expect(noFinalBreak.notes.first?.location == SourceLocation(line: 1, column: 3))
        #expect(noFinalBreak.sourceLine == "ab")
    }
}
