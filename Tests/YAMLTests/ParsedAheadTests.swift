import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

/// An input parsed on a thread of its own, ahead of composing (`YAMLLimits.parseAheadSize`), comes
/// to what the same input parsed in place comes to: the same documents, or the same diagnostic, at
/// every point libyaml or the composer can stop, batch boundaries included.
@Suite struct ParsedAheadTests {
    /// Limits that parse every input ahead, and limits that parse none so.
    static func limits(ahead: Bool, maxDepth: Int = 512) -> YAMLLimits {
        var limits = YAMLLimits(maxDepth: maxDepth)
        limits.parseAheadSize = ahead ? 0 : Int.max
        return limits
    }

    /// What loading `source` comes to: its documents as JSON, or the diagnostic.
    static func outcome(_ source: SourceText, ahead: Bool, maxDepth: Int = 512) -> Result<String, Diagnostic>
    {
        Result { () throws(Diagnostic) in
            try YAMLLoader(limits: limits(ahead: ahead, maxDepth: maxDepth)).load(source)
                .map(JSONWriter.json).joined(separator: "\n")
        }
    }

    static func expectAlike(
        _ text: String, maxDepth: Int = 512, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let source = Loading.source(text)
        let ahead = outcome(source, ahead: true, maxDepth: maxDepth)
        let inPlace = outcome(source, ahead: false, maxDepth: maxDepth)
        #expect(ahead == inPlace, sourceLocation: sourceLocation)
    }

    /// Every case of the YAML test suite, valid or not.
    @Test func everySuiteCaseComesToTheSame() throws {
        let cases = try ConformanceTests.cases()
        #expect(cases.count == 402)
        var differing: [String] = []
        for testCase in cases {
            let bytes = try [UInt8](Data(contentsOf: testCase.directory.appendingPathComponent("in.yaml")))
            let source = SourceText(name: testCase.id + "/in.yaml", bytes: bytes)
            if Self.outcome(source, ahead: true) != Self.outcome(source, ahead: false) {
                differing.append(testCase.id)
            }
        }
        #expect(differing.isEmpty, "parsed ahead, these come to something else: \(differing)")
    }

    /// `count` items of a sequence: several batches of events (a batch is 2,048).
    static func items(_ count: Int) -> String {
        (0..<count).map { "- {id: w\($0), kind: TaskWidget, n: \($0)}\n" }.joined()
    }

    /// A valid input of many batches, and each kind of stop placed just before, at and just after
    /// a batch boundary and at the end: a syntax error (libyaml's), a duplicate key (the
    /// composer's), too deep a nesting, and an undefined alias.
    @Test(arguments: [1, 254, 255, 256, 511, 512, 1500])
    func aStopAnywhereComesToTheSame(items count: Int) {
        // Each item is eight events, after the three that open the stream, the document and the
        // sequence: 255 items end 5 events before the first batch does, 256 end 3 after.
        let list = Self.items(count)
        Self.expectAlike(list)
        Self.expectAlike(list + "- [unclosed\n")
        Self.expectAlike(list + "- {a: 1, a: 2}\n")
        Self.expectAlike(
            list + "- " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n",
            maxDepth: 20)
        Self.expectAlike(list + "- *nowhere\n")
        Self.expectAlike(list + "- \"bad escape \\q\"\n" + list)
    }

    /// A document too deep stops at the limit, whatever libyaml has parsed ahead of it.
    @Test func aDeepDocumentStopsAtTheLimit() throws {
        let text = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let diagnostic = try #require(Loading.error(text, limits: Self.limits(ahead: true)))
        #expect(diagnostic.code == .yamlDepthLimit)
        #expect(diagnostic.location == SourceLocation(line: 1, column: 513))
        Self.expectAlike(text)
    }

    /// Bytes that are not UTF-8, past the first batches: the reader's error, at the same offset.
    @Test func invalidUTF8ComesToTheSame() throws {
        let bytes = Array(Self.items(1000).utf8) + [0x2D, 0x20, 0xC3, 0x28, 0x0A]
        let ahead = try #require(Loading.error(bytes: bytes, limits: Self.limits(ahead: true)))
        #expect(ahead.code == .yamlEncoding)
        #expect(ahead == Loading.error(bytes: bytes, limits: Self.limits(ahead: false)))
    }

    /// A file left in its file (read by libyaml's read handler, on the parser thread) parses to
    /// the same as the same text in memory.
    @Test func aFileLeftInItsFileComesToTheSame() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("big.yaml").path
        for text in [Self.items(3000), Self.items(3000) + "- {a: 1, a: 2}\n", Self.items(3000) + "- [\n"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let inFile = try SourceText.read(path: path, inMemoryUpTo: 16)
            #expect(inFile.file != nil)
            let inMemory = try SourceText.read(path: path)
            #expect(Self.outcome(inFile, ahead: true) == Self.outcome(inMemory, ahead: false))
        }
    }
}
