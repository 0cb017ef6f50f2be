import AppGroup
public import Diagnostics
import Foundation

/// Where plugin folders are looked for (docs/plugin-protocol.md): the `Plugins/` folder beside each
/// configuration file, the configuration's `plugins:` list, `$XDG_DATA_HOME/widgethost/plugins`,
/// and each `--plugins DIR` (a folder of plugin folders, or one plugin folder). Never the current
/// directory: a command runs no code the user did not point it at.
public enum PluginDiscovery {
    /// How a plugin folder was found.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// In the `Plugins/` folder beside a configuration file.
        case besideConfiguration(file: String)
        /// In `$XDG_DATA_HOME/widgethost/plugins`.
        case dataHome
        /// Through `--plugins DIR`.
        case option
        /// In a configuration file's `plugins:` list.
        case configuration(file: String)

        /// Where, in words.
        public var description: String {
            switch self {
            case .besideConfiguration(let file):
                return (file.parentPath as NSString)
                    .appendingPathComponent("Plugins")
            case .dataHome: return "$XDG_DATA_HOME/widgethost/plugins"
            case .option: return "--plugins"
            case .configuration(let file): return file
            }
        }

        /// Whether the plugin runs only once the user has trusted it (``PluginTrust``): it came
        /// with a folder someone else may have prepared, not from the command line or the user's
        /// own data home.
        public var needsTrust: Bool {
            switch self {
            case .besideConfiguration, .configuration: return true
            case .option, .dataHome: return false
            }
        }

        /// Whether a person named the folder (so its problems are errors, not warnings).
        public var isExplicit: Bool {
            switch self {
            case .besideConfiguration, .dataHome: return false
            case .option, .configuration: return true
            }
        }
    }

    /// The places looked in by default, found or not: the data home's `widgethost/plugins`.
    public static func defaultPlaces(environment: [String: String]) -> [String] {
        dataHome(environment).map { [($0 as NSString).appendingPathComponent("widgethost/plugins")] } ?? []
    }

    private static func dataHome(_ environment: [String: String]) -> String? {
        AppGroupContainer.dataHome(environment: environment)?.path
    }

    /// The plugin folders of the default places: the data home's `widgethost/plugins`.
    public static func defaultFolders(environment: [String: String]) -> [(folder: String, origin: Origin)] {
        defaultPlaces(environment: environment).flatMap { place in
            subfolders(of: place).filter(hasManifest).map { ($0, Origin.dataHome) }
        }
    }

    /// The `Plugins/` folder beside the configuration file `file` (`nil` for standard input).
    public static func besideConfiguration(_ file: String) -> String? {
        guard file != "-" else { return nil }
        let base = file.parentPath
        return ((base.isEmpty ? "." : base) as NSString).appendingPathComponent("Plugins")
    }

    /// The plugin folders in `place` (a folder of plugin folders, each one level down too, as
    /// `Plugins/Examples/clock`).
    public static func folders(in place: String) -> [String] {
        subfolders(of: place).flatMap { child in
            hasManifest(child) ? [child] : subfolders(of: child).filter(hasManifest)
        }
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
