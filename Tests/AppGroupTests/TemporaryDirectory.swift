import Foundation

/// A fresh directory under the system's temporary directory, removed when the last reference goes,
/// so every test has a container of its own and tests run in parallel.
final class TemporaryDirectory: Sendable {
    /// The directory.
    let url: URL

    /// Creates an empty directory with a unique name.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-appgroup-" + UUID().uuidString, isDirectory: true)
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
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `bytes` to the file `name` inside the directory.
    @discardableResult
    func file(_ name: String, bytes: [UInt8]) throws -> URL {
        let fileURL = url.appendingPathComponent(name)
        try Data(bytes).write(to: fileURL)
        return fileURL
    }
}
