import AppGroup
import Diagnostics
import Foundation
import PluginHosting
@_spi(WidgetHost) import PluginProtocol
import Rendering
import TaskStore
import TaskWidget
import TestSupport
import Testing
import WidgetEngine
import WidgetHost
@_spi(WidgetHost) import WidgetHostKit

/// The built-in TaskWidget served out of process by the SDK's plugin main (the `taskwidget-plugin`
/// executable) gives the same JSON as in process.
@Suite struct PluginParityTests {
    /// A host whose only plugin is `taskwidget-plugin`, in `directory`, a folder of its own, beside
    /// the widgets of `builtIns`.
    static func taskWidgetPlugin(
        in directory: TemporaryDirectory, builtIns: WidgetRegistry = WidgetRegistry()
    ) throws -> PluginHost {
        let folder = directory.url
        let manifest =
            "name: taskwidget\nexecutable: \(BuiltProduct.url("taskwidget-plugin").path)\n"
            + "kinds: [TaskWidget]\nintents: [ToggleTaskIntent, ToggleTaskWithFeedbackIntent, SetTaskCompletionIntent, CompleteTaskIntent, AddTaskIntent]\n"
        try manifest.write(
            to: folder.appendingPathComponent("plugin.yaml"), atomically: true, encoding: .utf8)
        return PluginHost(
            builtIns: builtIns, hostVersion: "test", environment: [:],
            options: [folder.path])
    }

    /// The store's categories, asked of the plugin with `options`, are the built-in's.
    @Test func categoryChoicesOutOfProcessMatchInProcess() async throws {
        let folder = try TemporaryDirectory()
        let host = try Self.taskWidgetPlugin(in: folder)
        defer { host.shutdown() }
        await host.prepare(kinds: ["TaskWidget"])
        let pluginWidget = try #require(host.widget(kind: "TaskWidget"))
        let builtIn = try #require(
            try WidgetRegistry(bundles: [TaskWidgetBundle()]).widget(kind: "TaskWidget"))
        let storeDirectory = try TemporaryDirectory()
        let container = try ContainerSet(storeOption: storeDirectory.url.path, environment: [:])
            .container(forAppGroup: "group.test")
        let store = try AppGroupStore(directory: storeDirectory.url)
        _ = try store.importTasks(
            [
                StoredTask(id: "1", title: "A", priority: .high, category: "work"),
                StoredTask(id: "2", title: "B", priority: .low, category: "home"),
                StoredTask(id: "3", title: "C", priority: .low, category: "work"),
            ], focus: nil)
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let outside = try await pluginWidget.options(for: "category", container: container, date: date)
        let inside = try await builtIn.options(for: "category", container: container, date: date)
        #expect(inside == [.string("all"), .string("work"), .string("home")])
        #expect(outside == inside)
        #expect(try await pluginWidget.options(for: "maxTasks", container: container, date: date) == nil)
    }

    @Test(arguments: [
        [String: JSONValue](),
        ["priorityFilter": .string("high"), "showCompleted": .bool(false), "maxTasks": .int(2)],
        ["category": .string("work"), "maxTasks": .int(4)],
    ])
    func taskWidgetOutOfProcessMatchesInProcess(_ overrides: [String: JSONValue]) async throws {
        let folder = try TemporaryDirectory()
        let host = try Self.taskWidgetPlugin(in: folder)
        defer { host.shutdown() }
        await host.prepare(kinds: ["TaskWidget"])
        let pluginWidget = try #require(host.widget(kind: "TaskWidget"))
        #expect(pluginWidget is PluginWidget)
        let inProcess = try WidgetRegistry(bundles: [TaskWidgetBundle()])
        let builtIn = try #require(inProcess.widget(kind: "TaskWidget"))
        // The protocol carries enum case values, not their display titles.
        #expect(pluginWidget.parameters.map(\.json) == builtIn.parameters.map(\.json))
        #expect(pluginWidget.metadata == builtIn.metadata)

        var configuration: [String: JSONValue] = [:]
        for parameter in builtIn.parameters { configuration[parameter.name] = parameter.defaultValue }
        configuration.merge(overrides) { _, new in new }
        let instance = WidgetInstance(
            id: "tasks", kind: "TaskWidget", family: .systemMedium, configuration: configuration,
            appGroup: "group.test", file: "widgets.yaml", location: .init(line: 1, column: 1))
        let storeDirectory = try TemporaryDirectory()
        let store = storeDirectory.url
        let containers = ContainerSet(storeOption: store.path, environment: [:])
        let options = RunOptions(date: Date(timeIntervalSince1970: 1_795_000_000))
        let outside = await WidgetEvaluator(registry: host.registry(), containers: containers)
            .evaluate(instance, options: options)
        let inside = await WidgetEvaluator(registry: inProcess, containers: containers)
            .evaluate(instance, options: options)
        let outsideJSON = RunJSON.object(outside, includeTimeline: true)
        #expect(outsideJSON["error"] == nil, "\(outsideJSON)")
        #expect(outsideJSON == RunJSON.object(inside, includeTimeline: true))
    }

    /// `type` performed with `values` by the plugin and by the built-in, on one empty store.
    static func performOnBothSides<Intent: AppIntent>(_ type: Intent.Type, _ values: [String: JSONValue])
        async throws -> (
            outside: Result<IntentRunner.Outcome, WidgetFailure>,
            inside: Result<IntentRunner.Outcome, WidgetFailure>
        )
    {
        let folder = try TemporaryDirectory()
        let host = try Self.taskWidgetPlugin(in: folder)
        defer { host.shutdown() }
        let intent = try #require(try await host.intent(named: Intent.intentType)?.get())
        let storeDirectory = try TemporaryDirectory()
        let container = SharedContainer(url: storeDirectory.url)
        let outside = await intent.perform(values: values, container: container, date: Date())
        let inside = await IntentRunner.perform(type, values: values, container: container, date: Date())
        return (outside, inside)
    }

    /// A value the intent refuses (`$taskName.needsValueError`) is JSON-RPC's "invalid params" out
    /// of process, and the host's `intent.invalid-value` in process: both invalid input.
    @Test func aRefusedValueIsInvalidInputOnBothSides() async throws {
        let (outside, inside) = try await Self.performOnBothSides(
            AddTaskIntent.self, ["taskName": .string("  ")])
        guard case .failure(let failure) = outside else {
            Issue.record("the plugin added a task without a name: \(outside)")
            return
        }
        #expect(failure.code.rawValue == "plugin.invalid-params")
        #expect(
            failure.message
                == "plugin 'taskwidget' failed 'perform': a task needs a name: 'taskName' is empty (code -32602)"
        )
        #expect(
            inside.map(\.json)
                == .failure(
                    WidgetFailure(
                        code: FailureCode("intent.invalid-value", .invalidInput),
                        message: "a task needs a name: 'taskName' is empty")))
    }

    /// A coded error an intent throws (`TaskIntentError.taskNotFound`) gives its code as the
    /// failure's reason on both sides: in process under `intent.failed`, out of process under
    /// `plugin.error`, carried as the JSON-RPC error's `data.reason`.
    @Test func aCodedErrorsCodeIsTheReasonOnBothSides() async throws {
        let (outside, inside) = try await Self.performOnBothSides(
            ToggleTaskIntent.self, ["taskID": .string("nope")])
        guard case .failure(let failure) = outside, case .failure(let builtIn) = inside else {
            Issue.record("a task that is not stored was toggled: \(outside), \(inside)")
            return
        }
        #expect(failure.code.rawValue == "plugin.error")
        #expect(failure.reason == "task.not-found")
        #expect(failure.message.hasPrefix("plugin 'taskwidget' failed 'perform': no task with id 'nope'"))
        #expect(builtIn.code.rawValue == "intent.failed")
        #expect(builtIn.reason == "task.not-found")
        #expect(builtIn.message.hasPrefix("no task with id 'nope'"))
    }
}
