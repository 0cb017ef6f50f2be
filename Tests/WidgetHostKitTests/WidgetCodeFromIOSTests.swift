import Foundation
import Testing
import WidgetHostKit

private struct ClockEntry: TimelineEntry {
    let date: Date
    let configuration: ClockConfiguration
}

private struct ClockConfiguration: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Clock" }
    @Parameter(title: "City", default: "Oslo") var city: String
    @Parameter(title: "Offset", default: 1) var offset: Int
}

private struct ClockProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: context.date, configuration: ClockConfiguration())
    }

    func snapshot(for configuration: ClockConfiguration, in context: Context) async -> ClockEntry {
        ClockEntry(date: context.date, configuration: configuration)
    }

    func timeline(for configuration: ClockConfiguration, in context: Context) async -> Timeline<ClockEntry> {
        Timeline(entries: [ClockEntry(date: context.date, configuration: configuration)], policy: .never)
    }
}

private struct ClockWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Clock", intent: ClockConfiguration.self, provider: ClockProvider()) {
            entry in
            Text(entry.configuration.city)
        }
        .contentMarginsDisabled()
        .contentMarginsDisabled()
    }
}

private struct NoWidget: Widget {
    var body: some WidgetConfiguration { EmptyWidgetConfiguration() }
}

/// A bundle as Xcode's template writes it: widgets in a `@WidgetBundleBuilder` body.
private struct ClockBundle: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        NoWidget()
        if #available(macOS 15, *) {
            ClockWidget()
        }
    }
}

/// A view with `@State` and `@Environment`, as widget views read them.
private struct StateView: View {
    @State private var isLoading = false
    @Environment(\.widgetFamily) var family
    @Environment(\.colorScheme) var colorScheme
    @Environment(\.widgetRenderingMode) var renderingMode
    @Environment(\.showsWidgetContainerBackground) var showsBackground

    var body: some View {
        isLoading = true
        return Text(
            "\(isLoading) \(family.rawValue) \(colorScheme.rawValue) \(renderingMode) \(showsBackground)"
        )
        .disabled(isLoading)
    }
}

/// A timer's bar, made in a body as widget views make it (where the entry's date is known).
private struct TimerBar: View {
    let interval: ClosedRange<Date>

    var body: some View {
        ProgressView(timerInterval: interval)
    }
}

@Suite struct WidgetCodeFromIOSTests {
    private static func json(_ view: some View) -> String {
        ViewRenderer.root(of: view).json.description
    }

    @Test func aBundleBodyGivesItsWidgetsInOrderLeavingOutEmptyOnes() {
        #expect(ClockBundle().widgets.map(\.metadata.kind) == ["Clock", "Clock"])
        #expect(ClockBundle().intents.isEmpty)
    }

    @Test func anIgnoredConfigurationModifierIsNamedOnEveryEntryOnce() async throws {
        let widget = try #require(ClockBundle().widgets.first)
        #expect(widget.metadata.ignoredAPIs == ["contentMarginsDisabled()"])
        let rendered = try await widget.render(
            Fixtures.request(.timeline, configuration: ["city": .string("Lima")]))
        #expect(
            rendered.entries.map(\.view.json.description) == [
                #"{"type":"text","text":"Lima","modifiers":[{"type":"ignored","api":"contentMarginsDisabled()"}]}"#
            ])
        // An entry holding its configuration intent shows the intent's parameter values.
        #expect(
            rendered.entries.map(\.data.description) == [#"{"configuration":{"city":"Lima","offset":1}}"#])
    }

    @Test func stateIsReadBackWithinADrawingAndTheEnvironmentIsWidgethosts() {
        let environment = EnvironmentValues(widgetFamily: .systemMedium)
        #expect(
            ViewRenderer.root(of: StateView(), in: environment).json.description
                == #"{"type":"text","text":"true systemMedium light fullColor true","#
                + #""modifiers":[{"type":"disabled"}]}"#)
        let binding = State(wrappedValue: 1).projectedValue
        binding.wrappedValue = 2
        #expect(binding.wrappedValue == 2)
        #expect(Binding.constant(3).wrappedValue == 3)
    }

    @Test func widgetViewsDrawThroughTheVocabulary() {
        #expect(
            Self.json(
                Gauge(value: 30.0, in: 0...120) {
                    Text("Speed")
                } currentValueLabel: {
                    Text("30")
                })
                == #"{"type":"progress","value":0.25,"children":[{"type":"text","text":"Speed"},"#
                + #"{"type":"text","text":"30"}]}"#)
        #expect(
            Self.json(
                ViewThatFits {
                    Text("Wednesday")
                    Text("Wed")
                }) == #"{"type":"text","text":"Wednesday"}"#)
        #expect(
            Self.json(
                ZStack {
                    Color.blue
                    Text("On top")
                })
                == #"{"type":"vstack","modifiers":[{"type":"ignored","#
                + #""api":"ZStack (its layers drawn one below another)"}],"children":[{"type":"spacer","#
                + #""modifiers":[{"type":"background","style":"blue"}]},{"type":"text","text":"On top"}]}"#)
        #expect(
            Self.json(Text("x").containerBackground(for: .widget) { Color.orange })
                == #"{"type":"text","text":"x","modifiers":[{"type":"containerBackground","style":"orange"}]}"#
        )
        #expect(
            Self.json(Text("x").privacySensitive().disabled(false))
                == #"{"type":"text","text":"x","modifiers":[{"type":"ignored","api":"privacySensitive()"},"#
                + #"{"type":"disabled","isActive":false}]}"#)
    }

    @Test func timersCountToTheirIntervalsEnd() {
        let start = Date(timeIntervalSince1970: 0)
        let end = start.addingTimeInterval(600)
        let environment = EnvironmentValues(drawingDate: start.addingTimeInterval(150))
        #expect(
            ViewRenderer.root(of: Text(timerInterval: start...end), in: environment).json.description
                == #"{"type":"text","text":"7:30","date":"1970-01-01T00:10:00Z","dateStyle":"timer"}"#)
        #expect(
            ViewRenderer.root(of: TimerBar(interval: start...end), in: environment).json.description
                == #"{"type":"progress","value":0.75}"#)
    }
}
