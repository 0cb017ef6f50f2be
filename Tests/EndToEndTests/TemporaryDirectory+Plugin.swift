import Foundation
import TestSupport

extension TemporaryDirectory {
    /// Writes a plugin into the folder `path` (made with its parents): `script` as its executable
    /// `executable`, and a `plugin.yaml` naming `name` and `executable`, followed by `manifest`;
    /// then trusts it (`plugins trust`), as its author would, unless `trusted` is false.
    ///
    /// - Returns: The plugin's folder.
    @discardableResult
    func plugin(
        _ name: String,
        at path: String,
        executable: String = "plugin.py",
        script: String,
        manifest: String,
        trusted: Bool = true
    ) throws -> URL {
        let folder = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scriptURL = folder.appendingPathComponent(executable)
        // Written with its descriptor closed on exec (see ``TemporaryDirectory/write(_:to:mode:)``).
        try TemporaryDirectory.write(Array(script.utf8), to: scriptURL.path, mode: 0o755)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scriptURL.path)
        try "name: \(name)\nexecutable: \(executable)\n\(manifest)"
            .write(to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        if trusted { try trustPlugins([folder.path]) }
        return folder
    }
}
