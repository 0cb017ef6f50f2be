// Tests/TasksWidgetTests/TasksWidgetTests.swift
import Foundation
import Testing
import WidgetTesting

@testable import tasks_widget

@Suite struct TasksWidgetTests {
    let host: WidgetTestHost
    let noon = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        // A new, empty App Group for each test, in a temporary folder removed after it.
        host = try WidgetTestHost(appGroup: "group.com.example.tasks")
    }

    @Test func theTimelineAtNoon() async throws {
        let configuration = TasksConfiguration()
        configuration.title = "Home"
        let timeline = try await host.timeline(
            of: TasksWidget(), family: .systemMedium, configuration: configuration, at: noon)
        #expect(timeline.entries.map(\.date) == [noon])
        #expect(timeline.policy == .after(noon.addingTimeInterval(3600)))
        #expect(timeline.current.view.texts == ["Home", "0 open", "Add"])
    }

    @Test func addingATaskShowsInTheNextTimeline() async throws {
        let outcome = try await host.perform(AddTaskIntent(), at: noon)
        #expect(outcome.dialog == "1 open")
        #expect(outcome.reloadedKinds == ["TasksWidget"])
        #expect(try host.sharedDefault("open") == "1")
        let next = try await host.timeline(of: TasksWidget(), at: noon)
        #expect(next.current.view.texts.contains("1 open"))
    }

    @Test func theWidgetLooksAsRecorded() async throws {
        try host.setSharedDefault("4", forKey: "open")
        await host.assertSnapshot(of: TasksWidget(), family: .systemSmall, at: noon)
        host.assertSnapshot(
            of: TasksWidget(), entry: TasksEntry(date: noon, title: "Work", open: 12), family: .systemMedium,
            colorScheme: .dark, named: "busy")
    }
}
