public import AppGroup
import CSQLite
import Diagnostics
public import Foundation

/// The seed app's tasks in the shared store: what the TaskWidget shows, what its intents change,
/// and what `store import` and `store export` move.
///
/// The `tasks` table and its indexes are created by AppGroup's schema migration (version 1), not
/// here: see `AppGroupStore.taskTableSQL`.
///
/// ```swift
/// let store = try AppGroupStore(directory: container.directory)
/// let shown = try store.tasks(matching: TaskQuery(priority: .high, includeCompleted: false, limit: 3))
/// ```
extension AppGroupStore {
    /// The columns read for a ``StoredTask``, in the order ``task(from:)`` reads them.
    static let taskColumns = "id, title, priority, category, isCompleted, dueDate"

    /// The tasks a TaskWidget shows for `query`, in store order.
    ///
    /// Each of the query's eight shapes (which filters are present) has its own prepared statement
    /// and its own index, so SQLite reads exactly the rows it returns. Read on one of the store's
    /// read connections, so the widgets of a run read at once.
    ///
    /// - Throws: ``AppGroupError`` when the store cannot be read.
    /// - Complexity: O(log n + k) for n stored tasks and k returned: independent of the number of
    ///   tasks that do not match.
    public func tasks(matching query: TaskQuery) throws(AppGroupError) -> [StoredTask] {
        guard query.limit > 0 else { return [] }
        let sql = TaskQueryShape(query).selectSQL
        let bindings = TaskQueryShape.bindings(for: query)
        return try self.query(sql, bindings, row: Self.task(from:))
    }

    /// Every task, in store order.
    ///
    /// - Complexity: O(n).
    public func allTasks() throws(AppGroupError) -> [StoredTask] {
        try tasks(matching: TaskQuery())
    }

    /// Reads every task as ``allTasks()`` does (and so as `store export` and an unfiltered widget
    /// do), keeping none: a store whose tasks cannot be read (a damaged page, a row the schema's
    /// checks would refuse) fails here with the error those give.
    ///
    /// - Throws: ``AppGroupError`` (`store.corrupt` for a damaged table).
    /// - Complexity: O(n) for n stored tasks, in time; O(1) in memory.
    public func checkTasksAreReadable() throws(AppGroupError) {
        let everything = TaskQuery()
        _ = try self.query(TaskQueryShape(everything).selectSQL, TaskQueryShape.bindings(for: everything)) {
            row throws(SQLiteError) in _ = try Self.task(from: row)
        }
    }

    /// The task with identifier `id`, or `nil`.
    ///
    /// A UUID is found whatever the case of its letters.
    /// - Complexity: O(log n).
    public func task(id: String) throws(AppGroupError) -> StoredTask? {
        let id = Self.canonicalID(id)
        return try withConnection { database throws(SQLiteError) in try Self.task(id: id, in: database) }
    }

    static func task(id: String, in database: SQLiteDatabase) throws(SQLiteError) -> StoredTask? {
        try database.query("SELECT \(taskColumns) FROM tasks WHERE id = ?", [.text(id)], row: task(from:))
            .first
    }

    /// The task in the current row of a statement selecting ``taskColumns``.
    static func task(from row: SQLiteStatement) throws(SQLiteError) -> StoredTask {
        let priorityText = row.string(at: 2) ?? ""
        guard let priority = TaskPriority(rawValue: priorityText) else {
            // The CHECK constraint makes this unreachable unless the file was edited by hand.
            throw SQLiteError(
                code: SQLITE_CORRUPT,
                message: "a task has the unknown priority '\(priorityText)'",
                path: "",
                sql: row.sql
            )
        }
        return StoredTask(
            id: row.string(at: 0) ?? "",
            title: row.string(at: 1) ?? "",
            priority: priority,
            category: row.string(at: 3),
            isCompleted: row.int(at: 4) != 0,
            dueDate: row.isNull(at: 5) ? nil : Date(timeIntervalSince1970: row.double(at: 5))
        )
    }

    /// `id` as `UUID.uuidString` writes it when it is a UUID, else unchanged.
    static func canonicalID(_ id: String) -> String {
        isCanonicalUUID(id) ? id : UUID(uuidString: id)?.uuidString ?? id
    }

    /// Whether `id` is already a UUID as `UUID.uuidString` writes it (`8-4-4-4-12` uppercase hex
    /// digits); checked by hand because Foundation's parsing and printing of UUIDs go through
    /// `sscanf`/`sprintf`, a measurable cost when importing hundreds of thousands of tasks.
    static func isCanonicalUUID(_ id: String) -> Bool {
        var count = 0
        for byte in id.utf8 {
            switch count {
            case 8, 13, 18, 23:
                guard byte == UInt8(ascii: "-") else { return false }
            default:
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                else { return false }
            }
            count += 1
        }
        return count == 36
    }

    // MARK: - Changing tasks

    /// Stores `tasks` and optionally the focus mode, in one transaction: all of it or nothing.
    ///
    /// A task whose id is not stored yet is appended, in the order given, after those already
    /// stored; a task whose id is stored replaces that task in place (it keeps its position).
    ///
    /// - Parameters:
    ///   - tasks: The tasks, in the order to append new ones.
    ///   - focus: The focus mode to set, or `nil` to leave it.
    /// - Returns: How many tasks were added and how many updated.
    /// - Throws: ``AppGroupError``; the store is then unchanged. `store.invalid-task` for a task
    ///   with an empty title, `store.title-too-long` or `store.category-too-long` for one over
    ///   ``StoredTask/maxTitleSize`` or ``StoredTask/maxCategorySize``.
    /// - Complexity: O(m log n) for m tasks imported into n.
    @discardableResult
    public func importTasks(_ tasks: [StoredTask], focus: Bool?) throws(AppGroupError) -> TaskImportSummary {
        for task in tasks { try Self.checkSize(of: task) }
        return try write { database throws(SQLiteError) in
            var summary = TaskImportSummary(added: 0, updated: 0)
            for var task in tasks {
                task.id = Self.canonicalID(task.id)
                if try Self.insert(task, in: database) {
                    summary.added += 1
                } else {
                    try Self.update(task, in: database)
                    summary.updated += 1
                }
            }
            if let focus {
                try Self.setDefault(focus ? "true" : "false", forKey: Self.focusModeKey, in: database)
            }
            return summary
        }
    }

    /// Appends `task` unless its id is already stored.
    ///
    /// - Returns: Whether the task was appended.
    private static func insert(_ task: StoredTask, in database: SQLiteDatabase) throws(SQLiteError) -> Bool {
        // DO NOTHING covers only the id's uniqueness: a CHECK still fails the statement.
        try database.run(
            """
            INSERT INTO tasks(id, title, priority, category, isCompleted, dueDate) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO NOTHING
            """,
            [.text(task.id)] + values(of: task)
        )
        return database.changes == 1
    }

    /// Replaces the stored task with `task`'s id by `task`, keeping its position.
    private static func update(_ task: StoredTask, in database: SQLiteDatabase) throws(SQLiteError) {
        try database.run(
            """
            UPDATE tasks SET title = ?, priority = ?, category = ?, isCompleted = ?, dueDate = ?
            WHERE id = ?
            """,
            values(of: task) + [.text(task.id)]
        )
    }

    /// Refuses a task whose title or category is longer than a task may hold (4 KiB of UTF-8 each),
    /// as `store import` and `AddTaskIntent` do, so no writer can store one that every widget
    /// showing it would carry.
    private static func checkSize(of task: StoredTask) throws(AppGroupError) {
        func refuse(_ code: FailureCode, _ field: String, _ size: Int, limit: Int) -> AppGroupError {
            AppGroupError(
                code: code,
                message: "cannot store the task '\(task.id)': its \(field) is \(size) bytes long; a \(field) "
                    + "holds at most \(limit) bytes (4 KiB) of UTF-8; nothing was changed")
        }
        let title = task.title.utf8.count
        if title > StoredTask.maxTitleSize {
            throw refuse(.storeTitleTooLong, "title", title, limit: StoredTask.maxTitleSize)
        }
        if let category = task.category?.utf8.count, category > StoredTask.maxCategorySize {
            throw refuse(.storeCategoryTooLong, "category", category, limit: StoredTask.maxCategorySize)
        }
    }

    /// The values of every column of `task` but its id, in table order.
    private static func values(of task: StoredTask) -> [SQLiteValue] {
        [
            .text(task.title), .text(task.priority.rawValue), SQLiteValue(task.category),
            SQLiteValue(task.isCompleted), SQLiteValue(task.dueDate?.timeIntervalSince1970),
        ]
    }

    /// Flips the task's completion, as the seed's `ToggleTaskIntent` does, in one transaction.
    ///
    /// - Returns: The task as stored now, or `nil` when no task has that id.
    @discardableResult
    public func toggleTask(id: String) throws(AppGroupError) -> StoredTask? {
        let id = Self.canonicalID(id)
        return try write { database throws(SQLiteError) in
            try database.run("UPDATE tasks SET isCompleted = 1 - isCompleted WHERE id = ?", [.text(id)])
            return try Self.task(id: id, in: database)
        }
    }

    /// Sets the task's completion, as the seed's `SetTaskCompletionIntent` does, in one transaction.
    ///
    /// - Returns: The task as stored now, or `nil` when no task has that id.
    @discardableResult
    public func setTaskCompletion(id: String, isCompleted: Bool) throws(AppGroupError) -> StoredTask? {
        let id = Self.canonicalID(id)
        return try write { database throws(SQLiteError) in
            try database.run(
                "UPDATE tasks SET isCompleted = ? WHERE id = ?", [SQLiteValue(isCompleted), .text(id)])
            return try Self.task(id: id, in: database)
        }
    }

    /// Appends a new, not completed task with a new UUID, as the seed's `AddTaskIntent` does.
    ///
    /// - Parameters:
    ///   - title: What to do; must not be empty.
    ///   - priority: How urgent it is.
    ///   - category: Its group, if any.
    ///   - dueDate: When it is due, if ever.
    /// - Returns: The task as stored.
    /// - Throws: ``AppGroupError`` (`store.invalid-task` for an empty title, `store.title-too-long`
    ///   or `store.category-too-long` for one over 4 KiB).
    @discardableResult
    public func addTask(
        title: String,
        priority: TaskPriority = .medium,
        category: String? = nil,
        dueDate: Date? = nil
    ) throws(AppGroupError) -> StoredTask {
        let task = StoredTask(title: title, priority: priority, category: category, dueDate: dueDate)
        try Self.checkSize(of: task)
        try write { database throws(SQLiteError) in _ = try Self.insert(task, in: database) }
        return task
    }

    // MARK: - Diagnostics for tests

    /// SQLite's plan for `query` (`EXPLAIN QUERY PLAN`), one line per step.
    func queryPlan(for query: TaskQuery) throws(AppGroupError) -> [String] {
        let sql = "EXPLAIN QUERY PLAN " + TaskQueryShape(query).selectSQL
        let bindings = TaskQueryShape.bindings(for: query)
        return try withConnection { database throws(SQLiteError) in
            try database.query(sql, bindings) { row throws(SQLiteError) in row.string(at: 3) ?? "" }
        }
    }

    /// The tasks for `query` with the virtual machine steps SQLite took to find them, for tests that
    /// the cost of a query does not grow with the number of tasks.
    func measuredTasks(matching query: TaskQuery) throws(AppGroupError) -> (tasks: [StoredTask], steps: Int) {
        let sql = TaskQueryShape(query).selectSQL
        let bindings = TaskQueryShape.bindings(for: query)
        return try withConnection { database throws(SQLiteError) in
            let statement = try database.prepare(sql)
            _ = statement.virtualMachineSteps(reset: true)
            let tasks = try database.query(sql, bindings, row: Self.task(from:))
            return (tasks, statement.virtualMachineSteps(reset: true))
        }
    }
}
