import AppGroup
import Foundation
import TaskStore
import Testing
@_spi(WidgetHost) import WidgetHostKit

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

    /// The JSON of the seed's view up to its first row: the padded stack, and the header with the
    /// checklist symbol, the title, the completed count (`count`) and the badge of `pending` tasks
    /// (its colour `badge`).
    /// A small widget's header has no completed count (`count` nil), and a small or medium
    /// widget's stack no padding beyond the content margins (`compact`).
    static func headerJSON(count: String?, pending: Int, badge: String, compact: Bool = true) -> String {
        let padding =
            compact ? #"{"type":"padding","edges":"all","length":0}"# : #"{"type":"padding","edges":"all"}"#
        let completed =
            count.map {
                #"{"type":"text","text":"\#($0)","modifiers":[{"type":"font","style":"caption","weight":"bold"},"#
                    + #"{"type":"foregroundStyle","style":"secondary"},{"type":"contentTransition","transition":"numericText"}]},"#
            } ?? ""
        return #"{"type":"vstack","alignment":"leading","spacing":8,"modifiers":[\#(padding),"#
            + #"{"type":"containerBackground","style":"fill.tertiary"}],"children":["#
            + #"{"type":"hstack","children":["#
            + #"{"type":"image","systemName":"checklist","modifiers":[{"type":"foregroundStyle","style":"secondary"},"#
            + #"{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},"#
            + #"{"type":"text","text":"Tasks","modifiers":[{"type":"font","style":"headline"},{"type":"fontWeight","weight":"bold"}]},"#
            + #"{"type":"spacer"},"# + completed
            + #"{"type":"text","text":"\#(pending)","modifiers":[{"type":"font","style":"caption","weight":"bold"},"#
            + #"{"type":"foregroundStyle","style":"black"},{"type":"padding","edges":"horizontal","length":8},"#
            + #"{"type":"padding","edges":"vertical","length":4},{"type":"background","style":"\#(badge)"},"#
            + #"{"type":"clipShape","shape":"capsule"}]}]},"#
    }

    /// The JSON of one compact task row of the seed's view (a medium widget's): a plain button
    /// toggling task `number`, its check mark (green once completed), its title (struck through
    /// and dimmed once completed), and its priority's symbol and colour (none for low).
    static func rowJSON(
        _ number: Int, _ title: String, completed: Bool, priority: (symbol: String, color: String)?
    ) -> String {
        let id = "00000000-0000-4000-8000-00000000000\(number)"
        let check = completed ? ("checkmark.circle.fill", "green") : ("circle", "secondary")
        let priorityImage = priority.map {
            #",{"type":"image","systemName":"\#($0.symbol)","modifiers":[{"type":"foregroundStyle","style":"\#($0.color)"}]}"#
        }
        return
            #"{"type":"button","intent":{"type":"ToggleTaskIntent","parameters":{"taskID":"\#(id)"}},"#
            + #""modifiers":[{"type":"buttonStyle","style":"plain"}],"children":["#
            + #"{"type":"hstack","spacing":6,"modifiers":[{"type":"padding","edges":"vertical","length":4},"#
            + #"{"type":"padding","edges":"horizontal","length":8},"#
            + #"{"type":"background","style":"systemBackground","opacity":0.5},{"type":"cornerRadius","radius":8}],"#
            + #""children":[{"type":"image","systemName":"\#(check.0)","modifiers":[{"type":"font","style":"body"},"#
            + #"{"type":"foregroundStyle","style":"\#(check.1)"},"#
            + #"{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},"#
            + #"{"type":"vstack","alignment":"leading","spacing":2,"children":[{"type":"text","text":"\#(title)","modifiers":["#
            + #"{"type":"font","style":"subheadline"},{"type":"strikethrough","isActive":\#(completed)},"#
            + #"{"type":"foregroundStyle","style":"\#(completed ? "secondary" : "primary")"},"#
            + #"{"type":"lineLimit","limit":1},{"type":"contentTransition","transition":"opacity"}]}]},"#
            + #"{"type":"spacer"}\#(priorityImage ?? "")]}]}"#
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
                \(Self.headerJSON(count: "1/3", pending: 2, badge: "orange"))\
                \(Self.rowJSON(1, "Ship release notes", completed: false, priority: ("exclamationmark.circle.fill", "red"))),\
                \(Self.rowJSON(2, "Book flights", completed: true, priority: ("minus.circle.fill", "orange"))),\
                \(Self.rowJSON(3, "Water the plants", completed: false, priority: nil)),{"type":"spacer","minLength":0}]}
                """
        )
    }

    @Test func noTasksSaysSo() async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(TaskWidget().body, family: .systemSmall)
        #expect(
            timeline.entries.first?.view.json.description
                == """
                \(Self.headerJSON(count: nil, pending: 0, badge: "green"))\
                {"type":"text","text":"No tasks","modifiers":[{"type":"font","style":"subheadline"},{"type":"foregroundStyle","style":"secondary"}]},\
                {"type":"spacer","minLength":0}]}
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
                == #"{"type":"vstack","alignment":"leading","children":[{"type":"text","text":"2 tasks left","#
                + #""modifiers":["#
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
                == #"{"type":"vstack","alignment":"leading","children":[{"type":"text","text":"0 tasks left","#
                + #""modifiers":["#
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
