import AppGroup
import Diagnostics
import Foundation
import TaskStore
import Testing
@_spi(WidgetHost) import WidgetHostKit

@testable import TaskWidget

@Suite struct TaskIntentTests {
    static let pending = Fixtures.tasks[0]  // task 1, not completed
    static let completed = Fixtures.tasks[1]  // task 2, completed
    static let unknownID = "0F0F0F0F-0000-4000-8000-000000000000"

    @Test func toggleFlipsCompletionBothWays() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let first = try await temporary.perform(ToggleTaskIntent(taskID: Self.pending.id))
        #expect(first.value == .bool(true))
        #expect(first.dialog == nil)
        #expect(try temporary.store().task(id: Self.pending.id)?.isCompleted == true)

        let second = try await temporary.perform(ToggleTaskIntent(taskID: Self.pending.id))
        #expect(second.value == .bool(false))
        #expect(try temporary.store().task(id: Self.pending.id)?.isCompleted == false)
        #expect(temporary.reloads.kinds == ["TaskWidget", "TaskWidget"])
    }

    @Test func toggleChangesOnlyThatTask() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        _ = try await temporary.perform(ToggleTaskIntent(taskID: Self.completed.id))
        var expected = Fixtures.tasks
        expected[1].isCompleted = false
        #expect(try temporary.store().allTasks() == expected)
    }

    @Test func toggleFindsAUUIDWrittenInLowerCase() async throws {
        let id = "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
        let temporary = try TemporaryContainer(tasks: [StoredTask(id: id, title: "Hex", priority: .low)])
        _ = try await temporary.perform(ToggleTaskIntent(taskID: id.lowercased()))
        #expect(try temporary.store().task(id: id)?.isCompleted == true)
    }

    @Test(arguments: [true, false])
    func setTaskCompletionSetsRatherThanToggles(_ isCompleted: Bool) async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        for task in [Self.pending, Self.completed] {
            for _ in 0..<2 {
                let result = try await temporary.perform(
                    SetTaskCompletionIntent(taskID: task.id, isCompleted: isCompleted))
                #expect(result.value == .bool(isCompleted))
                #expect(try temporary.store().task(id: task.id)?.isCompleted == isCompleted)
            }
        }
        #expect(temporary.reloads.kinds == Array(repeating: "TaskWidget", count: 4))
    }

    @Test func completeTaskCompletesAndKeepsCompletedTasksCompleted() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        for task in [Self.pending, Self.completed] {
            let result = try await temporary.perform(CompleteTaskIntent(taskId: task.id))
            #expect(result.value == .bool(true))
            #expect(try temporary.store().task(id: task.id)?.isCompleted == true)
        }
        #expect(temporary.reloads.kinds == ["TaskWidget", "TaskWidget"])
    }

    @Test func addTaskAppendsANotCompletedMediumTaskAndSaysSo() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let result = try await temporary.perform(AddTaskIntent(taskName: "Buy milk"))
        #expect(result.dialog == "Buy milk added")

        let tasks = try temporary.store().allTasks()
        #expect(Array(tasks.dropLast()) == Fixtures.tasks)
        let added = try #require(tasks.last)
        #expect(result.value == .string(added.id))
        #expect(UUID(uuidString: added.id) != nil)
        #expect(added.title == "Buy milk")
        #expect(added.priority == .medium)
        #expect(added.category == nil)
        #expect(!added.isCompleted)
        #expect(added.dueDate == nil)
        // As seed 002's AddTaskIntent: reloadAllTimelines().
        #expect(temporary.reloads.kinds == [nil])
    }

    @Test func addTaskKeepsTheOrderOfAdditions() async throws {
        let temporary = try TemporaryContainer()
        _ = try await temporary.perform(AddTaskIntent(taskName: "First", priority: .high, category: "work"))
        _ = try await temporary.perform(AddTaskIntent(taskName: "Second", priority: .low))
        _ = try await temporary.perform(AddTaskIntent(taskName: "Third"))
        let tasks = try temporary.store().allTasks()
        #expect(tasks.map(\.title) == ["First", "Second", "Third"])
        #expect(tasks.map(\.priority) == [.high, .low, .medium])
        #expect(tasks.map(\.category) == ["work", nil, nil])
    }

    @Test func addedTaskShowsAtTheEndOfTheWidget() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(2)))
        _ = try await temporary.perform(AddTaskIntent(taskName: "Water the garden", priority: .high))
        let timeline = try await temporary.render(TaskWidget().body)
        let data = try #require(timeline.entries.first?.data)
        guard case .array(let tasks)? = data["tasks"] else {
            Issue.record("no tasks in \(data)")
            return
        }
        #expect(tasks.last?["title"] == .string("Water the garden"))
        #expect(data["highPriorityCount"] == .int(2))
    }

    @Test(arguments: [
        ToggleTaskIntent.intentType, SetTaskCompletionIntent.intentType, CompleteTaskIntent.intentType,
    ])
    func unknownTaskIsAnErrorAndChangesNothing(_ intentType: String) async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks, focus: true)
        let error = await #expect(throws: TaskIntentError.self) {
            switch intentType {
            case ToggleTaskIntent.intentType:
                _ = try await temporary.perform(ToggleTaskIntent(taskID: Self.unknownID))
            case SetTaskCompletionIntent.intentType:
                _ = try await temporary.perform(
                    SetTaskCompletionIntent(taskID: Self.unknownID, isCompleted: true))
            default:
                _ = try await temporary.perform(CompleteTaskIntent(taskId: Self.unknownID))
            }
        }
        #expect(error?.code == "task.not-found")
        #expect(
            error?.description
                == "no task with id '\(Self.unknownID)'; 'widgethost store export' lists the stored tasks and their ids"
        )
        #expect(try temporary.store().allTasks() == Fixtures.tasks)
        #expect(try temporary.store().isFocusModeOn())
        #expect(temporary.reloads.kinds.isEmpty)
    }

    @Test(arguments: ["", "   ", "\n"])
    func addTaskWithoutANameIsAnErrorAndChangesNothing(_ name: String) async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let error = await #expect(throws: IntentParameterError.self) {
            _ = try await temporary.perform(AddTaskIntent(taskName: name))
        }
        #expect(error?.title == "Task Name")
        #expect(error?.message == "a task needs a name: 'taskName' is empty")
        #expect(try temporary.store().allTasks() == Fixtures.tasks)
        #expect(temporary.reloads.kinds.isEmpty)
    }

    /// A name over 4 KiB (counted in UTF-8 bytes) is refused and changes nothing; 4 KiB exactly is
    /// a name.
    @Test func addTaskWithANameOverFourKiBIsAnErrorAndChangesNothing() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        // 1,366 three-byte characters: 4,098 bytes.
        let name = String(repeating: "가", count: 1366)
        let error = await #expect(throws: IntentParameterError.self) {
            _ = try await temporary.perform(AddTaskIntent(taskName: name))
        }
        #expect(error?.title == "Task Name")
        #expect(
            error?.message
                == "'taskName' is 4098 bytes long; a task's name holds at most 4096 bytes (4 KiB) of UTF-8")
        #expect(try temporary.store().allTasks() == Fixtures.tasks)
        #expect(temporary.reloads.kinds.isEmpty)

        _ = try await temporary.perform(AddTaskIntent(taskName: String(repeating: "a", count: 4096)))
        #expect(try temporary.store().allTasks().last?.title.utf8.count == 4096)
    }

    @Test func intentsOutsideAHostSayWhatIsMissing() async throws {
        let error = await #expect(throws: IntentEnvironment.Missing.self) {
            _ = try await ToggleTaskIntent(taskID: Self.pending.id).perform()
        }
        #expect(error?.code == "intent.no-container")
        #expect(
            error?.description
                == "ToggleTaskIntent has no shared container to change: run it with 'widgethost perform' or "
                + "'widgethost tap', or inside IntentEnvironment.$current.withValue(...)"
        )
        await #expect(throws: IntentEnvironment.Missing.self) {
            _ = try await AddTaskIntent(taskName: "x").perform()
        }
    }

    @Test func parametersAreTheSeedsNamesInOrder() {
        #expect(ParameterReflection.descriptions(of: ToggleTaskIntent()).map(\.name) == ["taskID"])
        #expect(
            ParameterReflection.descriptions(of: SetTaskCompletionIntent()).map(\.name) == [
                "taskID", "isCompleted",
            ]
        )
        #expect(ParameterReflection.descriptions(of: CompleteTaskIntent()).map(\.name) == ["taskId"])
        let add = ParameterReflection.descriptions(of: AddTaskIntent())
        #expect(add.map(\.name) == ["taskName", "priority", "category"])
        #expect(add.map(\.isRequired) == [true, false, false])
        #expect(add[1].defaultValue == .string("medium"))
        #expect(
            add[1].type
                == .enumeration(
                    name: "Priority",
                    cases: [
                        EnumCase(value: "low", title: "Low"), EnumCase(value: "medium", title: "Medium"),
                        EnumCase(value: "high", title: "High"),
                    ]
                )
        )
        #expect(add[2].isOptional)
        #expect(ParameterReflection.descriptions(of: ToggleTaskIntent()).map(\.isRequired) == [true])
    }

    @Test func convenienceInitializersSetTheParameters() {
        #expect(
            ParameterReflection.values(of: SetTaskCompletionIntent(taskID: "x", isCompleted: true))
                .description
                == #"{"taskID":"x","isCompleted":true}"#
        )
        #expect(
            ParameterReflection.values(of: CompleteTaskIntent(taskId: "y")).description == #"{"taskId":"y"}"#)
        #expect(
            ParameterReflection.values(of: AddTaskIntent(taskName: "z", priority: .high, category: "work"))
                .description
                == #"{"taskName":"z","priority":"high","category":"work"}"#
        )
        #expect(
            ParameterReflection.values(of: AddTaskIntent(taskName: "z")).description
                == #"{"taskName":"z","priority":"medium","category":null}"#
        )
    }
}
