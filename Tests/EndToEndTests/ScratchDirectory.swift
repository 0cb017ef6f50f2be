import Foundation

/// A fresh directory under the system's temporary directory, removed when the last reference goes.
///
/// Each test writes its fixtures into its own, so tests run in parallel without sharing files.
final class ScratchDirectory: Sendable {
    /// The directory.
    let url: URL

    /// Creates an empty directory with a unique name.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-e2e-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` as UTF-8 to a file in the directory.
    ///
    /// - Returns: The file's URL.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> URL {
        try file(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to a file in the directory.
    ///
    /// - Returns: The file's URL.
    @discardableResult
    func file(_ name: String, bytes: [UInt8]) throws -> URL {
        let fileURL = url.appendingPathComponent(name)
        try Data(bytes).write(to: fileURL)
        return fileURL
    }

    /// Creates an empty file and opens it for writing.
    func handleForWriting(_ fileURL: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        return try FileHandle(forWritingTo: fileURL)
    }
}
