import AppGroup
import Foundation
import TaskStore
import Testing
import WidgetHostKit

@testable import TaskWidget

@Suite struct TaskWidgetViewTests {
    /// Six pending tasks, so every family is full.
    static let pendingTasks = Fixtures.tasks.filter { !$0.isCompleted }

    @Test(arguments: [
        (WidgetFamily.systemSmall, 2), (.systemMedium, 3), (.systemLarge, 4), (.systemExtraLarge, 4),
    ])
    func rowsByFamily(_ family: WidgetFamily, _ rows: Int) async throws {
        let temporary = try TemporaryContainer(tasks: Self.pendingTasks)
        let timeline = try await temporary.render(
            TaskWidget().body, family: family, configuration: ["maxTasks": .int(10)])
        let view = try #require(timeline.entries.first?.view)
        let buttons = view.controls.filter { $0.type == .button }
        #expect(buttons.count == rows)
        #expect(
            buttons.map { $0.intent?.parameters["taskID"] }
                == Self.pendingTasks.prefix(rows).map { .string($0.id) }
        )
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge])
    func fewerTasksThanTheFamilyFitsShowOneRowEach(_ family: WidgetFamily) async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(
            TaskWidget().body, family: family, configuration: ["maxTasks": .int(1)])
        #expect(timeline.entries.first?.view.controls.count == 1)
    }

    @Test func mediumViewIsTheSeedsHeaderAndRows() async throws {
        let temporary = try TemporaryContainer(tasks: [
            Fixtures.task(1, "Ship release notes", .high, "work"),
            Fixtures.task(2, "Book flights", .medium, nil, completed: true),
            Fixtures.task(3, "Water the plants", .low, nil),
        ])
        let timeline = try await temporary.render(TaskWidget().body)
        let view = try #require(timeline.entries.first?.view)
        #expect(
            view.json.description
                == """
                {"type":"vstack","modifiers":[{"type":"padding","edges":"all"},{"type":"containerBackground","style":"fill.tertiary"}],"children":[\
                {"type":"hstack","children":[\
                {"type":"image","systemName":"checklist","modifiers":[{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},\
                {"type":"text","text":"Tasks","modifiers":[{"type":"font","style":"headline"},{"type":"fontWeight","weight":"bold"}]},\
                {"type":"spacer"},\
                {"type":"text","text":"1/3","modifiers":[{"type":"font","style":"caption","weight":"bold"},{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"numericText"}]},\
                {"type":"text","text":"2","modifiers":[{"type":"font","style":"caption","weight":"bold"},{"type":"foregroundStyle","style":"white"},{"type":"padding","edges":"horizontal","length":8},{"type":"padding","edges":"vertical","length":4},{"type":"background","style":"orange"},{"type":"clipShape","shape":"capsule"}]}]},\
                {"type":"button","intent":{"type":"ToggleTaskIntent","parameters":{"taskID":"00000000-0000-4000-8000-000000000001"}},"modifiers":[{"type":"buttonStyle","style":"plain"}],"children":[\
                {"type":"hstack","modifiers":[{"type":"padding","edges":"vertical","length":6},{"type":"padding","edges":"horizontal","length":10},{"type":"background","style":"systemBackground","opacity":0.5},{"type":"cornerRadius","radius":8}],"children":[\
                {"type":"image","systemName":"circle","modifiers":[{"type":"font","style":"title3"},{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},\
                {"type":"vstack","children":[\
                {"type":"text","text":"Ship release notes","modifiers":[{"type":"font","style":"subheadline"},{"type":"strikethrough","isActive":false},{"type":"foregroundStyle","style":"primary"},{"type":"lineLimit","limit":1},{"type":"contentTransition","transition":"opacity"}]}]},\
                {"type":"spacer"},\
                {"type":"image","systemName":"exclamationmark.circle.fill","modifiers":[{"type":"foregroundStyle","style":"red"}]}]}]},\
                {"type":"button","intent":{"type":"ToggleTaskIntent","parameters":{"taskID":"00000000-0000-4000-8000-000000000002"}},"modifiers":[{"type":"buttonStyle","style":"plain"}],"children":[\
                {"type":"hstack","modifiers":[{"type":"padding","edges":"vertical","length":6},{"type":"padding","edges":"horizontal","length":10},{"type":"background","style":"systemBackground","opacity":0.5},{"type":"cornerRadius","radius":8}],"children":[\
                {"type":"image","systemName":"checkmark.circle.fill","modifiers":[{"type":"font","style":"title3"},{"type":"foregroundStyle","style":"green"},{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},\
                {"type":"vstack","children":[\
                {"type":"text","text":"Book flights","modifiers":[{"type":"font","style":"subheadline"},{"type":"strikethrough","isActive":true},{"type":"foregroundStyle","style":"secondary"},{"type":"lineLimit","limit":1},{"type":"contentTransition","transition":"opacity"}]}]},\
                {"type":"spacer"},\
                {"type":"image","systemName":"minus.circle.fill","modifiers":[{"type":"foregroundStyle","style":"orange"}]}]}]},\
                {"type":"button","intent":{"type":"ToggleTaskIntent","parameters":{"taskID":"00000000-0000-4000-8000-000000000003"}},"modifiers":[{"type":"buttonStyle","style":"plain"}],"children":[\
                {"type":"hstack","modifiers":[{"type":"padding","edges":"vertical","length":6},{"type":"padding","edges":"horizontal","length":10},{"type":"background","style":"systemBackground","opacity":0.5},{"type":"cornerRadius","radius":8}],"children":[\
                {"type":"image","systemName":"circle","modifiers":[{"type":"font","style":"title3"},{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},\
                {"type":"vstack","children":[\
                {"type":"text","text":"Water the plants","modifiers":[{"type":"font","style":"subheadline"},{"type":"strikethrough","isActive":false},{"type":"foregroundStyle","style":"primary"},{"type":"lineLimit","limit":1},{"type":"contentTransition","transition":"opacity"}]}]},\
                {"type":"spacer"}]}]},{"type":"spacer"}]}
                """
        )
    }

    @Test func noTasksSaysSo() async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(TaskWidget().body, family: .systemSmall)
        #expect(
            timeline.entries.first?.view.json.description
                == """
                {"type":"vstack","modifiers":[{"type":"padding","edges":"all"},{"type":"containerBackground","style":"fill.tertiary"}],"children":[\
                {"type":"hstack","children":[\
                {"type":"image","systemName":"checklist","modifiers":[{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},\
                {"type":"text","text":"Tasks","modifiers":[{"type":"font","style":"headline"},{"type":"fontWeight","weight":"bold"}]},\
                {"type":"spacer"},\
                {"type":"text","text":"0/0","modifiers":[{"type":"font","style":"caption","weight":"bold"},{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"numericText"}]},\
                {"type":"text","text":"0","modifiers":[{"type":"font","style":"caption","weight":"bold"},{"type":"foregroundStyle","style":"white"},{"type":"padding","edges":"horizontal","length":8},{"type":"padding","edges":"vertical","length":4},{"type":"background","style":"green"},{"type":"clipShape","shape":"capsule"}]}]},\
                {"type":"text","text":"No tasks","modifiers":[{"type":"font","style":"subheadline"},{"type":"foregroundStyle","style":"secondary"}]},\
                {"type":"spacer"}]}
                """
        )
    }

    @Test func accessoryCircularShowsThePendingCount() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(
            TaskWidget().body, family: .accessoryCircular, configuration: ["maxTasks": .int(10)]
        )
        #expect(
            timeline.entries.first?.view.json.description
                == #"{"type":"text","text":"6","modifiers":[{"type":"font","style":"title"},{"type":"widgetAccentable"}]}"#
        )
    }

    @Test func accessoryRectangularShowsTheCountAndTheNextPendingTask() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        // The medium tasks shown are 2 (completed), 5 and 8: the next one to do is 5.
        let timeline = try await temporary.render(
            TaskWidget().body,
            family: .accessoryRectangular,
            configuration: ["priorityFilter": .string("medium")]
        )
        #expect(
            timeline.entries.first?.view.json.description
                == #"{"type":"vstack","children":[{"type":"text","text":"2 tasks left","modifiers":["#
                + #"{"type":"font","style":"headline"},{"type":"widgetAccentable"}]},"#
                + #"{"type":"text","text":"Review pull requests","modifiers":[{"type":"font","style":"caption"}]}]}"#
        )
    }

    @Test func accessoryInlineShowsOneLine() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(
            TaskWidget().body, family: .accessoryInline, configuration: ["maxTasks": .int(1)]
        )
        #expect(timeline.entries.first?.view.json.description == #"{"type":"text","text":"1 task left"}"#)
    }

    @Test func accessoryRectangularWithNothingLeftShowsOnlyTheCount() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks.filter(\.isCompleted))
        let timeline = try await temporary.render(TaskWidget().body, family: .accessoryRectangular)
        #expect(
            timeline.entries.first?.view.json.description
                == #"{"type":"vstack","children":[{"type":"text","text":"0 tasks left","modifiers":["#
                + #"{"type":"font","style":"headline"},{"type":"widgetAccentable"}]}]}"#
        )
    }

    @Test func tappingARowTogglesItsTask() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let before = try await temporary.render(TaskWidget().body)
        let reference = try #require(before.entries.first?.view.controls.first?.intent)
        #expect(reference.type == ToggleTaskIntent.intentType)

        // What `tap` does: make the intent its node names and set its parameters from the node.
        let intent = ToggleTaskIntent()
        for (name, parameter) in ParameterReflection.parameters(of: intent) {
            let value = try #require(reference.parameters[name])
            #expect(parameter.set(json: value))
        }
        _ = try await temporary.perform(intent)

        let after = try await temporary.render(TaskWidget().body)
        let firstRow = try #require(after.entries.first?.view.controls.first)
        #expect(firstRow.children.first?.children.first?.systemName == "checkmark.circle.fill")
        #expect(after.entries.first?.data["completedCount"] == .int(2))
    }
}
