public import Foundation
import WidgetHostPlugin

extension FileManager {
    /// The App Group's shared container, as on iOS: here the folder of its store, the one the host
    /// named in its request (`nil` for a name no folder can have). In a file that imports only
    /// Foundation this is not seen: import WidgetKit there too.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupFolders.folder(of: groupIdentifier)
    }
}
