import AppGroup
import Foundation
import TaskStore
import Testing
import WidgetHostKit

@testable import TaskWidget

/// The seeds' TaskWidget behaviours beyond filtering: the header's completed/total, the remaining
/// badge and the all-completed state, relative due dates, priority badge colours, strikethrough for
/// completed tasks, toggle rows, loading rows, the shared `showCompletedTasks` default, and the
/// feedback intent.
@Suite struct TaskWidgetSeedBehaviourTests {
    /// The nodes of `view` of `type`, depth first.
    static func nodes(of view: ViewNode, type: ViewNode.Kind) -> [ViewNode] {
        var found: [ViewNode] = []
        var stack = [view]
        while let node = stack.popLast() {
            if node.type == type { found.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }

    /// The modifier of `type` of `node`, as JSON text, or `nil`.
    static func modifier(_ type: String, of node: ViewNode) -> String? {
        node.modifiers.map(\.json.description).first { $0.contains(#""type":"\#(type)""#) }
    }

    /// The header (first hstack) of a system family's view.
    static func header(of view: ViewNode) throws -> ViewNode {
        try #require(view.children.first { $0.type == .hstack })
    }

    @Test func headerShowsCompletedOverTotalAndAnOrangeBadgeWhileTasksRemain() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(4)))
        let view = try #require(
            try await temporary.render(TaskWidget().body, configuration: ["maxTasks": .int(4)]).entries.first?
                .view)
        let header = try Self.header(of: view)
        let texts = header.children.filter { $0.type == .text }
        #expect(texts.map(\.text) == ["Tasks", "2/4", "2"])
        #expect(Self.modifier("background", of: texts[2]) == #"{"type":"background","style":"orange"}"#)
        // Black, not the seed's white, which reads at 2.2:1 on orange.
        #expect(
            Self.modifier("foregroundStyle", of: texts[2]) == #"{"type":"foregroundStyle","style":"black"}"#)
        #expect(header.children.first?.systemName == "checklist")
    }

    @Test func allCompletedShowsTheSealAndAGreenBadge() async throws {
        let done = Fixtures.tasks.filter(\.isCompleted)
        let temporary = try TemporaryContainer(tasks: done)
        let timeline = try await temporary.render(TaskWidget().body, configuration: ["maxTasks": .int(10)])
        let entry = try #require(timeline.entries.first)
        #expect(entry.data["allCompleted"] == .bool(true))
        let header = try Self.header(of: entry.view)
        let seal = try #require(header.children.first)
        #expect(seal.systemName == "checkmark.seal.fill")
        #expect(Self.modifier("foregroundStyle", of: seal) == #"{"type":"foregroundStyle","style":"green"}"#)
        let texts = header.children.filter { $0.type == .text }
        #expect(texts.map(\.text) == ["Tasks", "\(done.count)/\(done.count)", "0"])
        #expect(Self.modifier("background", of: texts[2]) == #"{"type":"background","style":"green"}"#)
        // No task is not "all completed".
        let empty = try await TemporaryContainer().render(TaskWidget().body)
        #expect(empty.entries.first?.data["allCompleted"] == .bool(false))
    }

    @Test func completedTasksAreStruckThroughAndSecondary() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(2)))
        let view = try #require(try await temporary.render(TaskWidget().body).entries.first?.view)
        let titles = Self.nodes(of: view, type: .text).filter {
            $0.text == "Ship release notes" || $0.text == "Book flights"
        }
        #expect(
            titles.map { Self.modifier("strikethrough", of: $0) } == [
                #"{"type":"strikethrough","isActive":false}"#, #"{"type":"strikethrough","isActive":true}"#,
            ])
        #expect(
            titles.map { Self.modifier("foregroundStyle", of: $0) } == [
                #"{"type":"foregroundStyle","style":"primary"}"#,
                #"{"type":"foregroundStyle","style":"secondary"}"#,
            ])
        let marks = Self.nodes(of: view, type: .image).filter {
            $0.systemName == "circle" || $0.systemName == "checkmark.circle.fill"
        }
        #expect(
            marks.map { Self.modifier("foregroundStyle", of: $0) } == [
                #"{"type":"foregroundStyle","style":"secondary"}"#,
                #"{"type":"foregroundStyle","style":"green"}"#,
            ])
    }

    @Test func priorityBadgesAreRedForHighOrangeForMediumAndAbsentForLow() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(3)))
        let view = try #require(try await temporary.render(TaskWidget().body).entries.first?.view)
        let rows = view.controls
        try #require(rows.count == 3)
        let badges = rows.map { row in
            Self.nodes(of: row, type: .image).filter { $0.systemName?.hasSuffix(".circle.fill") == true }
                .filter { $0.systemName != "checkmark.circle.fill" }
                .map { "\($0.systemName ?? "") \(Self.modifier("foregroundStyle", of: $0) ?? "")" }
        }
        #expect(
            badges == [
                [#"exclamationmark.circle.fill {"type":"foregroundStyle","style":"red"}"#],
                [#"minus.circle.fill {"type":"foregroundStyle","style":"orange"}"#],
                [],
            ])
    }

    @Test func dueDatesAreRelativeToTheEntryDate() async throws {
        let temporary = try TemporaryContainer(tasks: [
            Fixtures.task(1, "Prepare the demo", .high, "work", due: "2026-12-01T09:00:00Z"),
            Fixtures.task(2, "No date", .low, nil),
        ])
        // A large widget's rows show due dates (a medium widget's compact rows have no room).
        let view = try #require(
            try await temporary.render(TaskWidget().body, family: .systemLarge).entries.first?.view)
        #expect(
            try #require(try await temporary.render(TaskWidget().body).entries.first?.view).json.description
                .contains("dateStyle") == false)
        let dated = Self.nodes(of: view, type: .text).filter { $0.dateStyle != nil }
        #expect(dated.map(\.text) == ["1 day, 21 hours"])
        #expect(dated.map(\.dateStyle) == ["relative"])
        #expect(dated.map(\.date) == [Fixtures.date("2026-12-01T09:00:00Z")])
        #expect(dated.map { Self.modifier("font", of: $0) } == [#"{"type":"font","style":"caption2"}"#])
        // An hour before it is due, the same row says so.
        let later = try await temporary.render(
            TaskWidget().body, family: .systemLarge, at: Fixtures.date("2026-12-01T08:00:00Z"))
        let text = try #require(later.entries.first?.view).json.description
        #expect(text.contains(#""text":"1 hour","date":"2026-12-01T09:00:00Z","dateStyle":"relative""#))
    }

    @Test func toggleRowsSetTheOppositeCompletion() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(3)))
        let timeline = try await temporary.render(
            TaskWidget().body, family: .systemLarge, configuration: ["rowStyle": .string("toggle")])
        let view = try #require(timeline.entries.first?.view)
        #expect(view.controls.map(\.type) == [.toggle, .toggle, .toggle])
        #expect(view.controls.map(\.isOn) == [false, true, false])
        #expect(
            view.controls.map { $0.intent?.json.description } == [
                #"{"type":"SetTaskCompletionIntent","parameters":{"taskID":"00000000-0000-4000-8000-000000000001","isCompleted":true}}"#,
                #"{"type":"SetTaskCompletionIntent","parameters":{"taskID":"00000000-0000-4000-8000-000000000002","isCompleted":false}}"#,
                #"{"type":"SetTaskCompletionIntent","parameters":{"taskID":"00000000-0000-4000-8000-000000000003","isCompleted":true}}"#,
            ])
        // A medium widget fits two rows of switches (31 points each) under its header.
        let medium = try await temporary.render(
            TaskWidget().body, configuration: ["rowStyle": .string("toggle")])
        #expect(medium.entries.first?.view.controls.map(\.type) == [.toggle, .toggle])
        // The row style is configuration, not entry data: the entry is the button style's.
        let buttons = try await temporary.render(TaskWidget().body, family: .systemLarge)
        #expect(timeline.entries.first?.data == buttons.entries.first?.data)
    }

    @Test func thePlaceholderDrawsLoadingRowsWithNothingToTap() async throws {
        let temporary = try TemporaryContainer(tasks: Fixtures.tasks)
        let timeline = try await temporary.render(TaskWidget().body, mode: .placeholder)
        let entry = try #require(timeline.entries.first)
        #expect(entry.data["isLoading"] == .bool(true))
        #expect(entry.view.controls.isEmpty)
        let rows = entry.view.children.filter { $0.type == .hstack }.dropFirst()
        #expect(rows.count == 3)
        for row in rows {
            #expect(row.children.first?.type == .progress)
            #expect(Self.modifier("opacity", of: row) == #"{"type":"opacity","value":0.6}"#)
        }
        let timelineEntry = try #require(try await temporary.render(TaskWidget().body).entries.first)
        #expect(timelineEntry.data["isLoading"] == .bool(false))
    }

    @Test func showCompletedFollowsTheSharedDefaultWhenNotConfigured() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(4)))
        func titles(_ configuration: [String: JSONValue]) async throws -> [String] {
            let timeline = try await temporary.render(
                TaskWidget().body, configuration: configuration.merging(["maxTasks": .int(9)]) { $1 })
            guard case .array(let tasks)? = timeline.entries.first?.data["tasks"] else { return [] }
            return tasks.compactMap { task in
                if case .string(let title)? = task["title"] { return title }
                return nil
            }
        }
        let all = ["Ship release notes", "Book flights", "Water the plants", "Renew passport"]
        let pending = ["Ship release notes", "Water the plants"]
        #expect(try await titles([:]) == all)
        try temporary.store().setSharedDefault("false", forKey: "showCompletedTasks")
        #expect(try await titles([:]) == pending)
        #expect(try await titles(["showCompleted": .null]) == pending)
        #expect(try await titles(["showCompleted": .bool(true)]) == all)
        // A value no one could set with `store defaults set` fails the widget, naming the key.
        try temporary.store().setString("maybe", forKey: "showCompletedTasks")
        await #expect(throws: AppStorageError.self) { try await titles([:]) }
        #expect(try await titles(["showCompleted": .bool(false)]) == pending)
    }

    @Test func feedbackIntentTogglesAndSaysTrue() async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(2)))
        let id = Fixtures.tasks[0].id
        let result = try await temporary.perform(ToggleTaskWithFeedbackIntent(taskID: id.lowercased()))
        #expect(result.value == .bool(true))
        #expect(try temporary.store().task(id: id)?.isCompleted == true)
        #expect(temporary.reloads.kinds == ["TaskWidget"])
    }

    @Test(arguments: ["not-a-uuid", "", "00000000-0000-4000-8000-000000000099"])
    func feedbackIntentSaysFalseAndChangesNothingForAnUnknownID(_ id: String) async throws {
        let temporary = try TemporaryContainer(tasks: Array(Fixtures.tasks.prefix(2)))
        let result = try await temporary.perform(ToggleTaskWithFeedbackIntent(taskID: id))
        #expect(result.value == .bool(false))
        #expect(result.dialog == nil)
        #expect(try temporary.store().allTasks() == Array(Fixtures.tasks.prefix(2)))
        #expect(temporary.reloads.kinds.isEmpty)
    }
}
