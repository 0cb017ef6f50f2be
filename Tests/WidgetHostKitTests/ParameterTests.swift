import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

private enum ListPriority: String, AppEnum {
    case all, high, low
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"
    static let caseDisplayRepresentations: [ListPriority: DisplayRepresentation] = [
        .all: "All", .high: "High", .low: "Low",
    ]
}

/// A configuration intent with a parameter of every kind, as a plugin author writes one.
private struct ListIntent: WidgetConfigurationIntent {
    static let title = "List"

    @Parameter(title: "Name", default: "Inbox") var name: String
    @Parameter(title: "Tasks", default: 3, minimum: 1, maximum: 10) var maxTasks: Int
    @Parameter(title: "Priority", default: .all) var priority: ListPriority
    @Parameter(title: "Show completed") var showCompleted: Bool
    @Parameter(title: "Note") var note: String?
    @Parameter(title: "Due") var due: Date
    @Parameter(title: "Tags", default: ["home"]) var tags: [String]
    @Parameter(title: "Level", inclusiveRange: (0, 5)) var level: Int
    @Parameter(title: "Scale", default: 1.5) var scale: Double
    @Parameter(title: "Limit", default: 10) var limit: Int?

    /// Not parameters: reflection must skip them.
    let cacheKey = "list"
    var renderCount = 0
}

@Suite struct ParameterTests {
    @Test func valuesStartAtTheirDefaultsElseTheUnsetValue() {
        let intent = ListIntent()
        #expect(intent.name == "Inbox")
        #expect(intent.maxTasks == 3)
        #expect(intent.priority == .all)
        #expect(intent.showCompleted == false)
        #expect(intent.note == nil)
        #expect(intent.due == Date(timeIntervalSinceReferenceDate: 0))
        #expect(intent.tags == ["home"])
        #expect(intent.level == 0)
        #expect(intent.scale == 1.5)
        #expect(intent.limit == 10)
    }

    @Test func wrappedValueSetsAndGets() {
        let intent = ListIntent()
        intent.name = "Work"
        intent.maxTasks = 7
        intent.priority = .high
        intent.note = "call back"
        intent.limit = nil
        #expect(intent.name == "Work")
        #expect(intent.maxTasks == 7)
        #expect(intent.priority == .high)
        #expect(intent.note == "call back")
        #expect(intent.limit == nil)
        #expect(intent.$limit.currentJSON == .null)
    }

    @Test func setJSONAcceptsItsTypeOnly() {
        let intent = ListIntent()
        #expect(intent.$maxTasks.set(json: .int(5)))
        #expect(intent.maxTasks == 5)
        #expect(intent.$maxTasks.set(json: .double(6)))
        #expect(intent.maxTasks == 6)
        #expect(intent.$priority.set(json: .string("low")))
        #expect(intent.priority == .low)
        #expect(intent.$note.set(json: .null))
        #expect(intent.note == nil)
        #expect(intent.$due.set(json: .string("2026-11-29T12:00:00Z")))
        #expect(intent.due == Fixtures.now)
    }

    @Test(arguments: [
        ("name", JSONValue.int(1)),
        ("maxTasks", .string("3")),
        ("maxTasks", .double(2.5)),
        ("maxTasks", .null),
        ("priority", .string("urgent")),
        ("priority", .string("High")),
        ("showCompleted", .string("true")),
        ("note", .int(1)),
        ("due", .string("tomorrow")),
        ("tags", .array([.string("a"), .int(1)])),
        ("tags", .string("a")),
        ("scale", .bool(true)),
        ("limit", .string("ten")),
    ])
    func setJSONRejectsWrongTypesAndChangesNothing(_ name: String, _ value: JSONValue) throws {
        let intent = ListIntent()
        let before = ParameterReflection.values(of: intent)
        let parameter = try #require(ParameterReflection.parameters(of: intent).first { $0.name == name })
        #expect(parameter.parameter.set(json: value) == false)
        #expect(ParameterReflection.values(of: intent) == before)
    }

    @Test func bypassingTheRangeIsTheHostsToValidate() {
        // `set(json:)` checks the type only: bounds are checked with diagnostics by the host.
        let intent = ListIntent()
        #expect(intent.$maxTasks.set(json: .int(99)))
        #expect(intent.maxTasks == 99)
    }

    @Test func describeGivesTitleTypeDefaultBoundsAndOptionality() {
        #expect(
            ParameterReflection.descriptions(of: ListIntent()) == [
                ParameterDescription(
                    name: "name", title: "Name", type: .string, defaultValue: .string("Inbox")),
                ParameterDescription(
                    name: "maxTasks", title: "Tasks", type: .integer, defaultValue: .int(3), minimum: 1,
                    maximum: 10),
                ParameterDescription(
                    name: "priority", title: "Priority",
                    type: .enumeration(
                        name: "Priority",
                        cases: [
                            EnumCase(value: "all", title: "All"), EnumCase(value: "high", title: "High"),
                            EnumCase(value: "low", title: "Low"),
                        ]),
                    defaultValue: .string("all")),
                ParameterDescription(name: "showCompleted", title: "Show completed", type: .boolean),
                ParameterDescription(name: "note", title: "Note", type: .string, isOptional: true),
                ParameterDescription(name: "due", title: "Due", type: .date),
                ParameterDescription(
                    name: "tags", title: "Tags", type: .array(.string),
                    defaultValue: .array([.string("home")])),
                ParameterDescription(name: "level", title: "Level", type: .integer, minimum: 0, maximum: 5),
                ParameterDescription(
                    name: "scale", title: "Scale", type: .number, defaultValue: .double(1.5)),
                ParameterDescription(
                    name: "limit", title: "Limit", type: .integer, defaultValue: .int(10), isOptional: true),
            ]
        )
    }

    @Test func describeUsesTheNameItIsGiven() {
        let description = ListIntent().$maxTasks.describe(name: "count")
        #expect(description.name == "count")
        #expect(description.title == "Tasks")
    }

    @Test func requiredMeansNoDefaultAndNotOptional() {
        let required = Dictionary(
            uniqueKeysWithValues: ParameterReflection.descriptions(of: ListIntent()).map {
                ($0.name, $0.isRequired)
            }
        )
        #expect(
            required == [
                "name": false, "maxTasks": false, "priority": false, "showCompleted": true, "note": false,
                "due": true, "tags": false, "level": true, "scale": false, "limit": false,
            ]
        )
    }

    @Test func reflectionFindsParametersInDeclarationOrderWithoutTheUnderscore() {
        #expect(
            ParameterReflection.parameters(of: ListIntent()).map(\.name) == [
                "name", "maxTasks", "priority", "showCompleted", "note", "due", "tags", "level", "scale",
                "limit",
            ]
        )
    }

    @Test func reflectionFindsTheParameterObjectsThemselves() throws {
        let intent = ListIntent()
        let found = try #require(ParameterReflection.parameters(of: intent).first { $0.name == "maxTasks" })
        #expect(found.parameter === intent.$maxTasks)
    }

    @Test func anIntentWithoutParametersHasNone() {
        struct Plain: WidgetConfigurationIntent {
            static let title = "Plain"
            var count = 1
        }
        #expect(ParameterReflection.parameters(of: Plain()).isEmpty)
        #expect(ParameterReflection.values(of: Plain()) == .object([]))
    }

    @Test func valuesAreJSONInDeclarationOrderWithNullForUnset() {
        let intent = ListIntent()
        #expect(
            ParameterReflection.values(of: intent).description
                == #"{"name":"Inbox","maxTasks":3,"priority":"all","showCompleted":null,"note":null,"#
                + #""due":null,"tags":["home"],"level":null,"scale":1.5,"limit":10}"#
        )
        intent.showCompleted = true
        intent.due = Fixtures.now
        intent.level = 2
        intent.note = "n"
        #expect(
            ParameterReflection.values(of: intent).description
                == #"{"name":"Inbox","maxTasks":3,"priority":"all","showCompleted":true,"note":"n","#
                + #""due":"2026-11-29T12:00:00Z","tags":["home"],"level":2,"scale":1.5,"limit":10}"#
        )
    }

    /// As AppIntents' `IntentParameter`, a parameter is a reference: a copy of an intent shares its
    /// parameters with the original, so setting one through either is seen by both. The host relies
    /// on this to set a freshly made intent's parameters by reflection.
    @Test func copiesOfAnIntentShareTheirParameters() {
        let original = ListIntent()
        var copy = original
        copy.renderCount = 1
        copy.maxTasks = 9
        #expect(original.maxTasks == 9)
        #expect(original.$maxTasks === copy.$maxTasks)
        #expect(original.renderCount == 0)
    }

    @Test func separatelyMadeIntentsDoNotShare() {
        let first = ListIntent()
        let second = ListIntent()
        first.maxTasks = 9
        #expect(second.maxTasks == 3)
        #expect(first.$maxTasks !== second.$maxTasks)
    }

    @Test func concurrentSetsAreSafeAndOneWins() async {
        let intent = ListIntent()
        await withTaskGroup(of: Void.self) { group in
            for value in 1...100 {
                group.addTask { intent.maxTasks = value }
            }
        }
        #expect((1...100).contains(intent.maxTasks))
    }
}
