import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

/// The seed-style widget of TodoWidget.swift, drawn and performed through the SDK. The suite is
/// serialized: the test app's data manager is one shared store, as an app's is.
@Suite(.serialized) struct SeedStyleWidgetTests {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z
    static let milk = UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID()
    static let report = UUID(uuidString: "00000000-0000-0000-0000-000000000002") ?? UUID()

    init() {
        TodoDataManager.shared.saveTasks([
            TodoItem(
                id: Self.milk, title: "Buy milk", isCompleted: true, priority: .low, category: "home",
                dueDate: nil),
            TodoItem(
                id: Self.report, title: "Write report", isCompleted: false, priority: .high, category: "work",
                dueDate: Self.now.addingTimeInterval(2 * 3_600 + 5 * 60)),
        ])
    }

    static let container = SharedContainer(url: FileManager.default.temporaryDirectory)

    private func render(_ configuration: [String: JSONValue] = [:], mode: WidgetRequest.Mode = .timeline)
        async throws -> RenderedTimeline
    {
        let context = TimelineProviderContext(
            family: .systemMedium, isPreview: false, date: Self.now, container: Self.container)
        return try await TodoWidget().body.render(
            WidgetRequest(mode: mode, configuration: configuration, context: context))
    }

    private func perform<Intent: AppIntent>(_ intent: Intent) async throws -> Intent.PerformResult {
        try await IntentEnvironment.$current.withValue(
            IntentEnvironment(container: Self.container, date: Self.now)
        ) {
            try await intent.perform()
        }
    }

    @Test func theViewCarriesTheSeedsModifiersDatesAndURL() async throws {
        let view = try #require(try await render().entries.first).view
        let json = view.json.description
        #expect(view.url == "todoapp://tasks")
        #expect(view.modifiers.map(\.type) == [.padding, .containerBackground])
        #expect(json.contains(#"{"type":"containerBackground","style":"fill.tertiary"}"#))
        #expect(
            json.contains(
                #"{"type":"text","text":"1/2","modifiers":[{"type":"font","style":"caption","weight":"bold"}"#
            ))
        #expect(
            json.contains(
                #"{"type":"text","text":"Buy milk","modifiers":[{"type":"font","style":"subheadline"},"#
                    + #"{"type":"strikethrough","isActive":true},{"type":"foregroundStyle","style":"secondary"}"#
            ))
        #expect(
            json.contains(
                #"{"type":"text","text":"Write report","modifiers":[{"type":"font","style":"subheadline"},"#
                    + #"{"type":"strikethrough","isActive":false},{"type":"foregroundStyle","style":"primary"}"#
            ))
        #expect(
            json.contains(
                #"{"type":"text","text":"2 hours, 5 minutes","date":"2026-11-29T14:05:00Z","dateStyle":"relative","#
            ))
        #expect(
            json.contains(
                #"{"type":"image","systemName":"exclamationmark.circle.fill","modifiers":[{"type":"foregroundStyle","style":"red"}]}"#
            ))
        #expect(
            view.controls.map { $0.intent?.type } == [
                "ToggleTodoWithFeedbackIntent", "ToggleTodoWithFeedbackIntent",
            ])
        #expect(
            view.controls.allSatisfy { $0.modifiers.map(\.type) == [.buttonStyle, .invalidatableContent] })
    }

    @Test func theToggleRowRunsTheSetValueIntentWithTheOppositeState() throws {
        let task = try #require(TodoDataManager.shared.fetchTasks().first)
        let row = ViewRenderer.root(of: TodoToggleRowView(task: task))
        let toggle = try #require(row.controls.first)
        #expect(toggle.type == .toggle)
        #expect(toggle.isOn == true)
        #expect(toggle.intent?.type == "SetTodoCompletionIntent")
        #expect(toggle.intent?.parameters["isCompleted"] == .bool(false))
        #expect(
            toggle.modifiers.map(\.json.description) == [
                #"{"type":"toggleStyle","style":"switch"}"#, #"{"type":"labelsHidden"}"#,
            ])
    }

    @Test func thePlaceholderShowsTheLoadingRow() async throws {
        let view = try #require(try await render(mode: .placeholder).entries.first).view
        #expect(view.children.map(\.type) == [.hstack, .progress, .spacer])
    }

    @Test func aConfigurationCategoryIsAnEntityLookedUpByItsQuery() async throws {
        let work = try await render(["category": .string("work")])
        #expect(work.entries.first?.data["tasks"]?.description.contains("Write report") == true)
        #expect(work.entries.first?.data["tasks"]?.description.contains("Buy milk") == false)
        await #expect(throws: IntentParameterError.self) { try await render(["category": .string("garden")]) }
        do {
            _ = try await render(["category": .string("garden")])
        } catch let error as IntentParameterError {
            #expect(
                error.message
                    == #"no Category has the id "garden" for 'Category'; expected one of "home", "work""#)
        }
    }

    @Test func theFeedbackIntentReturnsFalseSilentlyForABadIdAndTrueWhenItToggles() async throws {
        #expect(try await perform(ToggleTodoWithFeedbackIntent(taskID: Self.report)).returnedValue == true)
        #expect(TodoDataManager.shared.fetchTasks().first { $0.id == Self.report }?.isCompleted == true)
        let bad = ToggleTodoWithFeedbackIntent()
        bad.taskID = "not-a-uuid"
        let result = try await perform(bad)
        #expect(result.returnedValue == false)
        #expect(result.value == .bool(false))
        #expect(result.dialog == nil)
    }

    @Test func theAddIntentSaysWhatItAddedAndResolvesItsCategory() async throws {
        let intent = AddTodoIntent()
        #expect(try await resolve(intent, ["taskName": "Call mum", "category": "home"]))
        let result = try await perform(intent)
        #expect(result.dialog?.text == "Call mum added")
        #expect(TodoDataManager.shared.fetchTasks().last?.category == "home")
        #expect(AddTodoIntent.titleText == "Add Task")
        #expect(AddTodoIntent.parameterSummary.phrase == "Add ${taskName} to ${category}")
        #expect(AddTodoIntent.parameterSummary.otherParameters == ["priority"])
        let taskName = ParameterReflection.descriptions(of: AddTodoIntent()).first
        #expect(taskName?.requestValueDialog == "What is the task?")
    }

    @Test func aValueAndADialogTogether() async throws {
        let intent = CountTodosIntent()
        intent.title = "Buy milk"
        let result = try await perform(intent)
        #expect(result.returnedValue == 1)
        #expect(result.dialog?.text == "1 tasks named Buy milk")
    }

    @Test func choicesComeFromTheAppsData() async throws {
        let environment = IntentEnvironment(container: Self.container, date: Self.now)
        let options = try await IntentEnvironment.$current.withValue(environment) {
            var found: [String: [JSONValue]] = [:]
            for (name, parameter) in ParameterReflection.parameters(of: AddTodoIntent()) {
                found[name] = try await parameter.dynamicOptions()
            }
            for (name, parameter) in ParameterReflection.parameters(of: CountTodosIntent()) {
                found["count." + name] = try await parameter.dynamicOptions()
            }
            return found
        }
        #expect(options["category"] == [.string("home"), .string("work")])
        #expect(options["count.title"] == [.string("Buy milk"), .string("Write report")])
        #expect(options["taskName"] == nil)
        #expect(options["priority"] == nil)
        let described = ParameterReflection.descriptions(of: AddTodoIntent())
        #expect(described.map(\.hasDynamicOptions) == [false, false, true])
        let configuration = ParameterReflection.descriptions(of: TodoConfigurationIntent())
        #expect(configuration.map(\.hasDynamicOptions) == [false, true])
        #expect(configuration.last?.isOptional == true)
    }

    private func resolve(_ intent: some AppIntent, _ values: [String: String]) async throws -> Bool {
        let environment = IntentEnvironment(container: Self.container, date: Self.now)
        return try await IntentEnvironment.$current.withValue(environment) {
            for (name, parameter) in ParameterReflection.parameters(of: intent) {
                guard let value = values[name] else { continue }
                guard try await parameter.resolve(json: .string(value)) else { return false }
            }
            return true
        }
    }
}
