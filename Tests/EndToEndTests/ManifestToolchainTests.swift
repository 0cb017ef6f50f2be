import Foundation
import TestSupport
import Testing

/// Package.swift finds the toolchain's SwiftSyntax, which `#Preview`'s compiler plugin is built
/// on, through the PackageDescription library the manifest runs with: a `swift` started by its
/// full path, with no `swiftc` on the PATH (a service's or a script's bare environment), still
/// declares the macro target.
@Suite struct ManifestToolchainTests {
    /// The `swift` on the test's PATH (not resolved: it is a link to `swift-driver`, which acts by
    /// the name it was started as).
    static func swift() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("swift")
        }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "no swift on the PATH '\(path)'")
    }

    @Test func theMacroTargetIsDeclaredWithNoSwiftcOnThePath() throws {
        let swift = try Self.swift()
        let scratch = try TemporaryDirectory()
        // Only /usr/bin and /bin on the PATH, neither of which holds the toolchain here.
        let bare = ["PATH": "/usr/bin:/bin", "HOME": scratch.path("home")]
        try #require(
            !FileManager.default.isExecutableFile(atPath: "/usr/bin/swiftc")
                && !FileManager.default.isExecutableFile(atPath: "/bin/swiftc"),
            "a swiftc in /usr/bin or /bin would hide what this test checks")
        // Its own scratch folder: `swift test`'s `.build` stays untouched.
        let dumped = try LaunchedProcess(
            swift, ["package", "--scratch-path", scratch.path("build"), "dump-package"],
            environment: bare, directory: TemporaryDirectory.repositoryURL
        ).wait()
        try #require(dumped.status == 0, "\(dumped.standardError)")
        let package = try JSONText.object(dumped.standardOutput)
        let targets = package["targets"] as? [[String: Any]] ?? []
        let macros = targets.filter { $0["type"] as? String == "macro" }.compactMap { $0["name"] as? String }
        #expect(macros == ["WidgetHostMacros"])
    }
}
