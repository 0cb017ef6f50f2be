import AppGroup
import Diagnostics
import Foundation
import PluginHosting
import Synchronization
import TaskStore
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// How many providers run at once, and the most that ever did.
private final class Gauge: Sendable {
    private let counts = Mutex<(now: Int, most: Int)>((0, 0))

    func enter() {
        counts.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
        }
    }
    func leave() { counts.withLock { $0.now -= 1 } }
    var most: Int { counts.withLock { $0.most } }

    /// Whether a widget configured to wait for it (milliseconds -1) may finish.
    private let gate = Mutex(false)
    var isOpen: Bool { gate.withLock { $0 } }
    func open() { gate.withLock { $0 = true } }
}

private struct PauseIntent: WidgetConfigurationIntent {
    static let title = "Pause"
    @Parameter(title: "Milliseconds", default: 0) var milliseconds: Int
    @Parameter(title: "Label", default: "") var label: String
}

private struct PauseEntry: TimelineEntry {
    let date: Date
    let label: String
}

/// A provider that takes as long as its configuration says, counted by its gauge.
private struct PauseProvider: AppIntentTimelineProvider {
    let gauge: Gauge

    func placeholder(in context: Context) -> PauseEntry { PauseEntry(date: context.date, label: "") }

    func snapshot(for configuration: PauseIntent, in context: Context) async throws -> PauseEntry {
        PauseEntry(date: context.date, label: configuration.label)
    }

    func timeline(for configuration: PauseIntent, in context: Context) async throws -> Timeline<PauseEntry> {
        gauge.enter()
        defer { gauge.leave() }
        if configuration.milliseconds < 0 {
            // Waits for the test to open the gate (10 s at most, so a wrong evaluator fails, not hangs).
            for _ in 0..<1000 where !gauge.isOpen { try await Task.sleep(for: .milliseconds(10)) }
        } else {
            try await Task.sleep(for: .milliseconds(configuration.milliseconds))
        }
        return Timeline(entries: [PauseEntry(date: context.date, label: configuration.label)], policy: .never)
    }
}

private struct PauseBundle: WidgetBundle {
    let gauge: Gauge

    init() { gauge = Gauge() }
    init(gauge: Gauge) { self.gauge = gauge }

    var widgets: [any WidgetConfiguration] {
        [
            AppIntentConfiguration(
                kind: "Pause", intent: PauseIntent.self, provider: PauseProvider(gauge: gauge)
            ) {
                entry in
                Text(entry.label)
            }
            .supportedFamilies([.systemSmall])
        ]
    }
}

@Suite struct WidgetEvaluatorStreamTests {
    /// An evaluator of ``PauseBundle``'s widgets, each measured by `gauge`, over a store in `scratch`.
    private static func evaluator(_ gauge: Gauge, in scratch: TemporaryDirectory) throws -> WidgetEvaluator {
        WidgetEvaluator(
            registry: try WidgetRegistry(bundles: [PauseBundle(gauge: gauge)]),
            containers: ContainerSet(storeOption: scratch.path("store"), environment: [:]))
    }

    /// The `Pause` widget `w<index>` with `configuration`, at line `index + 1` of `widgets.yaml`.
    static func pause(_ index: Int, _ configuration: [String: JSONValue]) -> WidgetInstance {
        WidgetInstance(
            id: "w\(index)", kind: "Pause", family: .systemSmall, configuration: configuration,
            appGroup: "group.test", file: "widgets.yaml", location: .init(line: index + 1, column: 1))
    }

    /// Widgets taking from 0 to 30 ms in a scrambled order: several run at once, never more than
    /// the width, and each result is handed on in configuration order.
    @Test func resultsComeInConfigurationOrderWithAtMostTheWidthAtOnce() async throws {
        let gauge = Gauge()
        let scratch = try TemporaryDirectory()
        let evaluator = try Self.evaluator(gauge, in: scratch)
        let instances = (0..<40).map { index in
            Self.pause(index, ["milliseconds": .int((index * 7) % 31), "label": .string("label \(index)")])
        }
        var delivered: [String] = []
        var labels: [String] = []
        await evaluator.evaluate(instances, options: RunOptions(date: Date()), width: 4) { result, _ in
            delivered.append(result.instance.id)
            if case .success(let evaluation) = result.outcome,
                case .string(let label)? = evaluation.current.data["label"]
            {
                labels.append(label)
            }
        }
        #expect(delivered == instances.map(\.id))
        #expect(labels == (0..<40).map { "label \($0)" }, "each widget got its own configuration")
        #expect(gauge.most > 1, "widgets ran at once")
        #expect(gauge.most <= 4, "at most the width at once: \(gauge.most)")
    }

    /// In a large run a task evaluates several built-in widgets in turn: each still gets its own
    /// configuration and is handed on in order, no more run at once than the width, and no more
    /// than twice the width are done and not yet handed on.
    @Test func aLargeRunEvaluatesBuiltInsInRunsAndKeepsTheirOrder() async throws {
        #expect(WidgetEvaluator.runLength(widgets: 40, width: 4) == 1, "a small run: a task a widget")
        #expect(WidgetEvaluator.runLength(widgets: 600, width: 8) == 4)
        #expect(WidgetEvaluator.runLength(widgets: 20_000, width: 8) == 4)
        #expect(WidgetEvaluator.runLength(widgets: 20_000, width: 4) == 2, "at most half the width")
        #expect(WidgetEvaluator.runLength(widgets: 20_000, width: 2) == 1)
        let gauge = Gauge()
        let scratch = try TemporaryDirectory()
        let evaluator = try Self.evaluator(gauge, in: scratch)
        let instances = (0..<600).map { index in
            Self.pause(index, ["milliseconds": .int(index % 3), "label": .string("label \(index)")])
        }
        var labels: [String] = []
        let prepared = Mutex(0)
        var delivered = 0
        var mostHeld = 0
        await evaluator.evaluate(
            instances, options: RunOptions(date: Date()), width: 8,
            prepare: { result, _ in
                prepared.withLock { $0 += 1 }
                return result
            },
            deliver: { result, _ in
                mostHeld = max(mostHeld, prepared.withLock { $0 } - delivered)
                delivered += 1
                if case .success(let evaluation) = result.outcome,
                    case .string(let label)? = evaluation.current.data["label"]
                {
                    labels.append(label)
                }
            })
        #expect(labels == (0..<600).map { "label \($0)" })
        #expect(gauge.most > 1, "widgets ran at once")
        #expect(gauge.most <= 8, "at most the width at once: \(gauge.most)")
        #expect(mostHeld <= 16, "at most twice the width held: \(mostHeld)")
    }

    /// A plugin's widgets among built-in ones in a large run: each run of built-ins stops at a
    /// plugin widget, which goes to its plugin in turn, and every result is handed on in order.
    @Test func aLargeRunWithPluginWidgetsAmongBuiltInsKeepsItsOrder() async throws {
        let gauge = Gauge()
        let folder = try TemporaryDirectory()
        let host = try PluginParityTests.taskWidgetPlugin(
            in: folder, builtIns: try WidgetRegistry(bundles: [PauseBundle(gauge: gauge)]))
        defer { host.shutdown() }
        await host.prepare(kinds: ["TaskWidget"])
        let storeDirectory = try TemporaryDirectory()
        _ = try AppGroupStore(directory: storeDirectory.url).importTasks(
            [StoredTask(id: "1", title: "A", priority: .high, category: "work")], focus: nil)
        let evaluator = WidgetEvaluator(
            registry: host.registry(),
            containers: ContainerSet(storeOption: storeDirectory.url.path, environment: [:]))
        let instances = (0..<600).map { index in
            index % 7 == 3
                ? WidgetInstance(
                    id: "w\(index)", kind: "TaskWidget", family: .systemMedium, configuration: [:],
                    appGroup: "group.test", file: "widgets.yaml", location: .init(line: index + 1, column: 1))
                : Self.pause(index, ["label": .string("label \(index)")])
        }
        var delivered: [String] = []
        var failures: [String] = []
        await evaluator.evaluate(instances, options: RunOptions(date: Date()), width: 8) { result, _ in
            delivered.append(result.instance.id)
            if case .failure(let failure) = result.outcome {
                failures.append("\(result.instance.id): \(failure)")
            }
        }
        #expect(delivered == instances.map(\.id))
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    /// A slow widget holds back the ones after it (they wait, done, within the width) but not the
    /// ones before it: they are handed on while it still runs, told that the next is not ready.
    @Test func aWidgetIsHandedOnBeforeASlowOneAfterItIsDone() async throws {
        let gauge = Gauge()
        let scratch = try TemporaryDirectory()
        let evaluator = try Self.evaluator(gauge, in: scratch)
        // w1 finishes only once the test opens the gate, which it does when w0 is handed on.
        let pauses = [0, -1, 0, 0]
        let instances = pauses.enumerated().map { index, pause in
            Self.pause(index, ["milliseconds": .int(pause)])
        }
        var handed: [(id: String, whileSlowRan: Bool, nextIsReady: Bool)] = []
        await evaluator.evaluate(instances, options: RunOptions(date: Date()), width: 4) {
            result, nextIsReady in
            handed.append((result.instance.id, !gauge.isOpen, nextIsReady))
            gauge.open()
        }
        #expect(handed.map(\.id) == ["w0", "w1", "w2", "w3"])
        #expect(handed[0].whileSlowRan, "w0 waited for w1")
        #expect(!handed[0].nextIsReady)
        #expect(!handed[1].whileSlowRan)
    }
}
