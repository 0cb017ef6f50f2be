import Testing
@_spi(WidgetHost) import WidgetHostKit

private struct ToggleFocusIntent: SetValueIntent {
    static let title = "Toggle Focus"
    static let description: IntentDescription = "Turns focus mode on or off."

    @Parameter(title: "Focus") var value: Bool

    init() {}

    init(value: Bool) {
        self.value = value
    }

    func perform() async throws -> some IntentResult { .result(value: value) }
}

private struct RefreshIntent: AppIntent {
    static let title = "Refresh"
    func perform() async throws -> some IntentResult { .result() }
}

private struct CounterConfiguration: WidgetConfigurationIntent {
    static let title = "Counter"
    @Parameter(title: "Start", default: 1) var start: Int
}

@Suite struct AppIntentTests {
    @Test func intentTypeIsTheSwiftTypeName() {
        #expect(ToggleFocusIntent.intentType == "ToggleFocusIntent")
        #expect(RefreshIntent.intentType == "RefreshIntent")
        #expect(CounterConfiguration.intentType == "CounterConfiguration")
    }

    @Test func descriptionDefaultsToEmpty() {
        #expect(RefreshIntent.description == IntentDescription(""))
        #expect(ToggleFocusIntent.description.text == "Turns focus mode on or off.")
    }

    @Test func aSetValueIntentsValueIsAParameter() async throws {
        let intent = ToggleFocusIntent(value: true)
        #expect(intent.value == true)
        #expect(ParameterReflection.values(of: intent) == .object([.init("value", .bool(true))]))
        #expect(try await intent.perform().value == .bool(true))
        #expect(ToggleFocusIntent().value == false)
    }

    @Test func aConfigurationIntentPerformsNothing() async throws {
        let result = try await CounterConfiguration().perform()
        #expect(result.value == nil)
        #expect(result.dialog == nil)
    }
}
