import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

// The forms the IntentDefinitions plugin generates from an `.intentdefinition` file, written out.
private enum Mood: Int, INEnumeration, Sendable {
    case unknown = 0
    case calm = 1
    case busy = 2

    static let enumerationName = "Mood"
    static let caseTitles: [Mood: String] = [.calm: "Calm", .busy: "Busy"]
}

private final class Place: INObject, @unchecked Sendable {
    var floor: NSNumber? = nil
}

private final class RoomIntent: INIntent, @unchecked Sendable {
    @Parameter(title: "Room") var room: Place?
    @Parameter(title: "Mood", default: .calm) var mood: Mood
    @INNumberParameter(title: "Lights", type: .boolean) var lights: NSNumber?
    @INNumberParameter(title: "People", type: .integer, default: .int(2), minimum: 1, maximum: 9) var people:
        NSNumber?
    @INNumberParameter(title: "Warmth", type: .number, minimum: 15.5) var warmth: NSNumber?
    @Parameter(title: "Guests") var guests: [String]?
    @Parameter(title: "Booked") var booked: DateComponents?
    var note: String? = nil
}

private struct RoomEntry: TimelineEntry {
    let date: Date
    let line: String
}

private struct RoomProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> RoomEntry { RoomEntry(date: context.date, line: "…") }

    func getSnapshot(
        for configuration: RoomIntent, in context: Context, completion: @escaping (RoomEntry) -> Void
    ) {
        completion(RoomEntry(date: context.date, line: "snapshot of \(line(configuration))"))
    }

    func getTimeline(
        for configuration: RoomIntent, in context: Context,
        completion: @escaping (Timeline<RoomEntry>) -> Void
    ) {
        completion(
            Timeline(entries: [RoomEntry(date: context.date, line: line(configuration))], policy: .never))
    }

    private func line(_ configuration: RoomIntent) -> String {
        let booked = configuration.booked.map {
            "\($0.year ?? 0)-\($0.month ?? 0)-\($0.day ?? 0) \($0.hour ?? 0)h"
        }
        return [
            configuration.room?.displayString ?? "no room", "\(configuration.mood)",
            configuration.lights?.boolValue == true ? "lit" : "dark",
            "\(configuration.people?.intValue ?? 0)",
            configuration.warmth.map { "\($0.doubleValue)" } ?? "-",
            (configuration.guests ?? []).joined(separator: "+"),
            booked ?? "-",
        ].joined(separator: " ")
    }
}

@Suite struct IntentConfigurationTests {
    private let widget = IntentConfiguration(kind: "Room", intent: RoomIntent.self, provider: RoomProvider())
    {
        entry in
        Text(entry.line)
    }
    .supportedFamilies([.systemSmall])

    @Test func theParametersAreTheIntentsConfigurableOnes() {
        #expect(widget.isConfigurable)
        #expect(
            widget.parameters.map(\.name) == [
                "room", "mood", "lights", "people", "warmth", "guests", "booked",
            ])
        let byName = Dictionary(uniqueKeysWithValues: widget.parameters.map { ($0.name, $0) })
        #expect(byName["room"]?.type == .string)
        #expect(byName["room"]?.isOptional == true)
        #expect(
            byName["mood"]?.type
                == .enumeration(
                    name: "Mood",
                    cases: [EnumCase(value: "calm", title: "Calm"), EnumCase(value: "busy", title: "Busy")]))
        #expect(byName["mood"]?.defaultValue == .string("calm"))
        #expect(byName["lights"]?.type == .boolean)
        #expect(byName["people"].map { [$0.minimum, $0.maximum] } == [1, 9])
        #expect(byName["people"]?.defaultValue == .int(2))
        #expect(byName["warmth"].map { [$0.numberMinimum, $0.numberMaximum] } == [15.5, nil])
        #expect(byName["guests"]?.type == .array(.string))
        #expect(byName["booked"]?.type == .date)
    }

    @Test func anEmptyConfigurationGivesTheDefaultsAndUnknown() async throws {
        let rendered = try await widget.render(Fixtures.request(.timeline))
        #expect(rendered.entries.map(\.view) == [ViewNode(type: .text, text: "no room calm dark 2 -  -")])
    }

    @Test func theProviderSeesEveryConfiguredValueInItsIOSType() async throws {
        let configuration: [String: JSONValue] = [
            "room": .string("Kitchen"), "mood": .string("busy"), "lights": .bool(true), "people": .int(4),
            "warmth": .double(21.5), "guests": .array([.string("Ann"), .string("Bo")]),
            "booked": .string("2026-12-24T18:30:00+01:00"),
        ]
        let rendered = try await widget.render(Fixtures.request(.timeline, configuration: configuration))
        #expect(
            rendered.entries.map(\.view)
                == [ViewNode(type: .text, text: "Kitchen busy lit 4 21.5 Ann+Bo 2026-12-24 18h")])
        let snapshot = try await widget.render(
            Fixtures.request(.snapshot, configuration: ["people": .int(7)]))
        #expect(
            snapshot.entries.map(\.view) == [
                ViewNode(type: .text, text: "snapshot of no room calm dark 7 -  -")
            ])
        let placeholder = try await widget.render(
            Fixtures.request(.placeholder, configuration: configuration))
        #expect(placeholder.entries.map(\.view) == [ViewNode(type: .text, text: "…")])
    }

    @Test(arguments: [
        ("mood", JSONValue.string("unknown")),
        ("mood", .string("sleepy")),
        ("lights", .int(1)),
        ("people", .double(2.5)),
        ("people", .bool(true)),
        ("room", .int(3)),
        ("booked", .string("Christmas")),
    ])
    func aValueThatDoesNotFitItsParameterThrows(_ name: String, _ value: JSONValue) async throws {
        let error = await #expect(throws: WidgetError.self) {
            try await widget.render(Fixtures.request(.timeline, configuration: [name: value]))
        }
        guard case .invalidConfiguration(let parameter, _) = error else {
            Issue.record("expected invalidConfiguration, got \(String(describing: error))")
            return
        }
        #expect(parameter == name)
    }

    @Test func theObjectsIdentifierIsItsValueAndItsDisplayString() {
        let place = Place(json: .string("hall"))
        #expect(place?.identifier == "hall")
        #expect(place?.displayString == "hall")
        #expect(place?.json == .string("hall"))
        #expect(Place(json: .int(1)) == nil)
        #expect(Place.unsetValue.identifier == nil)
        #expect(Place(identifier: "a", display: "A") == Place(identifier: "a", display: "A"))
        #expect(Place(identifier: "a", display: "A") != Place(identifier: "a", display: "B"))
    }

    @Test func anEnumerationIsWrittenByItsCaseName() {
        #expect(Mood(json: .string("busy")) == .busy)
        #expect(Mood.busy.json == .string("busy"))
        #expect(Mood.unsetValue == .unknown)
        #expect(Mood(json: .string("unknown")) == nil)
    }

    @Test func aNumbersDefaultIsItsValueUntilTheConfigurationSetsAnother() {
        let intent = RoomIntent()
        #expect(intent.people?.intValue == 2)
        #expect(intent.lights == nil)
        intent.lights = NSNumber(value: true)
        #expect(intent.$lights.currentJSON == .bool(true))
        #expect(intent.$people.set(json: .null))
        #expect(intent.people == nil)
    }

    @Test func anEntryOfTheProvidersTypeIsDrawnByTheContent() throws {
        let drawn = try widget.draw(
            RoomEntry(date: Fixtures.now, line: "drawn"), in: Fixtures.request(.timeline).context)
        #expect(drawn?.view == ViewNode(type: .text, text: "drawn"))
    }
}
