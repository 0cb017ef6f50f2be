import Foundation
import TestSupport

extension TemporaryDirectory {
    /// The repository's root, found from this file's path, so tests can copy the sample config.
    static let repositoryURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `widgethost` with `arguments` in this directory, as on a machine of its own: `HOME` and
    /// `XDG_DATA_HOME` inside it and no `WIDGETHOST_STORE` from the test's environment, so nothing
    /// reads or writes the real home.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program name.
    ///   - environment: Variables set on top (`WIDGETHOST_STORE`, say).
    func widgethost(
        _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> WidgetHostProcess.Result {
        try WidgetHostProcess.run(arguments, environment: widgethostEnvironment(environment), directory: url)
    }

    /// Trusts the plugins that `paths` (plugin folders, or configurations whose plugins to take;
    /// `./config` when none) bring, as a user does once before they run: `plugins trust`.
    ///
    /// - Throws: When the command fails, with what it said.
    func trustPlugins(_ paths: [String] = [], environment: [String: String] = [:]) throws {
        let trusted = try widgethost(["plugins", "trust"] + paths, environment: environment)
        guard trusted.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: trusted.standardError])
        }
    }

    /// Copies the repository's file at `path` (relative to its root) into this directory as `name`.
    /// The sample configuration's `plugins:` entry (relative to `config/`) is made absolute, so the
    /// copy still reaches the example plugins.
    ///
    /// - Returns: The copy's URL.
    @discardableResult
    func copy(repositoryFile path: String, as name: String) throws -> URL {
        let text = try String(
            contentsOf: Self.repositoryURL.appendingPathComponent(path), encoding: .utf8)
        return try file(
            name,
            text.replacingOccurrences(
                of: "\n  - ../Plugins/Examples\n",
                with: "\n  - \(Self.repositoryURL.path)/Plugins/Examples\n"))
    }
}
