public import Foundation

/// A fresh directory under the system's temporary directory, removed when the last reference goes,
/// so every test has files (a container, a store, fixtures) of its own and tests run in parallel.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates an empty directory with a unique name.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-tests-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // A test may have made a subdirectory read-only; make it removable again.
        if let paths = FileManager.default.subpaths(atPath: url.path) {
            for path in paths {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` as UTF-8 to the file `name` inside the directory.
    ///
    /// - Returns: The file's URL.
    @discardableResult
    public func file(_ name: String, _ text: String) throws -> URL {
        try file(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to the file `name` inside the directory.
    ///
    /// - Returns: The file's URL.
    @discardableResult
    public func file(_ name: String, bytes: [UInt8]) throws -> URL {
        let fileURL = url.appendingPathComponent(name)
        try Data(bytes).write(to: fileURL)
        return fileURL
    }

    /// Creates an empty file and opens it for writing, for a child process's output.
    public func handleForWriting(_ fileURL: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        return try FileHandle(forWritingTo: fileURL)
    }
}
