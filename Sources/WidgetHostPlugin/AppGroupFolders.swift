import AppGroup
public import Foundation
import Synchronization

/// The App Groups' folders a plugin knows: each request names its App Group's container (the
/// folder of its store), and code from iOS asks for it with
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`.
public enum AppGroupFolders {
    private static let known = Mutex<[String: URL]>([:])

    /// Notes that `appGroup`'s container is `folder`, as a request said.
    static func note(_ appGroup: String, _ folder: URL) {
        known.withLock { $0[appGroup] = folder }
    }

    /// The container of `appGroup`: the one the host's last request named, else the folder the
    /// host would give it from this process's environment (`WIDGETHOST_STORE`, else
    /// `$XDG_DATA_HOME/widgethost/APP-GROUP`, else `~/.local/share/widgethost/APP-GROUP`); `nil` for
    /// a name no folder can have.
    public static func folder(of appGroup: String) -> URL? {
        if let folder = known.withLock({ $0[appGroup] }) { return folder }
        return try? AppGroupContainer.resolve(
            appGroup: appGroup, environment: ProcessInfo.processInfo.environment
        ).directory
    }
}
