import Diagnostics
import Foundation
import WidgetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Where the files an `include:` entry names can come from, so the live host notices a file that
/// comes to match the entry's glob (or a missing path that comes to exist), and one that stops
/// matching: the directories glob(3) reads for it, and whether a changed path is one it matches
/// at any of its levels (a file, or a directory a deeper level is looked for in).
struct IncludeWatch: Sendable, Hashable {
    /// The pattern, absolute: a glob or a plain path.
    let pattern: String
    /// Its components after the leading `/`.
    let components: [String]

    /// The entry looked for as `pattern` (relative to the current directory unless absolute).
    init(pattern: String) {
        let absolute =
            pattern.hasPrefix("/")
            ? pattern : FileManager.default.currentDirectoryPath + "/" + pattern
        // Spelled as the host spells every directory it watches (one inotify watch per directory).
        self.pattern = URL(fileURLWithPath: absolute).standardizedFileURL.path
        components = self.pattern.split(separator: "/").map(String.init)
    }

    /// The directories to watch: the deepest directory of the pattern's plain start that exists,
    /// and below it every directory a level of the pattern matches now. A level created later is
    /// a change in the directory above it (``concerns(_:)``), after which the host asks again.
    var directories: [String] {
        var level = ["/"]
        var watched: [String] = []
        var plain = true
        for component in components.dropLast() {
            let isGlob = ConfigurationLoader.isGlob(component)
            plain = plain && !isGlob
            if plain {
                let next = Self.join(level[0], component)
                guard FileSystemName.kind(of: next) == .directory else { return [level[0]] }
                level = [next]
                continue
            }
            if watched.isEmpty { watched = level }
            level = level.flatMap { directory in
                Self.subdirectories(of: directory, matching: component, isGlob: isGlob)
            }
            watched += level
        }
        return watched.isEmpty ? level : watched
    }

    /// Whether a change at `path` (absolute) can change what the entry names: `path` matches the
    /// pattern or its first levels, as glob(3) matches them (`*` crosses no `/` and matches no
    /// leading `.`).
    func concerns(_ path: String) -> Bool {
        var prefix = ""
        for component in components {
            prefix += "/" + component
            let matched = FileSystemName.withCString(prefix) { pattern in
                FileSystemName.withCString(path) { fnmatch(pattern, $0, FNM_PATHNAME | FNM_PERIOD) == 0 }
            }
            if matched { return true }
        }
        return false
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    /// The subdirectories of `directory` named `component` (a glob when `isGlob`).
    private static func subdirectories(of directory: String, matching component: String, isGlob: Bool)
        -> [String]
    {
        let names: [String]
        if isGlob {
            names = (FileSystemName.entries(of: directory) ?? []).filter { name in
                name != "." && name != ".."
                    && FileSystemName.withCString(component) { pattern in
                        FileSystemName.withCString(name) { fnmatch(pattern, $0, FNM_PERIOD) == 0 }
                    }
            }
        } else {
            names = [component]
        }
        return names.sorted().map { join(directory, $0) }.filter {
            FileSystemName.kind(of: $0) == .directory
        }
    }
}
