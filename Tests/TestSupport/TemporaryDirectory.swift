public import Foundation
import Glibc

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
        try Self.write(bytes, to: fileURL.path)
        return fileURL
    }

    /// Writes `bytes` to the file at `path` (made with `mode`, or emptied), through a descriptor
    /// closed on exec: a process another test forks meanwhile does not keep it open for writing,
    /// which would make an executable written here fail to start (`ETXTBSY`) for as long as that
    /// process lives.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, "errno": errno])
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, "errno": errno])
            }
            offset += written
        }
    }

    /// Creates an empty file and opens it for writing, for a child process's output.
    public func handleForWriting(_ fileURL: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path])
        }
        return try FileHandle(forWritingTo: fileURL)
    }
}
