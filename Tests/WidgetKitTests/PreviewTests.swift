import SwiftUI
import Testing
import WidgetKit

// Xcode's previews as widget code writes them: each form of `#Preview` compiles (its arguments
// type-checked as WidgetKit and SwiftUI declare them) and expands to nothing.

/// An entry and a widget as Xcode's template writes them, with a static and an intent provider.
struct PreviewEntry: TimelineEntry {
    let date: Date
    let emoji: String
}

struct PreviewProvider: TimelineProvider {
    func placeholder(in context: Context) -> PreviewEntry { PreviewEntry(date: .now, emoji: "…") }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (PreviewEntry) -> Void) {
        completion(PreviewEntry(date: .now, emoji: "📷"))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<PreviewEntry>) -> Void) {
        completion(Timeline(entries: [PreviewEntry(date: .now, emoji: "⏰")], policy: .never))
    }
}

struct PreviewIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Preview"

    @Parameter(title: "Emoji", default: "🙂")
    var emoji: String
}

struct PreviewIntentProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> PreviewEntry { PreviewEntry(date: .now, emoji: "…") }

    func snapshot(for configuration: PreviewIntent, in context: Context) async -> PreviewEntry {
        PreviewEntry(date: .now, emoji: configuration.emoji)
    }

    func timeline(for configuration: PreviewIntent, in context: Context) async -> Timeline<PreviewEntry> {
        Timeline(entries: [PreviewEntry(date: .now, emoji: configuration.emoji)], policy: .never)
    }
}

struct PreviewWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "PreviewWidget", provider: PreviewProvider()) { entry in
            Text(entry.emoji)
        }
    }
}

#Preview(as: .systemSmall) {
    PreviewWidget()
} timeline: {
    PreviewEntry(date: .now, emoji: "😀")
    PreviewEntry(date: .now, emoji: "🤩")
}

#Preview("Medium, for an intent", as: .systemMedium, using: PreviewIntent()) {
    PreviewWidget()
} timeline: {
    for emoji in ["🌧", "🌤"] {
        PreviewEntry(date: .now, emoji: emoji)
    }
}

#Preview(as: .accessoryRectangular) {
    PreviewWidget()
} timelineProvider: {
    PreviewProvider()
}

#Preview(as: .systemLarge, using: PreviewIntent()) {
    PreviewWidget()
} timelineProvider: {
    PreviewIntentProvider()
}

#Preview {
    Text("A view")
}

#Preview(traits: .sizeThatFitsLayout) {
    Text("Fits")
}

#Preview("Fixed", traits: .fixedLayout(width: 170, height: 170), .landscapeLeft) {
    Text("Fixed")
}

#Preview("Two lines") {
    VStack {
        Text("One")
        Text("Two")
    }
}

/// A Live Activity and its preview, as an extension's `LiveActivity.swift` writes them.
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
        var minutesLeft: Int
    }

    var orderNumber: String
}

struct DeliveryActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            Text("\(context.state.minutesLeft) min")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text(context.attributes.orderNumber) }
            } compactLeading: {
                Text("🚚")
            } compactTrailing: {
                Text("\(context.state.minutesLeft)")
            } minimal: {
                Text("🚚")
            }
        }
    }
}

#Preview("Lock Screen", as: .content, using: DeliveryAttributes(orderNumber: "A-12")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(minutesLeft: 12)
    DeliveryAttributes.ContentState(minutesLeft: 3)
}

#Preview(as: .dynamicIsland(.compact), using: DeliveryAttributes(orderNumber: "A-12")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(minutesLeft: 1)
}

/// The timeline builder of a widget preview gives its entries in order, through `if` and `for`.
@Suite struct PreviewTests {
    @PreviewTimelineBuilder<PreviewEntry>
    static func entries(rainy: Bool) -> [PreviewEntry] {
        PreviewEntry(date: .distantPast, emoji: "a")
        if rainy {
            PreviewEntry(date: .distantPast, emoji: "🌧")
        } else {
            PreviewEntry(date: .distantPast, emoji: "🌤")
        }
        for emoji in ["x", "y"] {
            PreviewEntry(date: .distantPast, emoji: emoji)
        }
    }

    @PreviewActivityBuilder<DeliveryAttributes>
    static func states() -> [DeliveryAttributes.ContentState] {
        DeliveryAttributes.ContentState(minutesLeft: 9)
        for minutes in [5, 1] {
            DeliveryAttributes.ContentState(minutesLeft: minutes)
        }
    }

    @Test func theActivityBuilderKeepsTheStatesInOrder() {
        #expect(Self.states().map(\.minutesLeft) == [9, 5, 1])
    }

    @Test func theTimelineBuilderKeepsTheEntriesInOrder() {
        #expect(Self.entries(rainy: true).map(\.emoji) == ["a", "🌧", "x", "y"])
        #expect(Self.entries(rainy: false).map(\.emoji) == ["a", "🌤", "x", "y"])
    }
}
