// A widgethost plugin in Swift: the Countdown widget, served out of process by the SDK's one-line main.
import Foundation
import WidgetHostPlugin

struct CountdownIntent: WidgetConfigurationIntent {
    static let title = "Countdown"
    @Parameter(title: "Event", default: "Launch") var event: String
    @Parameter(title: "Date", default: Date(timeIntervalSince1970: 1_798_761_600)) var date: Date
}

struct RemindIntent: AppIntent {
    static let title = "Remind"
    static let description = IntentDescription("Sets a reminder some days before the event.")
    @Parameter(title: "Event", default: "Launch") var event: String
    @Parameter(title: "Days before", default: 1, minimum: 1, maximum: 30) var days: Int

    init() {}

    init(event: String, days: Int) {
        self.event = event
        self.days = days
    }

    func perform() async throws -> some IntentResult {
        guard !event.isEmpty else { throw $event.needsValueError("Which event?") }
        WidgetCenter.shared.reloadTimelines(ofKind: "Countdown")
        return .result(value: days, dialog: "Reminder \(days) days before \(event)")
    }
}

struct CountdownEntry: TimelineEntry, Encodable {
    let date: Date
    let event: String
    let daysLeft: Int
}

struct CountdownProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: context.date, event: "Event", daysLeft: 0)
    }
    func snapshot(for intent: CountdownIntent, in context: Context) async throws -> CountdownEntry {
        let days = Int((intent.date.timeIntervalSince(context.date) / 86_400).rounded(.up))
        return CountdownEntry(date: context.date, event: intent.event, daysLeft: max(days, 0))
    }
    func timeline(for intent: CountdownIntent, in context: Context) async throws -> Timeline<CountdownEntry> {
        let entry = try await snapshot(for: intent, in: context)
        print("countdown: \(entry.daysLeft) days to \(intent.event)")  // to the plugin's log (stderr)
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(3_600)))
    }
}

struct CountdownBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] {
        [
            AppIntentConfiguration(
                kind: "Countdown", intent: CountdownIntent.self, provider: CountdownProvider()
            ) { entry in
                VStack(alignment: .leading, spacing: 4) {
                    Text("\(entry.event): \(entry.daysLeft) days")
                    Button(
                        "Remind me",
                        intent: RemindIntent(event: entry.event, days: min(max(entry.daysLeft, 1), 30)))
                }
            }.supportedFamilies([.systemSmall, .accessoryInline])
        ]
    }

    var intents: [any AppIntent.Type] { [RemindIntent.self] }
}

await PluginServer.serve(bundles: [CountdownBundle()])
