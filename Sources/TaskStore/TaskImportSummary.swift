/// What ``AppGroupStore/importTasks(_:focus:)`` did.
public struct TaskImportSummary: Sendable, Hashable {
    /// Tasks appended after those already stored.
    public var added: Int
    /// Tasks whose id was already stored, updated in place.
    public var updated: Int

    /// Every task imported.
    public var total: Int { added + updated }
}
