public import AppGroup
import Foundation

/// Deleting and reordering tasks: the seed app's `saveTasks(_:)` after a person removes a task or
/// drags one to another place, each one transaction that also asks every timeline to reload (the
/// app's `reloadAllTimelines()` after saving).
extension AppGroupStore {
    /// Deletes the tasks with identifiers `ids`, all of them or none.
    ///
    /// - Parameter ids: The identifiers (UUIDs in any letter case); one named twice is deleted once.
    /// - Returns: The tasks deleted, in store order.
    /// - Throws: ``AppGroupError``: `store.task-not-found` naming every identifier that is not
    ///   stored (nothing is deleted then), or a failure of the store.
    /// - Complexity: O(m log n) for m identifiers among n tasks.
    @discardableResult
    public func deleteTasks(ids: [String]) throws(AppGroupError) -> [StoredTask] {
        let ids = Self.uniqued(ids.map(Self.canonicalID))
        return try writeReloadingAll { database throws(SQLiteError) -> Result<[StoredTask], AppGroupError> in
            var found: [StoredTask] = []
            var missing: [String] = []
            for id in ids {
                if let task = try Self.task(id: id, in: database) {
                    found.append(task)
                } else {
                    missing.append(id)
                }
            }
            guard missing.isEmpty else { return .failure(Self.tasksNotFound(missing)) }
            let order = try Self.positions(in: database)
            for task in found {
                try database.run("DELETE FROM tasks WHERE id = ?", [.text(task.id)])
            }
            return .success(found.sorted { (order[$0.id] ?? 0) < (order[$1.id] ?? 0) })
        }
    }

    /// Moves the task with identifier `id` to `position` in store order (1 is the first), the tasks
    /// between its old and new places shifting by one, as a list's drag and drop does.
    ///
    /// - Returns: Every task, in the new order.
    /// - Throws: ``AppGroupError``: `store.task-not-found` for an identifier that is not stored,
    ///   `store.invalid-position` for a position outside 1...count (nothing moves then), or a
    ///   failure of the store.
    /// - Complexity: O(n) for n tasks.
    @discardableResult
    public func moveTask(id: String, to position: Int) throws(AppGroupError) -> [StoredTask] {
        let id = Self.canonicalID(id)
        return try writeReloadingAll { database throws(SQLiteError) -> Result<[StoredTask], AppGroupError> in
            let rows = try database.query("SELECT position, id FROM tasks ORDER BY position") {
                row throws(SQLiteError) in (position: row.int(at: 0), id: row.string(at: 1) ?? "")
            }
            guard let from = rows.firstIndex(where: { $0.id == id }) else {
                return .failure(Self.tasksNotFound([id]))
            }
            guard (1...rows.count).contains(position) else {
                return .failure(
                    AppGroupError(
                        code: .storeInvalidPosition,
                        message: "cannot move task '\(id)' to position \(position): "
                            + "the store holds \(rows.count) \(rows.count == 1 ? "task" : "tasks"), "
                            + "so a position is 1 to \(rows.count)"
                    ))
            }
            let to = position - 1
            if from != to {
                // The moved range keeps its set of positions; its rows take them in the new order.
                let range = min(from, to)...max(from, to)
                var reordered = rows.map(\.id)
                reordered.insert(reordered.remove(at: from), at: to)
                for index in range {
                    try database.run(
                        "UPDATE tasks SET position = ? WHERE id = ?",
                        [.integer(-index - 1), .text(rows[index].id)])
                }
                for index in range {
                    try database.run(
                        "UPDATE tasks SET position = ? WHERE id = ?",
                        [.integer(rows[index].position), .text(reordered[index])])
                }
            }
            return .success(
                try database.query(
                    "SELECT \(Self.taskColumns) FROM tasks ORDER BY position", row: Self.task(from:)))
        }
    }

    /// Runs `body` in one transaction that also asks every timeline to reload; a `.failure` from
    /// `body` undoes everything it did.
    func writeReloadingAll<Value: Sendable>(
        _ body: (SQLiteDatabase) throws(SQLiteError) -> Result<Value, AppGroupError>
    ) throws(AppGroupError) -> Value {
        try reloadingAll { () throws(AppGroupError) in try write(body).get() }
    }

    /// Runs `body` in one transaction that also asks every timeline to reload: the store's writes
    /// `body` makes are kept together with the reload request, or, when it throws, none of them.
    func reloadingAll<Value: Sendable>(_ body: () throws(AppGroupError) -> Value) throws(AppGroupError)
        -> Value
    {
        let transaction = IntentTransaction()
        transaction.requestReload(ofKind: nil)
        let outcome = IntentTransaction.$current.withValue(transaction) {
            () -> Result<Value, AppGroupError> in
            do throws(AppGroupError) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        do throws(AppGroupError) {
            let value = try outcome.get()
            try transaction.commit { () throws(AppGroupError) in self }
            return value
        } catch {
            transaction.rollBack()
            throw error
        }
    }

    /// Every task's position, by identifier.
    private static func positions(in database: SQLiteDatabase) throws(SQLiteError) -> [String: Int] {
        let rows = try database.query("SELECT position, id FROM tasks") { row throws(SQLiteError) in
            (row.int(at: 0), row.string(at: 1) ?? "")
        }
        return Dictionary(rows.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `ids` without repeats, in order.
    private static func uniqued(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// No task has the identifiers `ids`.
    private static func tasksNotFound(_ ids: [String]) -> AppGroupError {
        let quoted = ids.map { "'\($0)'" }.joined(separator: ", ")
        return AppGroupError(
            code: .storeTaskNotFound,
            message: (ids.count == 1 ? "no task has the id \(quoted)" : "no tasks have the ids \(quoted)")
                + "; nothing was changed ('widgethost store export' lists the stored tasks and their ids)"
        )
    }
}
