public import Diagnostics
import Foundation
import YAML

/// A plugin folder's `plugin.yaml`: the plugin's name, its executable (relative to the folder),
/// optional arguments, optional per-method timeouts in seconds (at most ten minutes), the widget
/// kinds it serves (required: the host starts a plugin only for a kind or intent its manifest
/// lists) and the intents it serves (none when absent). Its handshake must declare exactly those.
///
/// ```yaml
/// name: python-clock
/// executable: clock.py
/// arguments: [--verbose]
/// timeouts: {timeline: 3}
/// kinds: [PythonClock]
/// intents: [ChimeIntent]
/// ```
public struct PluginManifest: Sendable, Hashable {
    /// The file name a plugin folder holds.
    public static let fileName = "plugin.yaml"
    static let keys = ["name", "executable", "arguments", "timeouts", "kinds", "intents"]

    /// The plugin's name, used in every message about it.
    public var name: String
    /// The plugin folder.
    public var folder: String
    /// The manifest's path.
    public var path: String
    /// The executable's absolute path.
    public var executable: String
    /// The arguments it is started with.
    public var arguments: [String] = []
    /// The request deadlines.
    public var timeouts = PluginTimeouts()
    /// The widget kinds it serves.
    public var kinds: [String] = []
    /// The intents it serves.
    public var intents: [String] = []

    /// Reads the manifest of the plugin in `folder`.
    /// - Returns: The manifest, or `nil` with the diagnostics (each at its line in the manifest)
    ///   when it cannot be used.
    public static func read(folder: String) -> (manifest: PluginManifest?, diagnostics: [Diagnostic]) {
        let path = (folder as NSString).appendingPathComponent(fileName)
        let source: SourceText
        let documents: [Node]
        do throws(Diagnostic) {
            (source, documents) = try YAMLLoader().load(path: path, regularOnly: true)
        } catch {
            return (nil, [error])
        }
        guard let root = documents.first else {
            return (
                nil, [Diagnostic(file: path, code: .pluginManifestEmpty, message: "the manifest is empty")]
            )
        }
        var reader = NodeReader(source: source)
        guard let entries = reader.mapping(root, named: "plugin", knownKeys: keys) else {
            return (nil, reader.diagnostics)
        }
        let name = reader.required("name", in: entries, of: root, named: "plugin").flatMap {
            reader.string($0, named: "name")
        }
        if let name, name.isEmpty || name.contains(where: \.isWhitespace),
            let node = entries.first(where: { $0.key == "name" })?.value
        {
            reader.report(
                node, code: .pluginInvalidName,
                message: "a plugin name must be non-empty and without spaces, not '\(name)'")
        }
        var executable: String?
        if let node = reader.required("executable", in: entries, of: root, named: "plugin"),
            let text = reader.string(node, named: "executable")
        {
            let resolved =
                text.hasPrefix("/") ? text : (folder as NSString).appendingPathComponent(text)
            let absolute = URL(fileURLWithPath: resolved).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            if text.isEmpty || !FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) {
                reader.report(
                    node, code: .pluginExecutableMissing,
                    message: "the executable '\(text)' does not exist (looked for \(absolute))")
            } else if isDirectory.boolValue {
                reader.report(
                    node, code: .pluginExecutableNotExecutable,
                    message:
                        "the executable '\(text)' is a folder (\(absolute)); name the program in it, "
                        + "as '\(text)/run'")
            } else if !FileManager.default.isExecutableFile(atPath: absolute) {
                reader.report(
                    node, code: .pluginExecutableNotExecutable,
                    message: "the file '\(text)' is not executable; run 'chmod +x \(absolute)'")
            } else {
                executable = absolute
            }
        }
        var arguments: [String] = []
        if let node = entries.first(where: { $0.key == "arguments" })?.value,
            let items = reader.list(node, named: "arguments")
        {
            arguments = items.compactMap { reader.string($0, named: "arguments") }
        }
        var timeouts = PluginTimeouts()
        if let node = entries.first(where: { $0.key == "timeouts" })?.value,
            let items = reader.mapping(node, named: "timeouts", knownKeys: PluginTimeouts.methods)
        {
            for item in items {
                guard item.value.tag == .int || item.value.tag == .float,
                    let text = item.value.scalar, let seconds = Double(text), seconds > 0, seconds.isFinite
                else {
                    reader.report(
                        item.value, code: .configTypeMismatch,
                        message: "the timeout of '\(item.key)' must be a positive number of seconds")
                    continue
                }
                guard seconds <= PluginTimeouts.maximum else {
                    reader.report(
                        item.value, code: .configOutOfRange,
                        message:
                            "the timeout of '\(item.key)' is \(text) seconds; at most "
                            + "\(Int(PluginTimeouts.maximum)) (ten minutes) is allowed")
                    continue
                }
                timeouts.set(item.key, seconds: seconds)
            }
        }
        if !entries.contains(where: { $0.key == "kinds" }) {
            reader.report(
                root, code: .configMissingKey,
                message:
                    "'plugin' is missing the required key 'kinds': the widget kinds the plugin serves "
                    + "(widgethost starts a plugin only for a kind or intent its manifest lists); "
                    + "write 'kinds: []' for a plugin that serves intents only")
        }
        let kinds = names("kinds", in: entries, reader: &reader) ?? []
        let intents = names("intents", in: entries, reader: &reader) ?? []
        guard !reader.hasErrors, let name, let executable else { return (nil, reader.diagnostics) }
        let manifest = PluginManifest(
            name: name, folder: folder, path: path, executable: executable, arguments: arguments,
            timeouts: timeouts, kinds: kinds, intents: intents)
        return (manifest, reader.diagnostics)
    }

    /// The list of names under `key`, each given once; `nil` when the key is absent.
    private static func names(
        _ key: String, in entries: [NodeReader.Entry], reader: inout NodeReader
    ) -> [String]? {
        guard let node = entries.first(where: { $0.key == key })?.value,
            let items = reader.list(node, named: key)
        else { return nil }
        var names: [String] = []
        for item in items {
            guard let name = reader.string(item, named: key) else { continue }
            if names.contains(name) {
                reader.report(
                    item, code: .pluginDuplicateName, message: "'\(name)' is listed twice in '\(key)'")
            } else {
                names.append(name)
            }
        }
        return names
    }
}
