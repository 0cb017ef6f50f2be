public import AppGroup

extension AppGroupStore {
    /// Imports `file` (tasks, and the focus mode when it has one) and asks every timeline to reload,
    /// as the app's `reloadAllTimelines()` after saving data, in one transaction: all of it or
    /// nothing, and a running `watch` sees it at once.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be written; nothing is then kept.
    public func importReloadingAll(_ file: StoreFile) throws(AppGroupError) -> TaskImportSummary {
        try reloadingAll { () throws(AppGroupError) in try importTasks(file.tasks, focus: file.focus) }
    }
}
