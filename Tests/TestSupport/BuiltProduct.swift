public import Foundation

/// The executables SwiftPM built for the package, found next to the running tests, so a test runs
/// the binary a user would.
public enum BuiltProduct {
    /// The executable product `name` (`widgethost`, `taskwidget-plugin`, ...).
    ///
    /// On Linux `Bundle.main` is the test runner, whose directory holds every product; on macOS the
    /// tests live in an `.xctest` bundle inside that directory.
    ///
    /// - Returns: The first candidate that is an executable file, else the one beside the runner
    ///   (so a missing build fails with a path in its message).
    public static func url(_ name: String) -> URL {
        var directories: [URL] = Bundle.allBundles
            .filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        directories.append(Bundle.main.bundleURL)
        if let runner = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: runner).deletingLastPathComponent())
        }
        let candidates = directories.map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates[candidates.count - 1]
    }
}
