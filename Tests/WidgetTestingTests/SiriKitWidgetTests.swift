import Foundation
import Testing
import WidgetHostKit
import WidgetTesting

// A widget configured through a SiriKit intent, in the forms the IntentDefinitions plugin
// generates, tested as a plugin package tests its widgets.
private final class GreetingIntent: INIntent, @unchecked Sendable {
    @Parameter(title: "Name") var name: String?
    @INNumberParameter(title: "Times", type: .integer, default: .int(1), minimum: 1, maximum: 3) var times:
        NSNumber?
}

private struct GreetingEntry: TimelineEntry {
    let date: Date
    let line: String
}

private struct GreetingProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> GreetingEntry { GreetingEntry(date: context.date, line: "…") }

    func getSnapshot(
        for configuration: GreetingIntent, in context: Context, completion: @escaping (GreetingEntry) -> Void
    ) {
        completion(GreetingEntry(date: context.date, line: "Hello"))
    }

    func getTimeline(
        for configuration: GreetingIntent, in context: Context,
        completion: @escaping (Timeline<GreetingEntry>) -> Void
    ) {
        let line = Array(
            repeating: "Hello, \(configuration.name ?? "you")", count: configuration.times?.intValue ?? 1
        )
        .joined(separator: " ")
        completion(Timeline(entries: [GreetingEntry(date: context.date, line: line)], policy: .never))
    }
}

private struct GreetingWidget: Widget {
    var body: some WidgetConfiguration {
        IntentConfiguration(kind: "Greeting", intent: GreetingIntent.self, provider: GreetingProvider()) {
            entry in
            Text(entry.line)
        }
    }
}

@Suite struct SiriKitWidgetTests {
    @Test func theTimelineOfAnIntentConfigurationIsTheProvidersForTheIntentGiven() async throws {
        let host = try WidgetTestHost(appGroup: "group.sirikit.tests")
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        let intent = GreetingIntent()
        intent.name = "Ada"
        intent.times = 2
        let timeline = try await host.timeline(of: GreetingWidget(), configuration: intent, at: noon)
        #expect(timeline.current.view.texts == ["Hello, Ada Hello, Ada"])
        let byName = try await host.timeline(
            of: GreetingWidget(), configuration: ["times": .int(3)], at: noon)
        #expect(byName.current.view.texts == ["Hello, you Hello, you Hello, you"])
        await #expect(throws: WidgetTestingError.self) {
            try await host.timeline(of: GreetingWidget(), configuration: ["mood": .string("calm")], at: noon)
        }
    }
}
