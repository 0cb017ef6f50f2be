import AppGroup
public import Diagnostics
import Foundation
public import WidgetEngine

#if canImport(Glibc)
    import Glibc
#endif

extension HostSession {
    /// Why a command that uses the store of `appGroup` cannot: the container holds no store yet.
    /// The store appears only on purpose (`store init` or `store import`), so a misspelt App Group
    /// or `--store` is an error naming the path rather than a new, empty store.
    ///
    /// - Returns: a `store.missing` diagnostic naming the path and the command that creates it, or
    ///   `nil` when the store exists (or no place can be worked out: opening reports that).
    public func missingStore(forAppGroup appGroup: String) -> Diagnostic? {
        Self.missingStore(
            forAppGroup: appGroup, storeOption: settings.storeOption, environment: settings.environment)
    }

    /// ``missingStore(forAppGroup:)`` for a command that has no session (`store delete`, say): the
    /// store is looked for where `storeOption` (`--store`) and `environment` place it.
    public static func missingStore(
        forAppGroup appGroup: String, storeOption: String?, environment: [String: String]
    ) -> Diagnostic? {
        guard
            let container = try? AppGroupContainer.resolve(
                appGroup: appGroup, storeOption: storeOption, environment: environment),
            !container.hasStore
        else { return nil }
        let arguments: String
        switch container.source {
        case .option:
            arguments = " --store " + Shell.word(storeOption ?? container.directory.path)
        case .storeVariable, .explicit: arguments = ""
        case .dataHome, .home:
            arguments =
                appGroup == AppGroupContainer.defaultAppGroup
                ? "" : " --app-group " + Shell.word(appGroup)
        }
        let path = container.directory.path
        var info = stat()
        // A dangling link or a loop of links as the container: said, as for a configuration.
        let isBrokenLink =
            lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK && stat(path, &info) != 0
        let why = isBrokenLink ? " (it \(MissingFile.reason(path)))" : ""
        var message =
            "no store for the app group '\(appGroup)' at '\(path)'\(why): create it with "
            + "'widgethost store init\(arguments)', or import tasks into it with 'widgethost store import FILE\(arguments)'"
        if let nearest = EditDistance.suggestion(for: appGroup, among: container.appGroupsWithStores) {
            message += "; did you mean the app group '\(nearest)'?"
        }
        return Diagnostic(file: nil, code: .storeMissing, message: message)
    }

    /// ``missingStore(forAppGroup:)`` for each distinct App Group of `appGroups`, in order.
    public func missingStores(forAppGroups appGroups: some Sequence<String>) -> [Diagnostic] {
        var seen: Set<String> = []
        return appGroups.filter { seen.insert($0).inserted }.compactMap(missingStore(forAppGroup:))
    }

    /// Warnings for `validate`: each App Group a configuration names (where it names it) for which
    /// no store exists yet, with the nearest App Group that has one.
    public func storeWarnings(for loaded: LoadedConfiguration) -> [Diagnostic] {
        var seen: Set<String> = []
        var warnings: [Diagnostic] = []
        for declared in loaded.appGroups where seen.insert(declared.value).inserted {
            guard
                let container = try? AppGroupContainer.resolve(
                    appGroup: declared.value, storeOption: settings.storeOption,
                    environment: settings.environment),
                !container.hasStore
            else { continue }
            var message =
                "no store exists yet for the app group '\(declared.value)' (at '\(container.directory.path)'); "
                + "run, tap and watch will refuse it until 'widgethost store init' or 'store import' creates it"
            if let nearest = EditDistance.suggestion(
                for: declared.value, among: container.appGroupsWithStores)
            {
                message += "; did you mean '\(nearest)'?"
            }
            warnings.append(
                Diagnostic(
                    file: declared.file, location: declared.location, severity: .warning,
                    code: .storeNoAppGroupStore, message: message, sourceLine: declared.sourceLine))
        }
        return warnings
    }
}
