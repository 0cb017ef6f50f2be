import Foundation
import Testing
import WidgetHostKit

@Suite struct ParameterValueTests {
    @Test func string() {
        #expect(String.parameterType == .string)
        #expect(String.isOptional == false)
        #expect(String.unsetValue == "")
        #expect(String(json: .string("a")) == "a")
        #expect(String(json: .string("")) == "")
        #expect(String(json: .int(1)) == nil)
        #expect(String(json: .null) == nil)
        #expect("a".json == .string("a"))
    }

    @Test func bool() {
        #expect(Bool.parameterType == .boolean)
        #expect(Bool.isOptional == false)
        #expect(Bool.unsetValue == false)
        #expect(Bool(json: .bool(true)) == true)
        #expect(Bool(json: .bool(false)) == false)
        #expect(Bool(json: .string("true")) == nil)
        #expect(Bool(json: .int(1)) == nil)
        #expect(true.json == .bool(true))
    }

    @Test func int() {
        #expect(Int.parameterType == .integer)
        #expect(Int.isOptional == false)
        #expect(Int.unsetValue == 0)
        #expect(Int(json: .int(-5)) == -5)
        #expect(Int(json: .double(4)) == 4)
        #expect(Int(json: .double(4.5)) == nil)
        #expect(Int(json: .string("4")) == nil)
        #expect(Int(json: .bool(true)) == nil)
        #expect(Int(json: .null) == nil)
        #expect(7.json == .int(7))
    }

    @Test func double() {
        #expect(Double.parameterType == .number)
        #expect(Double.isOptional == false)
        #expect(Double.unsetValue == 0)
        #expect(Double(json: .double(2.5)) == 2.5)
        #expect(Double(json: .int(2)) == 2)
        #expect(Double(json: .string("2.5")) == nil)
        #expect(Double(json: .bool(false)) == nil)
        #expect(2.5.json == .double(2.5))
    }

    @Test func date() {
        #expect(Date.parameterType == .date)
        #expect(Date.isOptional == false)
        #expect(Date.unsetValue == Date(timeIntervalSinceReferenceDate: 0))
        #expect(Date.unsetValue.json == .string("2001-01-01T00:00:00Z"))
        #expect(Fixtures.now.json == .string("2026-11-29T12:00:00Z"))
        #expect(Date(timeIntervalSince1970: 0.5).json == .string("1970-01-01T00:00:00.500Z"))
    }

    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600.0),
        ("2026-11-29T13:00:00+01:00", 1_795_953_600.0),
        ("2026-11-29T12:00:00.250Z", 1_795_953_600.25),
        ("2026-11-29", 1_795_910_400.0),
    ])
    func dateFromISOText(_ text: String, _ seconds: Double) {
        #expect(Date(json: .string(text)) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [JSONValue.string("soon"), .string(""), .int(1_795_953_600), .double(0), .null])
    func dateRejectsWhatIsNotISOText(_ json: JSONValue) {
        #expect(Date(json: json) == nil)
    }

    @Test func optionalWrapsItsType() {
        #expect(Optional<Int>.parameterType == .integer)
        #expect(Optional<String>.parameterType == .string)
        #expect(Optional<Int>.isOptional == true)
        #expect(Optional<Int>.unsetValue == nil)
        #expect(Int?(json: .int(3)) == .some(3))
        #expect(Int?(json: .null) == .some(nil))  // null is a value: absent
        #expect(Int?(json: .string("3")) == nil)  // anything else of the wrong type fails
        #expect(Optional<Int>.some(3).json == .int(3))
        #expect(Optional<Int>.none.json == .null)
    }

    @Test func arrayOfItsElementType() {
        #expect([Int].parameterType == .array(.integer))
        #expect([Int].isOptional == false)
        #expect([Int].unsetValue == [])
        #expect([Int](json: .array([.int(1), .double(2)])) == [1, 2])
        #expect([Int](json: .array([])) == [])
        #expect([Int](json: .array([.int(1), .string("2")])) == nil)
        #expect([Int](json: .int(1)) == nil)
        #expect([Int](json: .null) == nil)
        #expect([1, 2].json == .array([.int(1), .int(2)]))
    }

    @Test func optionalAndArrayNest() {
        #expect([[String]].parameterType == .array(.array(.string)))
        #expect([[String]](json: .array([.array([.string("a")]), .array([])])) == [["a"], []])
        #expect([[String]](json: .array([.string("a")])) == nil)

        #expect([Int?].parameterType == .array(.integer))
        #expect([Int?].isOptional == false)
        #expect([Int?](json: .array([.int(1), .null])) == [1, nil])
        #expect([Int?]([1, nil]).json == .array([.int(1), .null]))

        #expect(Optional<[Int]>.parameterType == .array(.integer))
        #expect(Optional<[Int]>.isOptional == true)
        #expect([Int]?(json: .null) == .some(nil))
        #expect([Int]?(json: .array([.int(1)])) == .some([1]))

        #expect([Date].parameterType == .array(.date))
        #expect([Date](json: .array([.string("2026-11-29T12:00:00Z")])) == [Fixtures.now])
    }

    @Test(arguments: [
        (ParameterType.string, "string"),
        (.boolean, "boolean"),
        (.integer, "integer"),
        (.number, "number"),
        (.date, "date"),
        (.enumeration(name: "Priority", cases: []), "enum"),
        (.array(.integer), "array"),
        (.array(.array(.string)), "array"),
    ])
    func parameterTypeNames(_ type: ParameterType, _ name: String) {
        #expect(type.name == name)
    }
}
