import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

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

private struct TimerAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var secondsLeft: Int
    }
    var name: String
}

/// A Live Activity, as Xcode's template writes one.
private struct TimerLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TimerAttributes.self) { context in
            Text(context.attributes.name)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text("\(context.state.secondsLeft)") }
            } compactLeading: {
                Text("T")
            } compactTrailing: {
                Text("\(context.state.secondsLeft)")
            } minimal: {
                Text("T")
            }
            .keylineTint(.red)
        }
    }
}

private struct TimerConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Timer"
    @Parameter(title: "Name", default: "Timer") var name: String
}

private struct StartTimerIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Start"
    @Parameter(title: "Running", default: false) var value: Bool
    func perform() async throws -> some IntentResult { .result() }
}

private struct TimerProvider: AppIntentControlValueProvider {
    func previewValue(configuration: TimerConfiguration) -> Bool { false }
    func currentValue(configuration: TimerConfiguration) async throws -> Bool { true }
}

/// A control, as Xcode's template writes one.
private struct TimerControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "Timer", provider: TimerProvider()) { isRunning in
            ControlWidgetToggle("Start Timer", isOn: isRunning, action: StartTimerIntent()) { isOn in
                Label(isOn ? "On" : "Off", systemImage: "timer")
            }
        }
        .displayName("Timer")
    }
}

/// A bundle of a widget, a control and a Live Activity.
private struct EverythingBundle: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        TimerControl()
        TimerLiveActivity()
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

/// A view reading its size, as widget views do with `GeometryReader`.
private struct SizedView: View {
    var body: some View {
        GeometryReader { proxy in
            Text("\(Int(proxy.size.width))x\(Int(proxy.size.height))")
        }
    }
}

/// An Xcode preview of old: compiled, never shown.
private struct SizedView_Previews: PreviewProvider {
    static var previews: some View {
        SizedView().previewContext(WidgetPreviewContext(family: .systemSmall))
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

    @Test func aBundlesControlAndLiveActivityAreLeftOutAndNamedOnItsWidgets() {
        let widgets = EverythingBundle().widgets
        #expect(widgets.map(\.metadata.kind) == ["Clock"])
        #expect(
            widgets.first?.metadata.ignoredAPIs == [
                "contentMarginsDisabled()", "TimerControl: ControlWidget (a control of Control Center)",
                "TimerLiveActivity: ActivityConfiguration (a Live Activity of TimerAttributes)",
            ])
    }

    @Test func shapesAndTheirStylesDrawThroughTheVocabulary() {
        #expect(
            Self.json(Circle())
                == #"{"type":"spacer","modifiers":[{"type":"background","style":"primary","shape":"circle"}]}"#
        )
        #expect(
            Self.json(RoundedRectangle(cornerRadius: 4).fill(.cyan))
                == #"{"type":"spacer","modifiers":[{"type":"background","style":"cyan","#
                + #""shape":"roundedRectangle","cornerRadius":4}]}"#)
        #expect(
            Self.json(Circle().trim(from: 0, to: 0.5).stroke(.green, lineWidth: 4))
                == #"{"type":"spacer","modifiers":[{"type":"background","style":"green","shape":"circle"},"#
                + #"{"type":"ignored","api":"Shape.stroke(_:lineWidth:)"}]}"#)
        #expect(
            Self.json(Divider())
                == #"{"type":"spacer","modifiers":[{"type":"frame","height":1,"maxWidth":"infinity"},"#
                + #"{"type":"background","style":"quaternary"}]}"#)
        #expect(
            Self.json(
                Text("x").background(
                    LinearGradient(colors: [.blue, .cyan], startPoint: .top, endPoint: .bottom)))
                == #"{"type":"text","text":"x","modifiers":[{"type":"background","style":"blue"}]}"#)
        #expect(
            Self.json(Text("x").background { Color.teal }.offset(y: 2))
                == #"{"type":"text","text":"x","modifiers":[{"type":"background","style":"teal"},"#
                + #"{"type":"offset","x":0,"y":2}]}"#)
    }

    /// A view over or behind another is the modifier's `view`: its one node, or a zstack of its
    /// nodes; a colour alone behind is the background's style, as `.background(Color.teal)` writes it.
    @Test func overlaysAndBackgroundsCarryTheirViews() {
        #expect(
            Self.json(Text("12").overlay(alignment: .topTrailing) { Circle().fill(.red).frame(width: 6) })
                == #"{"type":"text","text":"12","modifiers":[{"type":"overlay","alignment":"topTrailing","#
                + #""view":{"type":"spacer","modifiers":[{"type":"background","style":"red","shape":"circle"},"#
                + #"{"type":"frame","width":6}]}}]}"#)
        #expect(
            Self.json(
                Text("a").background {
                    Color.blue
                    Text("b").padding(2)
                })
                == #"{"type":"text","text":"a","modifiers":[{"type":"background","view":{"type":"zstack","#
                + #""children":[{"type":"spacer","modifiers":[{"type":"background","style":"blue"}]},"#
                + #"{"type":"text","text":"b","modifiers":[{"type":"padding","edges":"all","length":2}]}]}}]}"#
        )
        #expect(
            Self.json(Text("a").background(alignment: .bottom) { Image(systemName: "star") })
                == #"{"type":"text","text":"a","modifiers":[{"type":"background","alignment":"bottom","#
                + #""view":{"type":"image","systemName":"star"}}]}"#)
        // A shape with more than its fill is a view, not a style.
        #expect(
            Self.json(Text("a").background { Capsule().fill(.green).padding(2) })
                == #"{"type":"text","text":"a","modifiers":[{"type":"background","view":{"type":"spacer","#
                + #""modifiers":[{"type":"background","style":"green","shape":"capsule"},"#
                + #"{"type":"padding","edges":"all","length":2}]}}]}"#)
        #expect(Self.json(Text("a").overlay { EmptyView() }) == #"{"type":"text","text":"a"}"#)
    }

    /// The layout modifiers SwiftUI's layout honours are recorded with their values.
    @Test func layoutModifiersAreRecorded() {
        #expect(
            Self.json(
                Text("a").fixedSize().fixedSize(horizontal: false, vertical: true).layoutPriority(1)
                    .layoutPriority(0.5).minimumScaleFactor(0.5))
                == #"{"type":"text","text":"a","modifiers":[{"type":"fixedSize"},"#
                + #"{"type":"fixedSize","horizontal":false},{"type":"layoutPriority","value":1},"#
                + #"{"type":"layoutPriority","value":0.5},{"type":"minimumScaleFactor","factor":0.5}]}"#)
    }

    /// `.contentMarginsDisabled()` is the one configuration modifier drawn: every entry's root
    /// says so, once, for the layout.
    @Test func contentMarginsDisabledIsNamedOnEveryEntryOnce() async throws {
        let widget = try #require(ClockBundle().widgets.first)
        #expect(widget.metadata.ignoredAPIs == ["contentMarginsDisabled()"])
        let rendered = try await widget.render(
            Fixtures.request(.timeline, configuration: ["city": .string("Lima")]))
        #expect(
            rendered.entries.map(\.view.json.description) == [
                #"{"type":"text","text":"Lima","modifiers":[{"type":"contentMarginsDisabled"}]}"#
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
                == #"{"type":"zstack","children":[{"type":"spacer","#
                + #""modifiers":[{"type":"background","style":"blue"}]},{"type":"text","text":"On top"}]}"#)
        #expect(
            Self.json(ZStack(alignment: .bottomLeading) { Text("a") })
                == #"{"type":"zstack","alignment":"bottomLeading","children":[{"type":"text","text":"a"}]}"#)
        #expect(
            Self.json(Text("x").containerBackground(for: .widget) { Color.orange })
                == #"{"type":"text","text":"x","modifiers":[{"type":"containerBackground","style":"orange"}]}"#
        )
        #expect(
            Self.json(Text("x").privacySensitive().disabled(false))
                == #"{"type":"text","text":"x","modifiers":[{"type":"ignored","api":"privacySensitive()"},"#
                + #"{"type":"disabled","isActive":false}]}"#)
    }

    @Test func imagesAndTextsOfRealWidgetCode() {
        #expect(
            Self.json(Image("newspic").resizable().aspectRatio(contentMode: .fit))
                == #"{"type":"image","systemName":"photo","modifiers":[{"type":"ignored","#
                + #""api":"Image(\"newspic\") (an image of the app's assets, drawn as photo)"},"#
                + #"{"type":"ignored","api":"resizable()"},{"type":"ignored","api":"aspectRatio(_:contentMode:)"}]}"#
        )
        #expect(Self.json(Text(LocalizedStringKey("Oslo"))) == #"{"type":"text","text":"Oslo"}"#)
        #expect(Self.json(Text(42, format: .number)) == #"{"type":"text","text":"42"}"#)
        #expect(Self.json(Text("a").id(1)) == #"{"type":"text","text":"a"}"#)
        let medium = EnvironmentValues(widgetFamily: .systemMedium)
        #expect(
            ViewRenderer.root(of: SizedView(), in: medium).json.description
                == #"{"type":"text","text":"332x138"}"#)
        #expect(
            ViewRenderer.root(of: SizedView_Previews.previews).json.description
                == #"{"type":"text","text":"138x138"}"#)
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
