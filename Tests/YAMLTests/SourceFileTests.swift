import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

@Suite struct SourceFileTests {
    /// A text with every line break libyaml counts, a multi-byte character and no final break.
    static let text = "a: 1\r\nb: é\rc: 3\u{85}d: 4\u{2028}e: [5\n\nf: 6"

    /// A file above the in-memory size is left in its file, and quotes the same lines, counts the
    /// same lines and parses to the same documents as the text read into memory.
    @Test func aLargeFileIsLeftInItsFileAndReadsAlike() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("big.yaml").path
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
        let inFile = try SourceText.read(path: path, inMemoryUpTo: 4)
        let inMemory = try SourceText.read(path: path)
        let file = try #require(inFile.file)
        #expect(inMemory.file == nil)
        #expect(inFile.byteCount == inMemory.bytes.count)
        #expect(file.lineCount == 7)
        for line in 0...3 { #expect(inFile.line(line) == inMemory.line(line), "line \(line)") }
        #expect(!file.isRead)
        // After a few lines quoted one by one, the text is read whole once and kept.
        for line in 4...9 { #expect(inFile.line(line) == inMemory.line(line), "line \(line)") }
        #expect(file.isRead)
        let location = SourceLocation(line: 9, column: 1)
        #expect(inFile.inside(location) == inMemory.inside(location))
        // The same syntax error, at the same place, quoting the same line.
        let error = try #require(Self.error(inFile))
        let expected = try #require(Self.error(inMemory))
        #expect(error.message == expected.message)
        #expect(error.location == expected.location)
        #expect(error.sourceLine == expected.sourceLine)
    }

    /// A file changed after it was opened is not read again: its lines are not quoted (rather than
    /// quoting text the parser never saw), and parsing it fails saying so.
    @Test func aChangedFileIsNotQuoted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("big.yaml").path
        try Data("a: 1\nb: 2\n".utf8).write(to: URL(fileURLWithPath: path))
        let source = try SourceText.read(path: path, inMemoryUpTo: 4)
        try Data("a: 1\nb: 22\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(source.line(1) == nil)
        #expect(source.file?.lineCount == nil)
        #expect(source.bytes.isEmpty)
        let error = try #require(Self.error(source))
        #expect(error.code == .fileUnreadable)
        #expect(error.message == "changed or went away while being read")
    }

    static func error(_ source: SourceText) -> Diagnostic? {
        do {
            _ = try YAMLLoader().load(source)
            return nil
        } catch {
            return error
        }
    }

    /// UTF-16 text is decoded in memory whatever its size.
    @Test func wideTextIsHeldInMemory() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("wide.yaml").path
        try Data([0xFF, 0xFE] + Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: URL(fileURLWithPath: path))
        let source = try SourceText.read(path: path, inMemoryUpTo: 4)
        #expect(source.file == nil)
        #expect(source.bytes == Array("a: 1\n".utf8))
    }
}
