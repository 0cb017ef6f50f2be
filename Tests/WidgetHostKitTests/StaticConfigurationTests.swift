import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

private struct CounterEntry: TimelineEntry {
    let date: Date
    let count: Int
    let label: String?
}

/// A provider as WidgetKit authors write them: completion handlers, the context's clock and family.
private struct CounterProvider: TimelineProvider {
    var policy: TimelineReloadPolicy = .atEnd

    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: context.date, count: 0, label: "Sample")
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) {
        completion(CounterEntry(date: context.date, count: context.isPreview ? 1 : -1, label: nil))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        let entries = (0..<3).map {
            CounterEntry(
                date: context.date.addingTimeInterval(Double($0) * 60), count: $0,
                label: context.family.rawValue)
        }
        completion(Timeline(entries: entries, policy: policy))
    }
}

private struct CounterView: View {
    let entry: CounterEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if family.isAccessory {
            Text(String(entry.count))
        } else {
            Text("Count")
            Text(String(entry.count))
        }
    }
}

private struct CounterWidget: Widget {
    var policy: TimelineReloadPolicy = .atEnd

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Counter", provider: CounterProvider(policy: policy)) { entry in
            CounterView(entry: entry)
        }
    }
}

/// Calls every completion twice: the first answer is the one drawn.
private struct ChattyProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: context.date, count: 0, label: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) {
        completion(CounterEntry(date: context.date, count: 1, label: "first"))
        completion(CounterEntry(date: context.date, count: 2, label: "second"))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        completion(
            Timeline(entries: [CounterEntry(date: context.date, count: 1, label: "first")], policy: .never))
        completion(Timeline(entries: [], policy: .atEnd))
    }
}

/// Answers later, from another task, as a provider waiting on I/O does.
private struct LateProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: context.date, count: 0, label: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) {
        let date = context.date
        Task.detached {
            try? await Task.sleep(for: .milliseconds(10))
            completion(CounterEntry(date: date, count: 5, label: "late"))
        }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        let date = context.date
        Task.detached {
            completion(Timeline(entries: [CounterEntry(date: date, count: 6, label: "late")], policy: .never))
        }
    }
}

@Suite struct StaticConfigurationTests {
    private func counterText(_ title: String?, _ count: Int) -> ViewNode {
        let count = ViewNode(type: .text, text: String(count))
        guard let title else { return count }
        return ViewNode(type: .vstack, children: [ViewNode(type: .text, text: title), count])
    }

    @Test func placeholderDrawsTheSampleEntryAndNeverReloads() async throws {
        let rendered = try await CounterWidget().body.render(Fixtures.request(.placeholder))
        #expect(
            rendered
                == Fixtures.singleEntry(
                    data: .object([.init("count", .int(0)), .init("label", .string("Sample"))]),
                    view: counterText("Count", 0)))
    }

    @Test(arguments: [(false, -1), (true, 1)])
    func snapshotDrawsOneEntryAndNeverReloads(_ isPreview: Bool, _ count: Int) async throws {
        let rendered = try await CounterWidget().body.render(
            Fixtures.request(.snapshot, isPreview: isPreview))
        #expect(rendered.policy == .never)
        #expect(rendered.entries.count == 1)
        #expect(rendered.entries.first?.data.description == #"{"count":\#(count),"label":null}"#)
        #expect(rendered.entries.first?.view == counterText("Count", count))
    }

    @Test func timelineDrawsEveryEntryWithoutItsDateInTheData() async throws {
        let rendered = try await CounterWidget().body.render(
            Fixtures.request(.timeline, family: .systemMedium))
        #expect(rendered.entries.map(\.date) == [0, 60, 120].map { Fixtures.now.addingTimeInterval($0) })
        #expect(
            rendered.entries.map(\.data.description) == [
                #"{"count":0,"label":"systemMedium"}"#,
                #"{"count":1,"label":"systemMedium"}"#,
                #"{"count":2,"label":"systemMedium"}"#,
            ]
        )
        #expect(rendered.entries.map(\.view) == [0, 1, 2].map { counterText("Count", $0) })
        #expect(rendered.policy == .atEnd)
    }

    @Test(arguments: [
        TimelineReloadPolicy.atEnd, .never, .after(Date(timeIntervalSince1970: 1_795_954_500)),
    ])
    func timelinePolicyIsPassedThrough(_ policy: TimelineReloadPolicy) async throws {
        let rendered = try await CounterWidget(policy: policy).body.render(Fixtures.request(.timeline))
        #expect(rendered.policy == policy)
    }

    @Test(arguments: WidgetFamily.allCases)
    func theViewIsDrawnInTheRequestedFamily(_ family: WidgetFamily) async throws {
        let rendered = try await CounterWidget().body.render(Fixtures.request(.placeholder, family: family))
        #expect(rendered.entries.first?.view == counterText(family.isAccessory ? nil : "Count", 0))
    }

    @Test func aCompletionCalledTwiceKeepsTheFirstAnswer() async throws {
        let configuration = StaticConfiguration(kind: "Chatty", provider: ChattyProvider()) { entry in
            Text(entry.label ?? "none")
        }
        let snapshot = try await configuration.render(Fixtures.request(.snapshot))
        #expect(snapshot.entries.map(\.view) == [ViewNode(type: .text, text: "first")])
        let timeline = try await configuration.render(Fixtures.request(.timeline))
        #expect(timeline.entries.map(\.view) == [ViewNode(type: .text, text: "first")])
        #expect(timeline.policy == .never)
    }

    @Test func aCompletionCalledLaterFromAnotherTaskIsAwaited() async throws {
        let configuration = StaticConfiguration(kind: "Late", provider: LateProvider()) { entry in
            Text(String(entry.count))
        }
        let snapshot = try await configuration.render(Fixtures.request(.snapshot))
        #expect(
            snapshot.entries.map(\.data) == [
                .object([.init("count", .int(5)), .init("label", .string("late"))])
            ])
        let timeline = try await configuration.render(Fixtures.request(.timeline))
        #expect(timeline.entries.map(\.view) == [ViewNode(type: .text, text: "6")])
    }

    @Test func aStaticConfigurationHasNoParameters() {
        let configuration = CounterWidget().body
        #expect(configuration.parameters == [])
        #expect(configuration.isConfigurable == false)
        #expect(configuration.metadata == WidgetMetadata(kind: "Counter"))
    }

    @Test func configurationIsIgnoredByAStaticWidget() async throws {
        let rendered = try await CounterWidget().body.render(
            Fixtures.request(.placeholder, configuration: ["count": .int(9)]))
        #expect(rendered.entries.first?.data["count"] == .int(0))
    }
}
