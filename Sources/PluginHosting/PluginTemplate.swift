public import Diagnostics
import Foundation

/// A new plugin folder, as `widgethost plugins new` writes it: a manifest declaring its kind and
/// intent, the code of a widget with a parameter and a button running that intent, and a README.
///
/// The Python plugin carries a copy of the Python SDK (`widgethost_plugin.py`), so it runs wherever
/// the folder goes; the Swift plugin is a package depending on the widgethost package by path.
public struct PluginTemplate: Sendable {
    /// The language a plugin is written in.
    public enum Language: String, Sendable, CaseIterable {
        /// Python 3.9 or later, on the Python SDK.
        case python
        /// Swift, on the SDK's `PluginServer`.
        case swift
    }

    /// One file of the folder.
    public struct File: Sendable, Hashable {
        /// The path inside the folder.
        public var path: String
        /// The text.
        public var contents: String
        /// Whether it is made executable.
        public var isExecutable = false
    }

    /// The plugin's name (its manifest's `name`).
    public let name: String
    /// The language.
    public let language: Language
    /// The widget kind it serves: the name in UpperCamelCase ending in `Widget`.
    public let kind: String
    /// The intent its button runs: the name in UpperCamelCase, then `TapIntent`.
    public let intent: String
    /// The files, in the order they are written.
    public let files: [File]

    /// What a plugin name may be: a letter, then letters, digits, `-` and `_` (at most 64).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
            first.isASCII, first.properties.isAlphabetic
        else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                    || scalar == "_")
        }
    }

    /// The template of plugin `name` in `language`.
    ///
    /// - Parameters:
    ///   - widgethostPackage: for Swift, the folder of the widgethost package the plugin's
    ///     `Package.swift` depends on; `nil` when it is not known (the manifest then says to set it).
    /// - Returns: `nil` when `name` is not valid (see ``isValidName(_:)``).
    public init?(name: String, language: Language, widgethostPackage: String? = nil) {
        guard Self.isValidName(name) else { return nil }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        var base = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if base.hasSuffix("Widget") && base != "Widget" { base.removeLast("Widget".count) }
        self.name = name
        self.language = language
        kind = base + "Widget"
        intent = base + "TapIntent"
        let displayName = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        switch language {
        case .python:
            files = Self.python(name: name, kind: kind, intent: intent, displayName: displayName)
        case .swift:
            files = Self.swift(
                name: name, kind: kind, intent: intent, displayName: displayName, package: widgethostPackage)
        }
    }

    /// Writes the files into `folder`, creating it; refuses a folder that exists and is not empty.
    ///
    /// - Throws: a ``Diagnostic`` located at the folder: `plugin.new-folder-not-empty` (the input
    ///   cannot be used as given), or `plugin.new-write-failed`.
    public func write(to folder: String) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Diagnostic(
                    file: folder, code: .pluginNewFolderNotEmpty,
                    message: "a file is in the way; give a new folder for the plugin")
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]
            guard entries.isEmpty else {
                throw Diagnostic(
                    file: folder, code: .pluginNewFolderNotEmpty,
                    message: "the folder exists and is not empty; give a new or empty folder for the plugin")
            }
        }
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.path)
            let directory = path.parentPath
            if let reason = Self.makeDirectory(directory) {
                throw Diagnostic(
                    file: directory, code: .pluginNewWriteFailed,
                    message: "cannot create the folder: \(reason)")
            }
            if let reason = Self.write(
                Array(file.contents.utf8), to: path, mode: file.isExecutable ? 0o755 : 0o644)
            {
                throw Diagnostic(
                    file: path, code: .pluginNewWriteFailed, message: "cannot write the file: \(reason)")
            }
        }
    }

    /// Creates `path` and the folders above it that are missing; why it could not be (`'/a/b' is
    /// a file`, the system's words for a folder it could not make, naming the folder), or `nil`
    /// once it exists.
    static func makeDirectory(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "'\(path)' is a file"
        }
        let parent = path.parentPath
        if !parent.isEmpty, parent != path, let problem = makeDirectory(parent) { return problem }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            return "'\(path)': " + String(cString: strerror(errno))
        }
        return nil
    }

    /// Writes `bytes` to a new file at `path` with `mode` (whatever the umask); the system's words
    /// for why it could not be, or `nil`.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        guard fchmod(descriptor, mode) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// The widgethost package an executable at `executable` was built from: the first folder up
    /// from it (`.build/debug/widgethost` in a checkout) holding a `Package.swift` named widgethost.
    public static func widgethostPackage(near executable: String) -> String? {
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let manifest = folder.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8),
                text.contains("name: \"widgethost\"")
            {
                return folder.path
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    private static func python(name: String, kind: String, intent: String, displayName: String) -> [File] {
        let values = ["name": name, "kind": kind, "intent": intent, "displayName": displayName]
        return [
            File(path: "plugin.yaml", contents: fill(PythonPluginYamlTemplate.source, values)),
            File(
                path: "plugin.py", contents: fill(PythonPluginPyTemplate.source, values), isExecutable: true),
            File(path: "widgethost_plugin.py", contents: PythonPluginSDK.source),
            File(path: "README.md", contents: fill(PythonREADMEMdTemplate.source, values)),
        ]
    }

    private static func swift(
        name: String, kind: String, intent: String, displayName: String, package: String?
    ) -> [File] {
        let packagePath = package ?? "../widgethost"
        let values = [
            "name": name, "kind": kind, "intent": intent, "displayName": displayName,
            // The executable's module, as `@testable import` names it: the name with `-` as `_`.
            "module": name.replacingOccurrences(of: "-", with: "_"),
            "package": packagePath, "identity": (packagePath as NSString).lastPathComponent.lowercased(),
            "packageNote": package == nil
                ? "// The widgethost package was not found next to the widgethost binary: set its folder here.\n"
                : "",
        ]
        return [
            File(path: "plugin.yaml", contents: fill(SwiftPluginYamlTemplate.source, values)),
            File(path: "run", contents: fill(SwiftRunTemplate.source, values), isExecutable: true),
            File(path: "Package.swift", contents: fill(SwiftPackageSwiftTemplate.source, values)),
            File(
                path: "Sources/\(name)/\(kind)Bundle.swift",
                contents: fill(SwiftBundleSwiftTemplate.source, values)),
            File(
                path: "Sources/\(name)/\(kind).swift", contents: fill(SwiftWidgetSwiftTemplate.source, values)
            ),
            File(
                path: "Sources/\(name)/AppIntent.swift",
                contents: fill(SwiftAppIntentSwiftTemplate.source, values)),
            File(
                path: "Tests/\(kind)Tests/\(kind)Tests.swift",
                contents: fill(SwiftTestsSwiftTemplate.source, values)),
            // There from the start, so the test target's `exclude` names a folder that exists.
            File(
                path: "Tests/\(kind)Tests/__Snapshots__/README.md",
                contents: fill(SwiftSnapshotsMdTemplate.source, values)),
            File(path: "README.md", contents: fill(SwiftREADMEMdTemplate.source, values)),
        ]
    }

    /// `template` with each `{{key}}` of `values` replaced by its value (the templates are the files
    /// of `Sources/PluginHosting/Templates`, embedded at build time).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (key, value) in values { text = text.replacingOccurrences(of: "{{\(key)}}", with: value) }
        return text
    }
}
