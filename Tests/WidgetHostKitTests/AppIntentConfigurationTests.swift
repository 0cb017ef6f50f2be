import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

private enum GreetingStyle: String, AppEnum {
    case plain, loud
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Style"
    static let caseDisplayRepresentations: [GreetingStyle: DisplayRepresentation] = [
        .plain: "Plain", .loud: "Loud",
    ]
}

private struct GreetingIntent: WidgetConfigurationIntent {
    static let title = "Greeting"
    @Parameter(title: "Name", default: "World") var name: String
    @Parameter(title: "Times", default: 1, minimum: 1, maximum: 5) var times: Int
    @Parameter(title: "Style", default: .plain) var style: GreetingStyle
    @Parameter(title: "Until") var until: Date?
}

private struct GreetingEntry: TimelineEntry {
    let date: Date
    let greeting: String
    let until: Date?
}

private struct GreetingProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> GreetingEntry {
        GreetingEntry(date: context.date, greeting: "Hello, Sample", until: nil)
    }

    func snapshot(for configuration: GreetingIntent, in context: Context) async throws -> GreetingEntry {
        GreetingEntry(date: context.date, greeting: greeting(configuration), until: configuration.until)
    }

    func timeline(for configuration: GreetingIntent, in context: Context) async throws -> Timeline<
        GreetingEntry
    > {
        let entries = (0..<configuration.times).map {
            GreetingEntry(
                date: context.date.addingTimeInterval(Double($0) * 3600), greeting: greeting(configuration),
                until: configuration.until)
        }
        return Timeline(entries: entries, policy: configuration.until.map { .after($0) } ?? .never)
    }

    private func greeting(_ configuration: GreetingIntent) -> String {
        let text = "Hello, \(configuration.name)"
        return configuration.style == .loud ? text.uppercased() + "!" : text
    }
}

private struct GreetingWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Greeting", intent: GreetingIntent.self, provider: GreetingProvider()) {
            entry in
            Text(entry.greeting)
        }
        .configurationDisplayName("Greeting")
        .description("Says hello.")
        .supportedFamilies([.systemSmall, .accessoryInline])
    }
}

private struct ProviderFailure: Error, Equatable {
    var mode: String
}

private struct FailingProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> GreetingEntry {
        GreetingEntry(date: context.date, greeting: "placeholder", until: nil)
    }

    func snapshot(for configuration: GreetingIntent, in context: Context) async throws -> GreetingEntry {
        throw ProviderFailure(mode: "snapshot")
    }

    func timeline(for configuration: GreetingIntent, in context: Context) async throws -> Timeline<
        GreetingEntry
    > {
        throw ProviderFailure(mode: "timeline")
    }
}

@Suite struct AppIntentConfigurationTests {
    private var widget: some WidgetConfiguration { GreetingWidget().body }

    @Test func parametersAreTheIntentsDescriptions() {
        #expect(widget.parameters == ParameterReflection.descriptions(of: GreetingIntent()))
        #expect(widget.parameters.map(\.name) == ["name", "times", "style", "until"])
        #expect(widget.isConfigurable)
    }

    @Test func modifiersSetTheMetadata() {
        #expect(
            widget.metadata
                == WidgetMetadata(
                    kind: "Greeting", displayName: "Greeting", description: "Says hello.",
                    supportedFamilies: [.systemSmall, .accessoryInline])
        )
    }

    @Test func anEmptyConfigurationGivesTheDefaults() async throws {
        let rendered = try await widget.render(Fixtures.request(.timeline))
        #expect(
            rendered
                == Fixtures.singleEntry(
                    data: .object([.init("greeting", .string("Hello, World")), .init("until", .null)]),
                    view: ViewNode(type: .text, text: "Hello, World")))
    }

    @Test func theProviderSeesTheConfiguredParameters() async throws {
        let configuration: [String: JSONValue] = [
            "name": .string("Ada"), "times": .int(3), "style": .string("loud"),
            "until": .string("2026-11-29T15:00:00Z"),
        ]
        let rendered = try await widget.render(Fixtures.request(.timeline, configuration: configuration))
        #expect(rendered.entries.map(\.date) == [0, 3600, 7200].map { Fixtures.now.addingTimeInterval($0) })
        #expect(
            rendered.entries.map(\.data.description)
                == Array(repeating: #"{"greeting":"HELLO, ADA!","until":"2026-11-29T15:00:00Z"}"#, count: 3)
        )
        #expect(rendered.policy == .after(Fixtures.now.addingTimeInterval(3 * 3600)))
    }

    @Test func snapshotUsesTheConfigurationToo() async throws {
        let rendered = try await widget.render(
            Fixtures.request(.snapshot, configuration: ["name": .string("Grace"), "times": .double(2)]))
        #expect(rendered.entries.map(\.view) == [ViewNode(type: .text, text: "Hello, Grace")])
        #expect(rendered.policy == .never)
    }

    @Test func placeholderIgnoresTheConfiguration() async throws {
        let rendered = try await widget.render(
            Fixtures.request(.placeholder, configuration: ["name": .string("Grace")]))
        #expect(rendered.entries.map(\.view) == [ViewNode(type: .text, text: "Hello, Sample")])
        #expect(rendered.policy == .never)
    }

    @Test func everyRenderStartsFromAFreshIntent() async throws {
        _ = try await widget.render(Fixtures.request(.timeline, configuration: ["name": .string("Ada")]))
        let rendered = try await widget.render(Fixtures.request(.timeline))
        #expect(rendered.entries.first?.data["greeting"] == .string("Hello, World"))
    }

    @Test(arguments: [
        ("times", JSONValue.string("three")),
        ("times", .double(1.5)),
        ("style", .string("quiet")),
        ("name", .null),
        ("until", .string("someday")),
    ])
    func aValueThatDoesNotFitThrows(_ name: String, _ value: JSONValue) async throws {
        for mode in [WidgetRequest.Mode.placeholder, .snapshot, .timeline] {
            let error = await #expect(throws: WidgetError.self) {
                try await widget.render(Fixtures.request(mode, configuration: [name: value]))
            }
            guard case .invalidConfiguration(let parameter, let rejected) = error else {
                Issue.record("expected invalidConfiguration, got \(String(describing: error))")
                continue
            }
            #expect(parameter == name)
            #expect(rejected == value)
        }
    }

    @Test func theErrorSaysWhichValueAndParameter() {
        let error = WidgetError.invalidConfiguration(parameter: "times", value: .string("three"))
        #expect(error.description == #"the value "three" does not fit the parameter 'times'"#)
    }

    @Test func keysThatAreNotParametersAreLeftToTheHost() async throws {
        // The host reports unknown keys with their location before anything renders.
        let rendered = try await widget.render(
            Fixtures.request(.timeline, configuration: ["colour": .int(1)]))
        #expect(rendered.entries.count == 1)
    }

    @Test(arguments: [WidgetRequest.Mode.snapshot, .timeline])
    func aThrowingProvidersErrorPropagates(_ mode: WidgetRequest.Mode) async throws {
        let configuration = AppIntentConfiguration(
            kind: "Failing", intent: GreetingIntent.self, provider: FailingProvider()
        ) { entry in
            Text(entry.greeting)
        }
        let error = await #expect(throws: ProviderFailure.self) {
            try await configuration.render(Fixtures.request(mode))
        }
        #expect(error == ProviderFailure(mode: mode.rawValue))
        let placeholder = try await configuration.render(Fixtures.request(.placeholder))
        #expect(placeholder.entries.map(\.view) == [ViewNode(type: .text, text: "placeholder")])
    }
}
