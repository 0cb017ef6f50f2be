import Diagnostics
import Foundation
import PluginProtocol
import Rendering
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// A widget whose timeline has three hourly entries from a fixed start, for `--at` selection.
struct ClockEntry: TimelineEntry {
    let date: Date
    let hour: Int
}

struct HourlyProvider: TimelineProvider {
    static let start = Date(timeIntervalSince1970: 1_795_954_800)  // 2026-11-29T12:20:00Z

    func placeholder(in context: Context) -> ClockEntry { ClockEntry(date: context.date, hour: -1) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ClockEntry) -> Void) {
        completion(ClockEntry(date: context.date, hour: 99))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ClockEntry>) -> Void) {
        let entries = (0..<3).map {
            ClockEntry(date: Self.start.addingTimeInterval(Double($0) * 3600), hour: $0)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct HourlyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Hourly", provider: HourlyProvider()) { entry in
            Text("hour \(entry.hour)")
        }
        .supportedFamilies([.systemSmall])
    }
}

struct HourlyBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] { [HourlyWidget().body] }
}

@Suite struct WidgetEvaluatorTests {
    func run(at date: Date, preview: Bool = false) async throws -> WidgetResult {
        let registry = try WidgetRegistry(bundles: [HourlyBundle()])
        let storeDirectory = try TemporaryDirectory()
        let store = storeDirectory.url
        let evaluator = WidgetEvaluator(
            registry: registry,
            containers: ContainerSet(storeOption: store.path, environment: [:])
        )
        let instance = WidgetInstance(
            id: "clock", kind: "Hourly", family: .systemSmall, configuration: [:], appGroup: "group.test",
            file: "widgets.yaml", location: .init(line: 1, column: 1)
        )
        return await evaluator.evaluate(instance, options: RunOptions(date: date, preview: preview))
    }

    @Test(arguments: [
        (-60.0, 0),  // before every entry: the first
        (0.0, 0),  // exactly at the first
        (3599.0, 0),
        (3600.0, 1),
        (9000.0, 2),  // after the last: the last
    ])
    func theCurrentEntryIsTheLatestAtOrBeforeTheDate(offset: Double, hour: Int) async throws {
        let result = try await run(at: HourlyProvider.start.addingTimeInterval(offset))
        let evaluation = try result.outcome.get()
        #expect(evaluation.current.data == .object([.init("hour", .int(hour))]))
        #expect(evaluation.timeline.entries.count == 3)
        #expect(evaluation.nextReload == HourlyProvider.start.addingTimeInterval(7200))
    }

    @Test func previewAsksForTheSnapshot() async throws {
        let at = HourlyProvider.start
        let evaluation = try await run(at: at, preview: true).outcome.get()
        #expect(evaluation.current.data == .object([.init("hour", .int(99))]))
        #expect(evaluation.current.view == ViewNode(type: .text, text: "hour 99"))
    }

    @Test func runJSONFollowsTheContract() async throws {
        let result = try await run(at: HourlyProvider.start.addingTimeInterval(3600))
        #expect(
            RunJSON.object(result, includeTimeline: false).description
                == #"{"id":"clock","kind":"Hourly","family":"systemSmall","date":"2026-11-29T13:20:00Z","#
                + #""entry":{"hour":1},"view":{"type":"text","text":"hour 1"},"reload":{"policy":"atEnd"},"reloadRequested":false}"#
        )
        let withTimeline = RunJSON.object(result, includeTimeline: true)
        guard case .array(let entries)? = withTimeline["timeline"] else {
            Issue.record("no timeline in \(withTimeline)")
            return
        }
        #expect(
            entries.map { $0["date"] }
                == ["2026-11-29T12:20:00Z", "2026-11-29T13:20:00Z", "2026-11-29T14:20:00Z"].map {
                    .string($0)
                })
    }

    @Test func reloadPolicies() {
        #expect(TimelineReloadPolicy.never.json.description == #"{"policy":"never"}"#)
        #expect(TimelineReloadPolicy.atEnd.json.description == #"{"policy":"atEnd"}"#)
        #expect(
            TimelineReloadPolicy.after(HourlyProvider.start).json.description
                == #"{"policy":"after","date":"2026-11-29T12:20:00Z"}"#
        )
    }

    @Test func failuresCarryAnErrorObject() {
        let instance = WidgetInstance(
            id: "x", kind: "Gone", family: .systemSmall, configuration: [:], appGroup: "g", file: "f",
            location: .init(line: 1, column: 1)
        )
        let result = WidgetResult(
            instance: instance,
            family: .systemSmall,
            outcome: .failure(
                WidgetFailure(
                    code: FailureCode("widget.provider-failed", .invalidInput),
                    message: "the provider failed: boom"))
        )
        #expect(
            RunJSON.object(result, includeTimeline: true).description
                == #"{"id":"x","kind":"Gone","family":"systemSmall","error":{"code":"widget.provider-failed","#
                + #""message":"the provider failed: boom"}}"#
        )
    }
}
