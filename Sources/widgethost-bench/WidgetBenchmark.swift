import AppGroup
import CYAML
import Diagnostics
import FocusWidget
import Foundation
import Quickmenu
import Rendering
import TaskStore
import TaskWidget
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit
import YAML

/// The widget benchmarks of the widgets issue, each a ratio measured in one run:
/// - one TaskWidget over 200,000 tasks against the same widget over 2,000 tasks;
/// - the marginal cost per widget of 2,000 widgets over a 50,000-task store;
/// - `validate` of a 20,000-widget configuration against libyaml's bare event parse of it.
struct WidgetBenchmark {
    var rounds: Int

    static func registry() -> WidgetRegistry {
        (try? WidgetRegistry(bundles: [TaskWidgetBundle(), FocusWidgetBundle(), QuickmenuBundle()]))
            ?? WidgetRegistry()
    }

    /// A store of `count` tasks in a fresh temporary directory: priorities, categories and
    /// completion mixed so every filter has matches spread through the store.
    static func store(tasks count: Int, titles: [String] = ["Task"]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-bench-\(count)-\(UUID().uuidString)", isDirectory: true)
        let store = try AppGroupStore(directory: directory)
        let priorities: [TaskPriority] = [.low, .medium, .high]
        let categories = ["work", "personal", "shopping", "health", "errands"]
        let tasks = (0..<count).map { index in
            StoredTask(
                title: "\(titles[index % titles.count]) \(index)",
                priority: priorities[index % 3],
                category: categories[(index / 3) % categories.count],
                isCompleted: index % 4 == 0
            )
        }
        _ = try store.importTasks(tasks, focus: false)
        return directory
    }

    static func instance(_ id: String, kind: String = "TaskWidget", configuration: [String: JSONValue])
        -> WidgetInstance
    {
        WidgetInstance(
            id: id, kind: kind, family: .systemMedium, configuration: configuration, appGroup: "bench",
            file: "bench.yaml", location: SourceLocation(line: 1, column: 1)
        )
    }

    static let workHigh: [String: JSONValue] = [
        "priorityFilter": .string("high"), "showCompleted": .bool(false), "maxTasks": .int(3),
        "category": .string("work"),
    ]

    /// Titles in the seeds' languages and others that are not one column a character, so drawing
    /// them takes the renderer's display-width path rather than its ASCII one.
    static let mixedTitles = [
        "Task", "보고서 작성", "ทำงานบ้านให้เสร็จ", "会議の準備", "Görevi tamamla", "👨‍👩‍👧 family", "مرحبا",
    ]

    /// Median seconds of `rounds` evaluations of `instances`, after one warm-up; with `drawing`,
    /// each evaluation is also drawn as `run` draws it (boxes, guarded for the terminal).
    func time(
        _ evaluator: WidgetEvaluator, _ instances: [WidgetInstance], rounds: Int, drawing: Bool = false
    ) async -> [Double] {
        let options = WidgetBenchmark.runOptions
        _ = await evaluator.evaluate(instances, options: options)
        var times: [Double] = []
        var drawn = 0
        for _ in 0..<rounds {
            let start = Clock.now()
            let results = await evaluator.evaluate(instances, options: options)
            if drawing {
                drawn +=
                    TerminalText.guarded(WidgetBoxRenderer().render(results, includeTimeline: false)).utf8
                    .count
            }
            times.append(Double(Clock.now() - start) / 1e9)
            if case .failure(let failure)? = results.first?.outcome {
                print("  evaluation failed: \(failure.message)")
                return times
            }
        }
        if drawing, drawn == 0 { print("  nothing was drawn") }
        return times
    }

    func taskScaling(_ registry: WidgetRegistry) async {
        do {
            let small = try Self.store(tasks: 2_000)
            let large = try Self.store(tasks: 200_000)
            defer {
                try? FileManager.default.removeItem(at: small)
                try? FileManager.default.removeItem(at: large)
            }
            let instance = [Self.instance("work", configuration: Self.workHigh)]
            let smallEvaluator = Self.evaluator(registry, store: small)
            let largeEvaluator = Self.evaluator(registry, store: large)
            var smallTimes: [Double] = []
            var largeTimes: [Double] = []
            // Interleave: both see the same machine.
            for _ in 0..<rounds {
                smallTimes += await time(smallEvaluator, instance, rounds: 20)
                largeTimes += await time(largeEvaluator, instance, rounds: 20)
            }
            print(
                "tasks: one TaskWidget (high, pending, work, 3 tasks), \(smallTimes.count) evaluations each")
            Report.row("over 2,000 tasks", smallTimes)
            Report.row("over 200,000 tasks", largeTimes)
            Report.ratio("200,000 / 2,000 tasks", largeTimes, smallTimes, target: 1.2)
        } catch {
            print("tasks: could not build the stores: \(error)")
        }
    }

    /// An evaluator of `registry`'s widgets whose containers are the store at `store`.
    static func evaluator(_ registry: WidgetRegistry, store: URL) -> WidgetEvaluator {
        WidgetEvaluator(
            registry: registry, containers: ContainerSet(storeOption: store.path, environment: [:]))
    }

    /// `count` TaskWidgets whose configurations cycle through every filter, category, limit and
    /// showCompleted, as the many-widget benchmarks run them.
    static func variedTaskWidgets(_ count: Int) -> [WidgetInstance] {
        let filters = ["all", "high", "medium", "low"]
        let categories = ["all", "work", "personal", "shopping"]
        return (0..<count).map { index in
            instance(
                "w\(index)",
                configuration: [
                    "priorityFilter": .string(filters[index % 4]), "showCompleted": .bool(index % 3 != 0),
                    "maxTasks": .int(1 + index % 4), "category": .string(categories[(index / 4) % 4]),
                ]
            )
        }
    }

    /// The options every evaluation of the benchmarks runs with: one fixed date.
    static let runOptions = RunOptions(date: Date(timeIntervalSince1970: 1_795_954_800))

    /// Runs `body` with 2,000 ``variedTaskWidgets(_:)`` and an evaluator over a new 50,000-task
    /// store, titles in seven scripts, removed afterwards: what the many-widget and HTML benchmarks
    /// evaluate. When the store cannot be built, says so, the line starting with `benchmark`'s name.
    static func withManyTaskWidgets(
        _ registry: WidgetRegistry, benchmark name: String,
        _ body: (_ many: [WidgetInstance], _ evaluator: WidgetEvaluator) async -> Void
    ) async {
        let directory: URL
        do {
            directory = try store(tasks: 50_000, titles: mixedTitles)
        } catch {
            print("\(name): could not build the store: \(error)")
            return
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        await body(variedTaskWidgets(2_000), evaluator(registry, store: directory))
    }

    func manyWidgets(_ registry: WidgetRegistry) async {
        await Self.withManyTaskWidgets(registry, benchmark: "widgets") { many, evaluator in
            var oneTimes: [Double] = []
            var manyTimes: [Double] = []
            var oneDrawnTimes: [Double] = []
            var manyDrawnTimes: [Double] = []
            for _ in 0..<rounds {
                oneTimes += await time(evaluator, [many[1]], rounds: 5)
                manyTimes += await time(evaluator, many, rounds: 1)
                oneDrawnTimes += await time(evaluator, [many[1]], rounds: 5, drawing: true)
                manyDrawnTimes += await time(evaluator, many, rounds: 1, drawing: true)
            }
            print(
                "widgets: 2,000 TaskWidgets of varied configuration over a 50,000-task store (titles in 7 scripts)"
            )
            Report.row("1 widget", oneTimes)
            Report.row("2,000 widgets", manyTimes)
            Report.row("1 widget, as text", oneDrawnTimes)
            Report.row("2,000 widgets, as text", manyDrawnTimes)
            for (label, one, all) in [
                ("marginal cost per widget", oneTimes, manyTimes),
                ("  drawn as text too", oneDrawnTimes, manyDrawnTimes),
            ] {
                let marginal = ((all.min() ?? 0) - (one.min() ?? 0)) / 1_999
                let verdict = marginal < 0.000_1 ? "met" : "NOT met"
                let padded = label.padding(toLength: 27, withPad: " ", startingAt: 0)
                print(
                    "  \(padded)\(Clock.milliseconds(marginal)) best (target: under 0.1 ms, \(verdict))")
            }
        }
    }

    func validate(_ registry: WidgetRegistry) {
        let text = WidgetConfigGenerator.config(widgets: 20_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgethost-bench-\(UUID().uuidString).yaml")
        do {
            try Data(text.utf8).write(to: path)
        } catch {
            print("validate: cannot write the config: \(error)")
            return
        }
        defer { try? FileManager.default.removeItem(at: path) }
        let bytes = Array(text.utf8)
        compareWithEventParse([bytes], loading: path.path, registry) { widgets, errors in
            "validate: a \(bytes.count)-byte config of 20,000 widgets (\(widgets) valid, \(errors) diagnostics)"
        }
        validateIncluded(registry)
    }

    /// The same 20,000 widgets split into 20 files a top-level file includes (`include:
    /// [part-*.yaml]`), against libyaml's bare event parse of every file: includes cost a glob and
    /// a read per file, no more.
    func validateIncluded(_ registry: WidgetRegistry) {
        let (main, parts) = WidgetConfigGenerator.included(widgets: 20_000, parts: 20)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgethost-bench-\(UUID().uuidString)")
        let mainPath = directory.appendingPathComponent("widgets.yaml")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(main.utf8).write(to: mainPath)
            for part in parts {
                try Data(part.text.utf8).write(to: directory.appendingPathComponent(part.name))
            }
        } catch {
            print("validate: cannot write the included config: \(error)")
            return
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [Array(main.utf8)] + parts.map { Array($0.text.utf8) }
        compareWithEventParse(files, loading: mainPath.path, registry) { widgets, errors in
            "validate: the same widgets in 20 files included by one (\(files.map(\.count).reduce(0, +)) bytes, "
                + "\(widgets) valid, \(errors) diagnostics)"
        }
    }

    /// Loads (reads and checks) the configuration at `path`, against libyaml's bare event parse of
    /// its `files`, rounds interleaved (target: at most 2x); prints `title` of the widgets loaded
    /// and the diagnostics, then the times.
    func compareWithEventParse(
        _ files: [[UInt8]], loading path: String, _ registry: WidgetRegistry,
        title: (_ widgets: Int, _ diagnostics: Int) -> String
    ) {
        let loader = ConfigurationLoader(registry: registry)
        var parseTimes: [Double] = []
        var validateTimes: [Double] = []
        var widgets = 0
        var errors = 0
        for file in files { _ = YAMLBenchmark.parseEvents(file) }
        for _ in 0..<rounds {
            parseTimes.append(Clock.seconds { for file in files { _ = YAMLBenchmark.parseEvents(file) } })
            validateTimes.append(
                Clock.seconds {
                    let loaded = loader.load([path])
                    widgets = loaded.instances.count
                    errors = loaded.diagnostics.count
                }
            )
        }
        print(title(widgets, errors))
        Report.row("libyaml event parse", parseTimes)
        Report.row("validate (read + check)", validateTimes)
        Report.ratio("validate / event parse", validateTimes, parseTimes, target: 2)
    }
}
