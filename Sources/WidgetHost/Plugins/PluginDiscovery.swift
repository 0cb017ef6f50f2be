public import Diagnostics
import Foundation

/// Where plugin folders are looked for (DESIGN.md): `./Plugins` (and its subfolders one level
/// down, as `Plugins/Examples`), `$XDG_DATA_HOME/widgethost/plugins`, each `--plugins DIR` (a folder
/// of plugin folders, or one plugin folder), and the configuration's `plugins:` list.
public enum PluginDiscovery {
    /// How a plugin folder was found.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// In `./Plugins`.
        case workingDirectory
        /// In `$XDG_DATA_HOME/widgethost/plugins`.
        case dataHome
        /// Through `--plugins DIR`.
        case option
        /// In a configuration file's `plugins:` list.
        case configuration(file: String)

        /// Where, in words.
        public var description: String {
            switch self {
            case .workingDirectory: return "./Plugins"
            case .dataHome: return "$XDG_DATA_HOME/widgethost/plugins"
            case .option: return "--plugins"
            case .configuration(let file): return file
            }
        }

        /// Whether a person named the folder (so its problems are errors, not warnings).
        public var isExplicit: Bool {
            switch self {
            case .workingDirectory, .dataHome: return false
            case .option, .configuration: return true
            }
        }
    }

    /// The folders under `./Plugins` and the data home that hold a manifest.
    /// The places looked in by default, found or not: `./Plugins` and the data home's
    /// `widgethost/plugins`.
    public static func defaultPlaces(currentDirectory: String, environment: [String: String]) -> [String] {
        var places = [(currentDirectory as NSString).appendingPathComponent("Plugins")]
        if let dataHome = dataHome(environment) {
            places.append((dataHome as NSString).appendingPathComponent("widgethost/plugins"))
        }
        return places
    }

    private static func dataHome(_ environment: [String: String]) -> String? {
        if let value = environment["XDG_DATA_HOME"], !value.isEmpty { return value }
        return environment["HOME"].map { ($0 as NSString).appendingPathComponent(".local/share") }
    }

    public static func defaultFolders(
        currentDirectory: String,
        environment: [String: String]
    ) -> [(folder: String, origin: Origin)] {
        var found: [(String, Origin)] = []
        let local = (currentDirectory as NSString).appendingPathComponent("Plugins")
        for child in subfolders(of: local) {
            if hasManifest(child) {
                found.append((child, .workingDirectory))
            } else {
                found += subfolders(of: child).filter(hasManifest).map { ($0, .workingDirectory) }
            }
        }
        let dataHome: String?
        if let value = environment["XDG_DATA_HOME"], !value.isEmpty {
            dataHome = value
        } else {
            dataHome = environment["HOME"].map { ($0 as NSString).appendingPathComponent(".local/share") }
        }
        if let dataHome {
            let folder = (dataHome as NSString).appendingPathComponent("widgethost/plugins")
            found += subfolders(of: folder).filter(hasManifest).map { ($0, .dataHome) }
        }
        return found
    }

    /// The plugin folders `directory` names: itself when it holds a manifest, else its subfolders
    /// that do.
    /// - Returns: The folders, or a diagnostic when there is none.
    public static func folders(named directory: String) -> Result<[String], Diagnostic> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            return .failure(
                Diagnostic(file: directory, code: .pluginFolderMissing, message: "no such plugin folder"))
        }
        if hasManifest(directory) { return .success([directory]) }
        let children = subfolders(of: directory).filter(hasManifest)
        guard !children.isEmpty else {
            return .failure(
                Diagnostic(
                    file: directory, code: .pluginNoManifest,
                    message: "holds no \(PluginManifest.fileName), nor do its subfolders"))
        }
        return .success(children)
    }

    /// Whether `folder` holds a `plugin.yaml`.
    static func hasManifest(_ folder: String) -> Bool {
        FileManager.default.fileExists(
            atPath: (folder as NSString).appendingPathComponent(PluginManifest.fileName))
    }

    /// The subfolders of `folder`, sorted by name.
    static func subfolders(of folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            guard !name.hasPrefix(".") else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue
                ? path : nil
        }
    }

    /// One spelling of a folder, so the same folder found twice is one plugin.
    static func canonical(_ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
