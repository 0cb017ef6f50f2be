public import Foundation

extension AppGroupStore {
    /// The store in `directory` as widgets and intents share it: read-write, or read-only when the
    /// process may not write it (a shared, read-only App Group directory) or the disk is full, and
    /// it exists, so its widgets still render; an intent's first write then fails, saying the store
    /// is read-only or the disk full.
    ///
    /// - Throws: ``AppGroupError`` as ``init(directory:readOnly:lockTimeout:)``.
    public static func openShared(directory: URL, lockTimeout: Duration) throws(AppGroupError)
        -> AppGroupStore
    {
        let store: AppGroupStore
        do {
            store = try AppGroupStore(directory: directory, lockTimeout: lockTimeout)
        } catch {
            let database = directory.appendingPathComponent(databaseFileName).path
            guard error.code == .storeUnwritable || error.code == .storeFull,
                FileManager.default.fileExists(atPath: database)
            else {
                throw error
            }
            // A full disk: its widgets still show, and writes fail saying why.
            return try AppGroupStore(
                directory: directory, readOnly: true, lockTimeout: lockTimeout,
                writeRefusal: error.code == .storeFull ? error : nil)
        }
        return store
    }
}
