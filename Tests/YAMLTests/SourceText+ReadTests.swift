import Diagnostics
import Foundation
import TestSupport
import Testing
import YAML

@Suite struct SourceTextReadTests {
    /// A fresh temporary directory, removed after `body`.
    func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        try body(directory.url)
    }

    func readError(_ path: String, limit: Int = 64 << 20) -> Diagnostic? {
        do {
            _ = try SourceText.read(path: path, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsAFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("widgets.yaml").path
            let bytes: [UInt8] = Array("a: é\n".utf8) + [0xFF]
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let source = try SourceText.read(path: path)
            #expect(source.name == path)
            #expect(source.bytes == bytes)
        }
    }

    @Test func readsAnEmptyFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("empty.yaml").path
            try Data().write(to: URL(fileURLWithPath: path))
            let source = try SourceText.read(path: path)
            #expect(source.bytes.isEmpty)
            #expect(try YAMLLoader().load(source).isEmpty)
        }
    }

    /// Larger than the 64 KiB read chunk.
    @Test func readsAFileLargerThanOneChunk() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("large.yaml").path
            let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try SourceText.read(path: path).bytes == bytes)
        }
    }

    @Test func missingFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("missing.yaml").path
            let diagnostic = try #require(readError(path))
            #expect(diagnostic.code.rawValue == "file.unreadable")
            #expect(diagnostic.file == path)
            #expect(diagnostic.location == nil)
            #expect(diagnostic.message == "no such file")
            #expect(diagnostic.description == "\(path): error: no such file")
        }
    }

    @Test func missingDirectory() throws {
        let diagnostic = try #require(readError("/nonexistent-widgethost-directory/widgets.yaml"))
        #expect(diagnostic.code.rawValue == "file.unreadable")
        #expect(diagnostic.file == "/nonexistent-widgethost-directory/widgets.yaml")
    }

    @Test func directory() throws {
        try withTemporaryDirectory { directory in
            let diagnostic = try #require(readError(directory.path))
            #expect(diagnostic.code.rawValue == "file.is-directory")
            #expect(diagnostic.file == directory.path)
            #expect(diagnostic.message == "is a directory, not a file")
        }
    }

    @Test func sizeLimit() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("big.yaml").path
            try Data(Array("a: 1234567".utf8)).write(to: URL(fileURLWithPath: path))
            #expect(try SourceText.read(path: path, limit: 10).bytes.count == 10)
            let diagnostic = try #require(readError(path, limit: 9))
            #expect(diagnostic.code.rawValue == "yaml.input-too-large")
            #expect(diagnostic.file == path)
            #expect(diagnostic.message == "input is 10 bytes, over the limit of 9 bytes")
        }
    }
}
