import AppGroup
import Foundation
import TaskStore
import Testing
@_spi(WidgetHost) import WidgetHostKit

@testable import TaskWidget

/// One TaskWidget configuration of the filter table.
struct FilterCase: Sendable, CustomTestStringConvertible {
    var priorityFilter: PriorityFilter
    var showCompleted: Bool
    var category: String
    var maxTasks: Int

    var configuration: [String: JSONValue] {
        [
            "priorityFilter": .string(priorityFilter.rawValue),
            "showCompleted": .bool(showCompleted),
            "category": .string(category),
            "maxTasks": .int(maxTasks),
        ]
    }

    var testDescription: String {
        "\(priorityFilter.rawValue)/\(showCompleted ? "completed" : "pending")/\(category)/\(maxTasks)"
    }

    /// Every priority filter x showCompleted x category (all, work, personal, one no task has)
    /// x maxTasks (1, 3, 10): 96 cases.
    static let all: [FilterCase] = PriorityFilter.allCases.flatMap { priority in
        [true, false].flatMap { showCompleted in
            ["all", "work", "personal", "missing"].flatMap { category in
                [1, 3, 10].map {
                    FilterCase(
                        priorityFilter: priority, showCompleted: showCompleted, category: category,
                        maxTasks: $0)
                }
            }
        }
    }
}

@Suite struct TaskWidgetTests {
    @Test(arguments: FilterCase.all)
    func timelineEntryIsTheSeedsFilteredTasks(_ filter: FilterCase) async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(TaskWidget().body, configuration: filter.configuration)
        let expected = Fixtures.filteredTasks(
            Fixtures.tasks,
            priorityFilter: filter.priorityFilter.rawValue,
            showCompleted: filter.showCompleted,
            category: filter.category,
            maxTasks: filter.maxTasks
        )
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries.first?.data == Fixtures.taskEntryJSON(expected))
    }

    @Test(arguments: FilterCase.all.filter { $0.maxTasks == 3 })
    func snapshotShowsTheSameTasksAsTheTimeline(_ filter: FilterCase) async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let snapshot = try await temporary.render(
            TaskWidget().body, mode: .snapshot, configuration: filter.configuration)
        let timeline = try await temporary.render(TaskWidget().body, configuration: filter.configuration)
        #expect(snapshot.entries.map(\.data) == timeline.entries.map(\.data))
        #expect(snapshot.policy == .never)
    }

    @Test func defaultsAreEveryPriorityCompletedShownThreeTasksEveryCategory() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(TaskWidget().body)
        #expect(timeline.entries.first?.data == Fixtures.taskEntryJSON(Array(Fixtures.tasks.prefix(3))))
    }

    @Test func entryCountsCompletedPendingAndPendingHighPriorityTasks() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(TaskWidget().body, configuration: ["maxTasks": .int(10)])
        let data = try #require(timeline.entries.first?.data)
        // Tasks 1-10: completed 2, 4, 6, 9; high and pending 1, 7 (4 and 9 are completed).
        #expect(data["completedCount"] == .int(4))
        #expect(data["pendingCount"] == .int(6))
        #expect(data["highPriorityCount"] == .int(2))
    }

    @Test func entryCountsAreOverTheEntrysTasksOnly() {
        let entry = TaskEntry(
            date: Fixtures.now,
            tasks: [
                TaskItem(id: "a", title: "A", isCompleted: false, priority: .high),
                TaskItem(id: "b", title: "B", isCompleted: true, priority: .high),
                TaskItem(id: "c", title: "C", isCompleted: false, priority: .low),
            ]
        )
        #expect(entry.completedCount == 1)
        #expect(entry.pendingCount == 2)
        #expect(entry.highPriorityCount == 1)
    }

    @Test func tasksCarryDueDatesAsISO8601AndMissingValuesAsNull() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(
            TaskWidget().body,
            configuration: [
                "priorityFilter": .string("high"), "showCompleted": .bool(false), "maxTasks": .int(3),
            ]
        )
        let data = try #require(timeline.entries.first?.data)
        #expect(
            data["tasks"]?.description
                == """
                [{"id":"00000000-0000-4000-8000-000000000001","title":"Ship release notes","isCompleted":false,\
                "priority":"high","category":"work","dueDate":null},\
                {"id":"00000000-0000-4000-8000-000000000007","title":"Fix the leaking tap","isCompleted":false,\
                "priority":"high","category":null,"dueDate":null},\
                {"id":"00000000-0000-4000-8000-000000000012","title":"Prepare the demo","isCompleted":false,\
                "priority":"high","category":"work","dueDate":"2026-12-01T09:00:00Z"}]
                """
        )
    }

    @Test func categoryIsComparedExactly() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(
            TaskWidget().body, configuration: ["category": .string("Work")])
        #expect(timeline.entries.first?.data == Fixtures.taskEntryJSON([]))
    }

    @Test func emptyStoreGivesAnEmptyEntry() async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(TaskWidget().body)
        #expect(timeline.entries.first?.data == Fixtures.taskEntryJSON([]))
    }

    @Test func timelineIsOneEntryAtTheHostsClockReloadedFifteenMinutesLater() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let date = Fixtures.date("2026-03-01T08:59:30Z")
        let timeline = try await temporary.render(TaskWidget().body, at: date)
        #expect(timeline.entries.map(\.date) == [date])
        #expect(timeline.policy == .after(Fixtures.date("2026-03-01T09:14:30Z")))
    }

    @Test func placeholderShowsSampleTasksWithoutOpeningTheStore() async throws {
        // A container under a regular file: opening a store there fails.
        let temporary = try TemporaryContainer()
        let file = temporary.url.appendingPathComponent("file")
        try Data().write(to: file)
        let unopenable = SharedContainer(url: file.appendingPathComponent("store"))
        let context = TimelineProviderContext(
            family: .systemMedium, isPreview: true, date: Fixtures.now, container: unopenable)
        let placeholder = try await TaskWidget().body.render(
            WidgetRequest(mode: .placeholder, configuration: [:], context: context))
        let data = try #require(placeholder.entries.first?.data)
        guard case .array(let tasks)? = data["tasks"] else {
            Issue.record("no tasks in \(data)")
            return
        }
        #expect(tasks.count == 4)
        #expect(tasks.first?["title"] == .string("Review pull requests"))
        #expect(data["pendingCount"] == .int(3))
        #expect(data["highPriorityCount"] == .int(1))
        #expect(placeholder.entries.first?.date == Fixtures.now)
        #expect(placeholder.policy == .never)

        await #expect(throws: AppGroupError.self) {
            try await TaskWidget().body.render(
                WidgetRequest(mode: .timeline, configuration: [:], context: context))
        }
    }

    @Test func metadataNamesTheKindFamiliesAndParameters() throws {
        let configuration = TaskWidget().body
        #expect(configuration.metadata.kind == "TaskWidget")
        #expect(configuration.metadata.displayName == "Tasks")
        #expect(!configuration.metadata.description.isEmpty)
        #expect(
            configuration.metadata.supportedFamilies == [
                .systemMedium, .systemSmall, .systemLarge, .systemExtraLarge,
                .accessoryCircular, .accessoryRectangular, .accessoryInline,
            ]
        )
        #expect(configuration.isConfigurable)
        #expect(
            configuration.parameters == [
                ParameterDescription(
                    name: "priorityFilter",
                    title: "Priority",
                    type: .enumeration(
                        name: "Priority Filter",
                        cases: [
                            EnumCase(value: "all", title: "All"), EnumCase(value: "high", title: "High"),
                            EnumCase(value: "medium", title: "Medium"), EnumCase(value: "low", title: "Low"),
                        ]
                    ),
                    defaultValue: .string("all")
                ),
                ParameterDescription(
                    name: "showCompleted", title: "Show Completed", type: .boolean, isOptional: true
                ),
                ParameterDescription(
                    name: "maxTasks", title: "Number of Tasks", type: .integer, defaultValue: .int(3),
                    minimum: 1
                ),
                ParameterDescription(
                    name: "rowStyle",
                    title: "Row Style",
                    type: .enumeration(
                        name: "Row Style",
                        cases: [
                            EnumCase(value: "button", title: "Button"),
                            EnumCase(value: "toggle", title: "Toggle"),
                        ]
                    ),
                    defaultValue: .string("button")
                ),
                ParameterDescription(
                    name: "category", title: "Category", type: .string, defaultValue: .string("all"),
                    hasDynamicOptions: true),
            ]
        )
    }

    @Test func bundleListsTheWidgetAndItsFiveIntents() {
        let bundle = TaskWidgetBundle()
        #expect(bundle.widgets.map(\.metadata.kind) == ["TaskWidget"])
        #expect(
            bundle.intents.map { $0.intentType }
                == [
                    "ToggleTaskIntent", "SetTaskCompletionIntent", "CompleteTaskIntent", "AddTaskIntent",
                    "ToggleTaskWithFeedbackIntent",
                ]
        )
    }
}
