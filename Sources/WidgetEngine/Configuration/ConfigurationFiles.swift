public import Diagnostics
import Foundation

/// The files a list of CONFIG arguments names: each file as given, each directory's `*.yaml` and
/// `*.yml` files sorted by name; `./config` when the list is empty. A file named twice (`config
/// config/widgets.yaml`) is read once, where it is first named, so its widgets are not duplicates
/// of themselves.
public enum ConfigurationFiles {
    /// The default CONFIG.
    public static let defaultPath = "config"

    /// The files named by `paths`, or a diagnostic for each path that is missing or holds none.
    public static func expand(_ paths: [String]) -> (files: [String], diagnostics: [Diagnostic]) {
        var files: [String] = []
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        /// Adds `file` unless it was named before; standard input (`-`) is always added.
        func add(_ file: String) {
            let key = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            if file == "-" || seen.insert(key).inserted { files.append(file) }
        }
        for path in paths.isEmpty ? [defaultPath] : paths {
            let kind = path == "-" ? .other : FileSystemName.kind(of: path)
            guard kind != .missing else {
                var diagnostic = Diagnostic(
                    file: path, code: .configNotFound, message: MissingFile.reason(path))
                if paths.isEmpty {
                    // Nothing was named: say where the default was looked for and how to name one.
                    let here = FileManager.default.currentDirectoryPath
                    diagnostic.message =
                        "no configuration was named, and there is no ./config in \(here) (the folder of "
                        + "*.yaml files read by default); name a configuration file or folder, as in "
                        + "'widgethost run path/to/widgets.yaml', or run from the folder that holds config/"
                }
                diagnostics.append(diagnostic)
                continue
            }
            guard kind == .directory else {
                add(path)
                continue
            }
            let names = FileSystemName.entries(of: path) ?? []
            let yaml = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            if yaml.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        file: path,
                        code: .configEmptyDirectory,
                        message: "the directory holds no configuration (*.yaml or *.yml) files"
                    )
                )
            }
            let separator = path.hasSuffix("/") ? "" : "/"
            for name in yaml { add(path + separator + name) }
        }
        return (files, diagnostics)
    }
}
