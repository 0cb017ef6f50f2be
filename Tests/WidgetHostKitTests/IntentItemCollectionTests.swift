import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

// Queries and providers that return their results in sections, as Home Assistant's do (its
// entities grouped by server).
private struct Server: Sendable {
    let name: String
    let lights: [String]
}

private let servers = [
    Server(name: "Home", lights: ["Porch", "Hall"]), Server(name: "Cabin", lights: ["Deck"]),
]

private struct LightEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Light"
    static let defaultQuery = LightQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

private struct LightQuery: EntityStringQuery {
    func entities(for identifiers: [String]) async throws -> [LightEntity] {
        identifiers.filter { id in servers.contains { $0.lights.contains(id) } }.map(LightEntity.init(id:))
    }

    func entities(matching string: String) async throws -> IntentItemCollection<LightEntity> {
        grouped { $0.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> IntentItemCollection<LightEntity> {
        grouped { _ in true }
    }

    private func grouped(_ keep: (String) -> Bool) -> IntentItemCollection<LightEntity> {
        .init(
            sections: servers.map { server in
                .init(
                    .init(stringLiteral: server.name),
                    items: server.lights.filter(keep).map(LightEntity.init(id:)))
            })
    }
}

private struct SceneOptions: DynamicOptionsProvider {
    func results() async throws -> IntentItemCollection<String> {
        IntentItemCollection(
            promptLabel: "Scenes",
            items: [IntentItem("Evening", title: "Evening", subtitle: "Dim"), IntentItem("Morning")])
    }
}

private struct ListOptions: DynamicOptionsProvider {
    func results() async throws -> [Int] { [1, 2] }
}

private struct LetterOptions: DynamicOptionsProvider {
    func results() async throws -> IntentItemCollection<String> { .init(items: ["a", "b"]) }
}

private struct LightIntent: AppIntent {
    static let title: LocalizedStringResource = "Light"
    @Parameter(title: "Light") var light: LightEntity?
    @Parameter(title: "Scene", optionsProvider: SceneOptions()) var scene: String?
    @Parameter(title: "Level", optionsProvider: ListOptions()) var level: Int

    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct IntentItemCollectionTests {
    private static func options(_ parameter: String) async throws -> [JSONValue]? {
        try await ParameterReflection.options(
            of: LightIntent(), parameter: parameter,
            container: SharedContainer(url: URL(fileURLWithPath: "/nonexistent")),
            date: Date(timeIntervalSince1970: 0))
    }

    @Test func sectionedSuggestionsAreTheChoicesInOrder() async throws {
        #expect(try await Self.options("light") == [.string("Porch"), .string("Hall"), .string("Deck")])
        #expect(try await Self.options("scene") == [.string("Evening"), .string("Morning")])
        // A list still is one.
        #expect(try await Self.options("level") == [.int(1), .int(2)])
    }

    @Test func aSearchReturnsItsSectionsAndAnIdNoneHasNamesTheSuggestions() async throws {
        let found = try await LightQuery().entities(matching: "h")
        #expect(found.sections.map(\.title) == ["Home", "Cabin"])
        #expect(found.resultElements.map(\.id) == ["Porch", "Hall"])
        let error = await #expect(throws: IntentParameterError.self) {
            _ = try await LightEntity.resolve(json: .string("Attic"), title: "Light")
        }
        #expect(
            error?.message
                == #"no Light has the id "Attic" for 'Light'; expected one of "Porch", "Hall", "Deck""#)
    }

    @Test func anItemKeepsWhatAChooserWouldShow() async throws {
        let collection = try await SceneOptions().results()
        #expect(collection.promptLabel == "Scenes")
        #expect(collection.sections.map { $0.items.map(\.subtitle) } == [["Dim", nil]])
        #expect(try await LetterOptions().results().resultElements == ["a", "b"])
    }
}

// Home Assistant's other AppIntents forms: a list parameter's size per family, a summary without a
// phrase, and the error a control's value provider throws while its state loads.
private struct AssistIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Assist"
    @Parameter(
        title: .init("assist.pipelines", defaultValue: "Pipelines"),
        size: [.systemSmall: 1, .systemMedium: IntentCollectionSize(min: 1, max: 6)])
    var pipelines: [String]?
    @Parameter(title: "Rooms", size: 4) var rooms: [String]?
    @Parameter(title: "With voice", default: true) var withVoice: Bool

    static var parameterSummary: some ParameterSummary {
        Summary {
            \.$pipelines
            \.$withVoice
        }
    }
}

private struct AssistProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: context.date) }
    func snapshot(for configuration: AssistIntent, in context: Context) async throws -> SimpleEntry {
        SimpleEntry(date: context.date)
    }
    func timeline(for configuration: AssistIntent, in context: Context) async throws -> Timeline<SimpleEntry>
    {
        Timeline(entries: [SimpleEntry(date: context.date)], policy: .never)
    }
}

private struct SimpleEntry: TimelineEntry {
    let date: Date
}

@Suite struct AppIntentsFormsTests {
    @Test func aListsSizeInEachFamilyIsItsParameterLimit() {
        let widget = AppIntentConfiguration(
            kind: "Assist", intent: AssistIntent.self, provider: AssistProvider()
        ) {
            _ in Text("assist")
        }
        #expect(widget.metadata.parameterLimits["pipelines"] == [.systemSmall: 1, .systemMedium: 6])
        #expect(
            widget.metadata.parameterLimits["rooms"]
                == Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, 4) }))
        #expect(widget.metadata.parameterLimits["withVoice"] == nil)
        // A widget's own limit still has the last word.
        #expect(
            widget.parameterLimit("rooms", [.systemLarge: 9]).metadata.parameterLimits["rooms"] == [
                .systemLarge: 9
            ])
    }

    @Test func aSummaryWithoutAPhraseListsItsParameters() {
        let summary = AssistIntent.parameterSummary
        #expect(summary.phrase == nil)
        #expect(summary.otherParameters == ["pipelines", "withVoice"])
    }

    @Test func aRestartIsAnErrorTheHostReports() {
        #expect(throws: AppIntentError.restartPerform) { throw AppIntentError.restartPerform }
        #expect(AppIntentError.restartPerform.description == "the intent asks to be performed again")
        #expect(AppIntentError.restartPerform != .unrecoverable)
    }
}

// Home Assistant's controls: a query whose choices depend on a parameter set before
// (`@IntentParameterDependency`).
private struct RoomLight: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Room light"
    static let defaultQuery = RoomLightQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

private struct RoomLightQuery: EntityQuery {
    @IntentParameterDependency<RoomLightIntent>(\.$server)
    var config

    private var lights: [String] {
        servers.first { $0.name == config?.server }?.lights ?? servers.flatMap(\.lights)
    }

    func entities(for identifiers: [String]) async throws -> [RoomLight] {
        lights.filter(identifiers.contains).map(RoomLight.init(id:))
    }

    func suggestedEntities() async throws -> [RoomLight] { lights.map(RoomLight.init(id:)) }
}

private struct RoomLightIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Room light"
    @Parameter(title: "Server", default: "Home") var server: String
    @Parameter(title: "Light") var light: RoomLight?
}

@Suite struct IntentParameterDependencyTests {
    private static func render(_ configuration: [String: JSONValue]) async throws -> RenderedTimeline {
        try await AppIntentConfiguration(
            kind: "RoomLight", intent: RoomLightIntent.self, provider: RoomLightProvider()
        ) { entry in Text(entry.light) }
        .render(Fixtures.request(.timeline, configuration: configuration))
    }

    @Test func aQueryReadsTheParametersSetBeforeItsOwn() async throws {
        let cabin = try await Self.render(["server": .string("Cabin"), "light": .string("Deck")])
        #expect(cabin.entries.map(\.view) == [ViewNode(type: .text, text: "Deck")])
        // The Home server has no deck: the query, scoped to it, does not find one.
        let error = await #expect(throws: IntentParameterError.self) {
            try await Self.render(["server": .string("Home"), "light": .string("Deck")])
        }
        #expect(
            error?.message == #"no Room light has the id "Deck" for 'Light'; expected one of "Porch", "Hall""#
        )
        // Outside a configuration there is no dependency: every light.
        #expect(try await RoomLightQuery().suggestedEntities().map(\.id) == ["Porch", "Hall", "Deck"])
    }
}

private struct RoomLightEntry: TimelineEntry {
    let date: Date
    let light: String
}

private struct RoomLightProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> RoomLightEntry { RoomLightEntry(date: context.date, light: "…") }
    func snapshot(for configuration: RoomLightIntent, in context: Context) async throws -> RoomLightEntry {
        RoomLightEntry(date: context.date, light: configuration.light?.id ?? "none")
    }
    func timeline(for configuration: RoomLightIntent, in context: Context) async throws -> Timeline<
        RoomLightEntry
    > {
        Timeline(
            entries: [RoomLightEntry(date: context.date, light: configuration.light?.id ?? "none")],
            policy: .never)
    }
}
