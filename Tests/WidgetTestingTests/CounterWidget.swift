// A widget written as the built-in widgets are: a configuration intent, a provider that reads the
// host's clock (`context.date`) and the App Group's shared defaults, and an intent behind a button
// that changes them, for the tests of WidgetTesting.
import Foundation
import WidgetHostKit

/// The App Group the counter's code names.
let counterAppGroup = "group.widgettesting.counter"

/// The counter's configuration: its title.
struct CounterConfiguration: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Counter" }

    @Parameter(title: "Title", default: "Taps")
    var title: String
}

/// The taps counted, at a date, under a title.
struct CounterEntry: TimelineEntry {
    let date: Date
    let title: String
    let taps: Int
}

/// Three entries half an hour apart from the host's clock, reloading two hours on.
struct CounterProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: context.date, title: "Taps", taps: 0)
    }

    func snapshot(for configuration: CounterConfiguration, in context: Context) async -> CounterEntry {
        CounterEntry(date: context.date, title: configuration.title, taps: 7)
    }

    func timeline(for configuration: CounterConfiguration, in context: Context) async -> Timeline<
        CounterEntry
    > {
        let taps = UserDefaults(suiteName: counterAppGroup)?.integer(forKey: "taps") ?? 0
        let entries = (0..<3).map { step in
            CounterEntry(
                date: context.date.addingTimeInterval(Double(step) * 1800), title: configuration.title,
                taps: taps)
        }
        return Timeline(entries: entries, policy: .after(context.date.addingTimeInterval(7200)))
    }
}

/// The counter's view: its title, the taps, a button counting one more.
struct CounterView: View {
    let entry: CounterEntry

    var body: some View {
        VStack {
            Text(entry.title)
            Text("\(entry.taps) \(entry.taps == 1 ? "tap" : "taps")")
            Button("Tap", intent: CountTapIntent(by: 1))
        }
    }
}

/// The counter widget.
struct CounterWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: "CounterWidget", intent: CounterConfiguration.self, provider: CounterProvider()
        ) {
            CounterView(entry: $0)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// Counts `by` more taps in the App Group's shared defaults and reloads the counter.
struct CountTapIntent: AppIntent {
    static var title: LocalizedStringResource { "Count a tap" }

    @Parameter(title: "By", default: 1)
    var by: Int

    init() {}

    init(by: Int) {
        self.by = by
    }

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let defaults = UserDefaults(suiteName: counterAppGroup)
        let taps = (defaults?.integer(forKey: "taps") ?? 0) + by
        defaults?.set(taps, forKey: "taps")
        WidgetCenter.shared.reloadTimelines(ofKind: "CounterWidget")
        return .result(value: taps)
    }
}

/// An intent whose `perform()` fails, as one reading a store that is not there does.
struct BrokenTapIntent: AppIntent {
    static var title: LocalizedStringResource { "Broken tap" }

    /// What `perform()` throws.
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the counter's store is gone" }
    }

    func perform() async throws -> IntentResultValue {
        WidgetCenter.shared.reloadAllTimelines()
        throw Failure()
    }
}
