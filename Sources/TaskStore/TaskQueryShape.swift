import AppGroup

/// Which of a ``TaskQuery``'s three filters are present: one of eight shapes, each with its own
/// SQL and its own index.
///
/// Every index holds the filtered columns followed by `position`, so a query of any shape is an
/// index range scan that yields matching rows already in store order: SQLite reads the first
/// `limit` entries and stops, and a widget's cost does not grow with the number of tasks.
struct TaskQueryShape: Hashable, Sendable, CaseIterable {
    /// Whether the query keeps one priority.
    var filtersPriority: Bool
    /// Whether the query drops completed tasks.
    var filtersCompleted: Bool
    /// Whether the query keeps one category.
    var filtersCategory: Bool

    /// The shape of `query`.
    init(_ query: TaskQuery) {
        self.init(
            filtersPriority: query.priority != nil,
            filtersCompleted: !query.includeCompleted,
            filtersCategory: query.category != nil
        )
    }

    init(filtersPriority: Bool, filtersCompleted: Bool, filtersCategory: Bool) {
        self.filtersPriority = filtersPriority
        self.filtersCompleted = filtersCompleted
        self.filtersCategory = filtersCategory
    }

    /// The eight shapes.
    static let allCases: [TaskQueryShape] = [false, true].flatMap { priority in
        [false, true].flatMap { completed in
            [false, true].map { category in
                TaskQueryShape(
                    filtersPriority: priority, filtersCompleted: completed, filtersCategory: category)
            }
        }
    }

    /// The filtered columns, in index order, with the name part of each.
    private var columns: [(column: String, name: String)] {
        var columns: [(String, String)] = []
        if filtersPriority { columns.append(("priority", "priority")) }
        if filtersCompleted { columns.append(("isCompleted", "completed")) }
        if filtersCategory { columns.append(("category", "category")) }
        return columns
    }

    /// The index serving this shape, or `nil` for the unfiltered shape, which walks the table
    /// itself in `position` (rowid) order.
    var indexName: String? {
        let columns = columns
        guard !columns.isEmpty else { return nil }
        return "tasks_by_" + columns.map(\.name).joined(separator: "_")
    }

    /// The statement creating ``indexName``, as AppGroup's schema of version 1 writes it
    /// (`AppGroupStore.taskIndexesSQL`, which a test compares with this).
    var createIndexSQL: String? {
        guard let indexName else { return nil }
        let columns = columns.map(\.column).joined(separator: ", ")
        return "CREATE INDEX IF NOT EXISTS \(indexName) ON tasks(\(columns), position)"
    }

    /// The query: its parameters are the priority and the category when filtered, then the limit.
    ///
    /// `INDEXED BY` makes the plan a guarantee rather than the planner's choice: SQLite refuses
    /// to prepare the statement if the index cannot serve it.
    var selectSQL: String {
        Self.selectStatements[ordinal]
    }

    /// The shape's place in ``allCases``: its three filters as the bits of a number.
    private var ordinal: Int {
        (filtersPriority ? 4 : 0) + (filtersCompleted ? 2 : 0) + (filtersCategory ? 1 : 0)
    }

    /// ``selectSQL`` of each shape, written once: a batch run asks for it once per widget.
    private static let selectStatements = allCases.map(\.composedSelectSQL)

    private var composedSelectSQL: String {
        var sql = "SELECT \(AppGroupStore.taskColumns) FROM tasks"
        if let indexName { sql += " INDEXED BY \(indexName)" }
        var conditions: [String] = []
        if filtersPriority { conditions.append("priority = ?") }
        if filtersCompleted { conditions.append("isCompleted = 0") }
        if filtersCategory { conditions.append("category = ?") }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return sql + " ORDER BY position LIMIT ?"
    }

    /// The values bound to ``selectSQL``'s parameters for `query`.
    static func bindings(for query: TaskQuery) -> [SQLiteValue] {
        var values: [SQLiteValue] = []
        if let priority = query.priority { values.append(.text(priority.rawValue)) }
        if let category = query.category { values.append(.text(category)) }
        values.append(.integer(query.limit))
        return values
    }
}
