import Diagnostics
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an App Group's shared container lives: the directory holding its store.
///
/// The directory is, in order of precedence:
/// 1. `--store DIR`, when given;
/// 2. `$WIDGETHOST_STORE`;
/// 3. `$XDG_DATA_HOME/widgethost/<appGroup>`;
/// 4. `$HOME/.local/share/widgethost/<appGroup>`.
///
/// Empty variables count as unset, and a relative `XDG_DATA_HOME` or `HOME` is ignored, as the
/// XDG Base Directory specification says. The environment is passed in, so tests never touch the
/// real home.
public struct AppGroupContainer: Sendable, Hashable {
    /// Which rule chose the directory.
    public enum Source: String, Sendable, Hashable {
        /// The `--store` option.
        case option
        /// `$WIDGETHOST_STORE`.
        case storeVariable
        /// `$XDG_DATA_HOME`.
        case dataHome
        /// `$HOME/.local/share`.
        case home
        /// Given directly to ``init(directory:appGroup:source:)``.
        case explicit
    }

    /// The App Group used when a configuration names none: the seed's.
    public static let defaultAppGroup = "group.com.example.taskapp"

    /// The App Group identifier.
    public let appGroup: String
    /// The container directory.
    public let directory: URL
    /// Which rule chose ``directory``.
    public let source: Source

    /// The store's database file in the container.
    public var databaseURL: URL { directory.appendingPathComponent(AppGroupStore.databaseFileName) }

    /// A container at a known directory.
    public init(directory: URL, appGroup: String = defaultAppGroup, source: Source = .explicit) {
        self.directory = directory.standardizedFileURL
        self.appGroup = appGroup
        self.source = source
    }

    /// Whether the container holds a store (its database file exists): a command that uses the
    /// store refuses one that does not, rather than make an empty store by accident.
    public var hasStore: Bool {
        FileManager.default.fileExists(atPath: databaseURL.path)
    }

    /// The App Groups beside this one that hold a store, when the directory was chosen by App Group
    /// (`XDG_DATA_HOME` or the home directory); none when one directory serves every App Group.
    public var appGroupsWithStores: [String] {
        guard source == .dataHome || source == .home else { return [] }
        let parent = directory.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(
                atPath: parent.appendingPathComponent($0).appendingPathComponent(
                    AppGroupStore.databaseFileName
                ).path)
        }.sorted()
    }

    /// Works out the container directory of `appGroup`.
    ///
    /// - Parameters:
    ///   - appGroup: The App Group identifier, e.g. `group.com.example.taskapp`.
    ///   - storeOption: The `--store` value, if given.
    ///   - environment: The environment to read `WIDGETHOST_STORE`, `XDG_DATA_HOME` and `HOME` from.
    ///   - currentDirectory: What relative `--store` and `WIDGETHOST_STORE` paths are relative to;
    ///     the process's working directory when `nil`.
    /// - Returns: The container; nothing is created yet.
    /// - Throws: ``AppGroupError`` `store.invalid-app-group` when `appGroup` cannot name a
    ///   directory, `store.no-location` when neither the option nor any variable gives a place.
    public static func resolve(
        appGroup: String = defaultAppGroup,
        storeOption: String? = nil,
        environment: [String: String],
        currentDirectory: String? = nil
    ) throws(AppGroupError) -> AppGroupContainer {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        func absolute(_ path: String) -> URL {
            if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: true) }
            let base = currentDirectory ?? FileManager.default.currentDirectoryPath
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(
                path, isDirectory: true)
        }
        if let storeOption, !storeOption.isEmpty {
            return AppGroupContainer(directory: absolute(storeOption), appGroup: appGroup, source: .option)
        }
        if let store = value("WIDGETHOST_STORE") {
            return AppGroupContainer(directory: absolute(store), appGroup: appGroup, source: .storeVariable)
        }
        try validate(appGroup: appGroup)
        if let (dataHome, fromHome) = dataHome(environment: environment) {
            let directory = URL(fileURLWithPath: dataHome, isDirectory: true)
                .appendingPathComponent("widgethost", isDirectory: true)
                .appendingPathComponent(appGroup, isDirectory: true)
            return AppGroupContainer(
                directory: directory, appGroup: appGroup, source: fromHome ? .home : .dataHome)
        }
        throw AppGroupError(
            code: .storeNoLocation,
            message: "cannot find where to keep the store of '\(appGroup)': "
                + "pass --store DIR, or set WIDGETHOST_STORE, XDG_DATA_HOME or HOME"
        )
    }

    /// The XDG data home of `environment`: `XDG_DATA_HOME`, else `$HOME/.local/share`, and whether
    /// `HOME` gave it; `nil` when neither is set. Empty variables count as unset and relative paths
    /// are ignored, as the XDG Base Directory spec says (a relative one would be relative to the
    /// current directory, where nothing is looked for by accident). The store's default place and
    /// the plugins' both start here.
    public static func dataHome(environment: [String: String]) -> (path: String, fromHome: Bool)? {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return (dataHome, false) }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return ((home as NSString).appendingPathComponent(".local/share"), true)
        }
        return nil
    }

    /// Opens the store in this container, creating the directory and the store when writing.
    ///
    /// - Parameters:
    ///   - readOnly: Whether to open read only; the store must then exist.
    ///   - lockTimeout: How long a write waits for another process's write lock.
    /// - Throws: ``AppGroupError``, as ``AppGroupStore/init(directory:readOnly:lockTimeout:)``.
    public func openStore(readOnly: Bool = false, lockTimeout: StoreLockTimeout = .default)
        throws(AppGroupError) -> AppGroupStore
    {
        try AppGroupStore(directory: directory, readOnly: readOnly, lockTimeout: lockTimeout.duration)
    }

    /// Why `appGroup` cannot be an App Group identifier (it names one directory, so it is
    /// non-empty, not `.` or `..`, and holds no `/` and no control character), or `nil` when it can.
    /// `validate` and every command that opens a store judge it by this one rule.
    public static func problem(appGroup: String) -> String? {
        if appGroup.isEmpty {
            return "'' is not a valid app group identifier: it names a directory, so it must be non-empty"
        }
        if appGroup == "." || appGroup == ".." {
            return
                "'\(appGroup)' is not a valid app group identifier: it names a directory, so it cannot be '.' or '..'"
        }
        if appGroup.contains("/") {
            return
                "'\(appGroup)' is not a valid app group identifier: it names a directory, so it must hold no '/'"
        }
        if let control = appGroup.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return
                "'\(appGroup.debugDescription.dropFirst().dropLast())' is not a valid app group identifier: "
                + "it names a directory, so it must hold no control character (it holds \(code))"
        }
        return nil
    }

    /// Refuses an App Group identifier that is not one directory name.
    static func validate(appGroup: String) throws(AppGroupError) {
        if let problem = problem(appGroup: appGroup) {
            throw AppGroupError(code: .storeInvalidAppGroup, message: problem)
        }
    }

    /// Creates the directory at `path` and any missing parents (`mkdir -p`), each readable by its
    /// owner only (0700, as the XDG Base Directory spec asks of the directories it names: a store
    /// holds a person's tasks); directories that exist are left as they are.
    ///
    /// - Throws: ``AppGroupError`` `store.unwritable` naming the path and, when a parent is a
    ///   file, that parent.
    static func createDirectory(atPath path: String) throws(AppGroupError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw notADirectory(path, blockedBy: path) }
            return
        }
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) == 0 { continue }
            let number = errno
            if number == EEXIST || number == ENOTDIR {
                if stat(current, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
                throw notADirectory(path, blockedBy: current)
            }
            throw AppGroupError.directory(path, errno: number)
        }
    }

    private static func notADirectory(_ path: String, blockedBy blocker: String) -> AppGroupError {
        var info = stat()
        if lstat(blocker, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            // A dangling link or a loop of links: say which, not "a file".
            let link = blocker == path ? "it" : "'\(blocker)'"
            return AppGroupError(
                code: .storeUnwritable,
                message:
                    "cannot create the store directory '\(path)': \(link) \(MissingFile.reason(blocker))",
                path: path)
        }
        let reason = blocker == path ? "it is a file" : "'\(blocker)' is a file"
        return AppGroupError(
            code: .storeUnwritable,
            message: "cannot create the store directory '\(path)': \(reason), not a directory",
            path: path
        )
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
