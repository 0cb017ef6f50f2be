import Foundation
import TestSupport
import Testing

@testable import AppGroup
@testable import TaskStore

/// `tasks(matching:)` against the seed's `filteredTasks`, for every combination of filters, and the
/// plans and costs that keep a widget's query independent of the number of tasks.
@Suite struct TaskQueryTests {
    /// The seed's `filteredTasks` on an array: priority, then completed, then category, then the
    /// first `limit`.
    static func reference(_ tasks: [StoredTask], _ query: TaskQuery) -> [StoredTask] {
        var tasks = tasks
        if let priority = query.priority {
            tasks = tasks.filter { $0.priority == priority }
        }
        if !query.includeCompleted {
            tasks = tasks.filter { !$0.isCompleted }
        }
        if let category = query.category {
            tasks = tasks.filter { $0.category == category }
        }
        return Array(tasks.prefix(max(query.limit, 0)))
    }

    static let categories: [String?] = ["work", "personal", "shopping", nil, "Work"]

    /// `count` tasks with every priority, category (and none) and completion mixed.
    static func generatedTasks(_ count: Int, seed: UInt64 = 2026) -> [StoredTask] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            StoredTask(
                id: UUID().uuidString,
                title: "task \(index)",
                priority: TaskPriority.allCases.randomElement(using: &generator) ?? .medium,
                category: categories.randomElement(using: &generator) ?? nil,
                isCompleted: Bool.random(using: &generator),
                dueDate: index.isMultiple(of: 5) ? Date(timeIntervalSince1970: Double(index) * 3600) : nil
            )
        }
    }

    @Test(arguments: [TaskPriority?.none, .low, .medium, .high], [true, false])
    func everyFilterCombinationMatchesTheSeedsFilter(priority: TaskPriority?, includeCompleted: Bool) throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        let tasks = Self.generatedTasks(300)
        try store.importTasks(tasks, focus: nil)
        for category in Self.categories + ["no such category"] {
            for limit in [-1, 0, 1, 2, 3, 4, 10, 1000, .max] {
                let query = TaskQuery(
                    priority: priority, includeCompleted: includeCompleted, category: category, limit: limit)
                let expected = Self.reference(tasks, query)
                #expect(try store.tasks(matching: query) == expected, "\(query)")
            }
        }
    }

    @Test func categoriesCompareExactly() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks(
            [
                StoredTask(title: "a", category: "work"), StoredTask(title: "b", category: "Work"),
                StoredTask(title: "c", category: nil), StoredTask(title: "d", category: ""),
            ], focus: nil)
        #expect(try store.tasks(matching: TaskQuery(category: "work")).map(\.title) == ["a"])
        #expect(try store.tasks(matching: TaskQuery(category: "")).map(\.title) == ["d"])
        #expect(try store.tasks(matching: TaskQuery()).map(\.title) == ["a", "b", "c", "d"])
    }

    /// One line of each shape's expected plan: the index and the constraints it searches on.
    static let expectedPlans: [(TaskQuery, String)] = [
        (TaskQuery(limit: 3), "SCAN tasks"),
        (TaskQuery(priority: .high, limit: 3), "SEARCH tasks USING INDEX tasks_by_priority (priority=?)"),
        (
            TaskQuery(includeCompleted: false, limit: 3),
            "SEARCH tasks USING INDEX tasks_by_completed (isCompleted=?)"
        ),
        (TaskQuery(category: "work", limit: 3), "SEARCH tasks USING INDEX tasks_by_category (category=?)"),
        (
            TaskQuery(priority: .low, includeCompleted: false, limit: 3),
            "SEARCH tasks USING INDEX tasks_by_priority_completed (priority=? AND isCompleted=?)"
        ),
        (
            TaskQuery(priority: .medium, category: "work", limit: 3),
            "SEARCH tasks USING INDEX tasks_by_priority_category (priority=? AND category=?)"
        ),
        (
            TaskQuery(includeCompleted: false, category: "work", limit: 3),
            "SEARCH tasks USING INDEX tasks_by_completed_category (isCompleted=? AND category=?)"
        ),
        (
            TaskQuery(priority: .high, includeCompleted: false, category: "work", limit: 3),
            "SEARCH tasks USING INDEX tasks_by_priority_completed_category (priority=? AND isCompleted=? AND category=?)"
        ),
    ]

    @Test func everyShapeIsAnIndexRangeScanInStoreOrder() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks(Self.generatedTasks(500), focus: nil)
        #expect(Set(Self.expectedPlans.map { TaskQueryShape($0.0) }).count == 8)
        for (query, expected) in Self.expectedPlans {
            let plan = try store.queryPlan(for: query)
            // One step, no "USE TEMP B-TREE FOR ORDER BY": the rows come out of the index (or, with
            // no filter, the table) already in position order, and LIMIT stops the walk.
            #expect(plan == [expected], "\(query)")
        }
    }

    @Test func theSchemaCreatesTheIndexOfEveryShapeAndNoOther() {
        // AppGroup's migration writes the indexes out (version 1 never changes); they must be the
        // ones the queries name in INDEXED BY.
        func words(_ sql: String) -> [String] {
            sql.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        let statements = AppGroupStore.taskIndexesSQL.split(separator: ";").map { words(String($0)) }
        let created = statements.filter { $0.starts(with: ["CREATE", "INDEX"]) }
        let expected = TaskQueryShape.allCases.compactMap(\.createIndexSQL).map(words)
        #expect(created.count == 7)
        #expect(Set(created) == Set(expected))
    }

    @Test func theCostOfAQueryDoesNotGrowWithTheNumberOfTasks() throws {
        // The same 300 tasks, alone and after 20,000 others that match no filter but the empty one.
        let shown = Self.generatedTasks(300)
        let filler = (0..<20_000).map { index in
            StoredTask(title: "filler \(index)", priority: .low, category: "archive", isCompleted: true)
        }
        let small = try TemporaryDirectory()
        let smallStore = try AppGroupStore(directory: small.url)
        try smallStore.importTasks(shown, focus: nil)
        let large = try TemporaryDirectory()
        let largeStore = try AppGroupStore(directory: large.url)
        try largeStore.importTasks(filler + shown, focus: nil)

        for (query, _) in Self.expectedPlans where query.priority != nil || query.category != nil {
            let fewer = try smallStore.measuredTasks(matching: query)
            let more = try largeStore.measuredTasks(matching: query)
            #expect(fewer.tasks == more.tasks, "\(query)")
            #expect(fewer.tasks.count == 3, "\(query)")
            #expect(
                more.steps == fewer.steps,
                "\(query): \(more.steps) steps over 20,300 tasks, \(fewer.steps) over 300")
        }
        // Unfiltered, both read the first three rows of the table.
        let all = TaskQuery(limit: 3)
        #expect(
            try largeStore.measuredTasks(matching: all).steps == smallStore.measuredTasks(matching: all).steps
        )
        // Drop-completed skips the 20,000 completed fillers through the index without reading them.
        let pending = TaskQuery(includeCompleted: false, limit: 3)
        #expect(
            try largeStore.measuredTasks(matching: pending).steps
                == smallStore.measuredTasks(matching: pending).steps)
    }

    @Test func theEightStatementsArePreparedOnceAndReused() throws {
        let directory = try TemporaryDirectory()
        let store = try AppGroupStore(directory: directory.url)
        try store.importTasks(Self.generatedTasks(20), focus: nil)
        for _ in 0..<3 {
            for (query, _) in Self.expectedPlans { _ = try store.tasks(matching: query) }
        }
        let statements = Set(TaskQueryShape.allCases.map(\.selectSQL))
        #expect(statements.count == 8)
    }
}
