import Testing
import WidgetHostKit

/// Declared out of order against the alphabet, with one case missing its display representation.
/// Internal, not private: test arguments are of this type.
enum TaskCategory: String, AppEnum {
    case work, personal, errands
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Category"
    static let caseDisplayRepresentations: [TaskCategory: DisplayRepresentation] = [
        .work: "Work", .personal: DisplayRepresentation(title: "Personal Life"),
    ]
}

private enum Single: String, AppEnum {
    case only = "the-only-one"
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Single")
    static let caseDisplayRepresentations: [Single: DisplayRepresentation] = [:]
}

@Suite struct AppEnumTests {
    @Test func parameterTypeListsCasesInDeclarationOrderWithTitles() {
        #expect(
            TaskCategory.parameterType
                == .enumeration(
                    name: "Category",
                    cases: [
                        EnumCase(value: "work", title: "Work"),
                        EnumCase(value: "personal", title: "Personal Life"),
                        EnumCase(value: "errands", title: "errands"),  // no representation: the raw value
                    ]
                )
        )
        #expect(
            Single.parameterType
                == .enumeration(
                    name: "Single", cases: [EnumCase(value: "the-only-one", title: "the-only-one")])
        )
    }

    @Test func unsetValueIsTheFirstCase() {
        #expect(TaskCategory.unsetValue == .work)
        #expect(Single.unsetValue == .only)
        #expect(TaskCategory.isOptional == false)
    }

    @Test(arguments: [
        (JSONValue.string("work"), TaskCategory.work),
        (.string("personal"), .personal),
        (.string("errands"), .errands),
    ])
    func initFromJSONTakesTheRawValue(_ json: JSONValue, _ expected: TaskCategory) {
        #expect(TaskCategory(json: json) == expected)
        #expect(expected.json == json)
    }

    @Test(arguments: [JSONValue.string("Work"), .string("Personal Life"), .string(""), .int(0), .null])
    func initFromJSONRejectsTitlesOtherCasesAndTypes(_ json: JSONValue) {
        #expect(TaskCategory(json: json) == nil)
    }

    @Test func rawValuesThatDifferFromCaseNames() {
        #expect(Single(json: .string("the-only-one")) == .only)
        #expect(Single(json: .string("only")) == nil)
        #expect(Single.only.json == .string("the-only-one"))
    }

    @Test func optionalsAndArraysOfAnEnum() {
        #expect(Optional<TaskCategory>.parameterType == TaskCategory.parameterType)
        #expect(Optional<TaskCategory>.isOptional)
        #expect(TaskCategory?(json: .null) == .some(nil))
        #expect([TaskCategory].parameterType == .array(TaskCategory.parameterType))
        #expect([TaskCategory](json: .array([.string("errands"), .string("work")])) == [.errands, .work])
        #expect([TaskCategory](json: .array([.string("errands"), .string("home")])) == nil)
    }

    @Test func displayRepresentationsFromLiterals() {
        let type: TypeDisplayRepresentation = "Priority"
        #expect(type == TypeDisplayRepresentation(name: "Priority"))
        #expect(type.name == "Priority")
        let display: DisplayRepresentation = "High"
        #expect(display == DisplayRepresentation(title: "High"))
        #expect(display.title == "High")
    }
}
