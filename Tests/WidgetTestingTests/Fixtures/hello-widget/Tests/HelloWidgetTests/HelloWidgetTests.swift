import Foundation
import Testing
import WidgetTesting

@testable import hello_widget

/// The widget's timeline, its button's intent and its look, run as widgethost runs them.
/// The snapshots are recorded in __Snapshots__ on the first run and compared after;
/// `WIDGETHOST_RECORD_SNAPSHOTS=1 swift test` records them again.
@Suite struct HelloWidgetTests {
    /// A temporary App Group for each test, removed after it.
    let host: WidgetTestHost

    init() throws {
        host = try WidgetTestHost(appGroup: "group.hello-widget")
    }

    @Test func theTimelineShowsTheFavoriteEmojiEveryHour() async throws {
        let configuration = ConfigurationAppIntent()
        configuration.favoriteEmoji = "🦊"
        let timeline = try await host.timeline(
            of: HelloWidget(), family: .systemSmall, configuration: configuration)
        #expect(timeline.entries.count == 5)
        #expect(timeline.policy == .atEnd)
        for (entry, next) in zip(timeline.entries, timeline.entries.dropFirst()) {
            #expect(next.date.timeIntervalSince(entry.date) == 3600)
        }
        for entry in timeline.entries {
            #expect(entry.view.texts.contains("🦊"))
        }
    }

    @Test func theButtonRunsTheTapIntent() async throws {
        let entry = SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
        let button = try #require(host.entry(of: HelloWidget(), entry).view.controls.first)
        #expect(button.intent?.type == "HelloTapIntent")
        let outcome = try await host.perform(HelloTapIntent(by: 2))
        #expect(outcome.value == .int(2))
        #expect(outcome.dialog == "Tapped 2")
        #expect(outcome.reloadedKinds == ["HelloWidget"])
    }

    @Test func theWidgetLooksAsRecorded() {
        let entry = SimpleEntry(
            date: Date(timeIntervalSince1970: 1_800_000_000), configuration: ConfigurationAppIntent())
        host.assertSnapshot(of: HelloWidget(), entry: entry, family: .systemSmall)
        host.assertSnapshot(of: HelloWidget(), entry: entry, family: .systemMedium, colorScheme: .dark)
    }
}
