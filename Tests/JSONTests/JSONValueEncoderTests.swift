import Foundation
import JSON
import Testing

@Suite struct JSONValueEncoderTests {
    /// The date the examples are dated at.
    static let now = Date(timeIntervalSince1970: 1_795_953_600)

    private let encoder = JSONValueEncoder()

    private struct Task: Encodable {
        var title: String
        var priority: Int
        var isCompleted: Bool
        var progress: Double
        var due: Date
        var link: URL
        var id: UUID
    }

    @Test func synthesizedMembersKeepDeclarationOrder() throws {
        let task = Task(
            title: "Buy milk", priority: 2, isCompleted: false, progress: 0.5,
            due: Self.now, link: try #require(URL(string: "widgetquickmenu://Home?tab=1")),
            id: try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        )
        #expect(
            try encoder.encode(task).description
                == #"{"title":"Buy milk","priority":2,"isCompleted":false,"progress":0.5,"#
                + #""due":"2026-11-29T12:00:00Z","link":"widgetquickmenu://Home?tab=1","#
                + #""id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#
        )
    }

    private struct Nested: Encodable {
        var name = "inner"
    }

    /// Every standard optional: entries keep a fixed shape, so an absent value is `null`, never a
    /// missing member.
    private struct Optionals: Encodable {
        var string: String?
        var int: Int?
        var bool: Bool?
        var double: Double?
        var float: Float?
        var int8: Int8?
        var int16: Int16?
        var int32: Int32?
        var int64: Int64?
        var uint: UInt?
        var uint8: UInt8?
        var uint16: UInt16?
        var uint32: UInt32?
        var uint64: UInt64?
        var date: Date?
        var url: URL?
        var uuid: UUID?
        var nested: Nested?
        var list: [Int]?
    }

    @Test func nilOptionalsOfEveryStandardTypeAreNull() throws {
        #expect(
            try encoder.encode(Optionals()).description
                == #"{"string":null,"int":null,"bool":null,"double":null,"float":null,"int8":null,"#
                + #""int16":null,"int32":null,"int64":null,"uint":null,"uint8":null,"uint16":null,"#
                + #""uint32":null,"uint64":null,"date":null,"url":null,"uuid":null,"nested":null,"#
                + #""list":null}"#
        )
    }

    @Test func presentOptionalsAreTheirValues() throws {
        let value = Optionals(
            string: "s", int: -1, bool: true, double: 0.25, float: 0.1, int8: -8, int16: 16, int32: -32,
            int64: 64, uint: 1, uint8: 8, uint16: 16, uint32: 32, uint64: 64, date: Self.now,
            url: URL(string: "https://example.com/a%20b"),
            uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000001"), nested: Nested(), list: [1, 2]
        )
        #expect(
            try encoder.encode(value).description
                == #"{"string":"s","int":-1,"bool":true,"double":0.25,"float":0.1,"int8":-8,"#
                + #""int16":16,"int32":-32,"int64":64,"uint":1,"uint8":8,"uint16":16,"uint32":32,"#
                + #""uint64":64,"date":"2026-11-29T12:00:00Z","url":"https://example.com/a%20b","#
                + #""uuid":"00000000-0000-0000-0000-000000000001","nested":{"name":"inner"},"list":[1,2]}"#
        )
    }

    private struct Widths: Encodable {
        var int8 = Int8.min
        var int16 = Int16.max
        var int32 = Int32.min
        var int64 = Int64.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64(Int.max)
        var float: Float = 1.5
        var floats: [Float] = [0.1, .infinity, -2]
        var int64s: [Int64] = [1, -1]
    }

    @Test func everyIntegerWidthAndFloatEncodesAsANumber() throws {
        #expect(
            try encoder.encode(Widths()).description
                == #"{"int8":-128,"int16":32767,"int32":-2147483648,"int64":9223372036854775807,"#
                + #""uint8":255,"uint16":65535,"uint32":4294967295,"uint64":9223372036854775807,"#
                + #""float":1.5,"floats":[0.1,null,-2.0],"int64s":[1,-1]}"#
        )
    }

    @Test func topLevelValuesOfEveryKind() throws {
        #expect(try encoder.encode(5) == .int(5))
        #expect(try encoder.encode(Int16(-5)) == .int(-5))
        #expect(try encoder.encode(UInt8(5)) == .int(5))
        #expect(try encoder.encode(Float(0.5)) == .double(0.5))
        #expect(try encoder.encode(Float.nan) == .null)
        #expect(try encoder.encode("text") == .string("text"))
        #expect(try encoder.encode(true) == .bool(true))
        #expect(try encoder.encode(2.5) == .double(2.5))
        #expect(try encoder.encode(Double.infinity) == .null)
        #expect(try encoder.encode(Int?.none) == .null)
        #expect(try encoder.encode(Self.now) == .string("2026-11-29T12:00:00Z"))
        #expect(try encoder.encode([1, 2]) == .array([.int(1), .int(2)]))
        #expect(try encoder.encode([Int]()) == .array([]))
    }

    private struct Big: Encodable {
        var big = UInt64.max
    }

    @Test func anUnsignedValueBeyondIntThrowsWithItsPath() throws {
        let error = #expect(throws: EncodingError.self) { try encoder.encode(Big()) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["big"])
        #expect(context.debugDescription == "18446744073709551615 does not fit an Int")
    }

    private struct Collections: Encodable {
        var numbers = [3, 1, 2]
        var grid = [["a", "b"], [], ["c"]]
        var items = [Nested(name: "x"), Nested(name: "y")]
        var maybe: [Int?] = [1, nil]
        var byName = ["only": 1]
        var byNumber = [7: "seven"]
        var empty: [String] = []
    }

    @Test func arraysAndDictionaries() throws {
        #expect(
            try encoder.encode(Collections()).description
                == #"{"numbers":[3,1,2],"grid":[["a","b"],[],["c"]],"#
                + #""items":[{"name":"x"},{"name":"y"}],"maybe":[1,null],"byName":{"only":1},"#
                + #""byNumber":{"7":"seven"},"empty":[]}"#
        )
    }

    private enum Priority: String, Encodable {
        case high, low
    }

    private enum Level: Int, Encodable {
        case one = 1
        case two = 2
    }

    private enum Action: Encodable {
        case move(x: Int, y: Int)
        case stop
    }

    private struct Enums: Encodable {
        var priority = Priority.high
        var level = Level.two
        var levels: [Level] = [.one, .two]
        var action = Action.move(x: 1, y: -1)
        var stop = Action.stop
        var absent: Priority?
    }

    @Test func enumsEncodeTheirRawValuesOrTheirCases() throws {
        #expect(
            try encoder.encode(Enums()).description
                == #"{"priority":"high","level":2,"levels":[1,2],"action":{"move":{"x":1,"y":-1}},"#
                + #""stop":{"stop":{}},"absent":null}"#
        )
    }

    private struct Dates: Encodable {
        var epoch = Date(timeIntervalSince1970: 0)
        var fraction = Date(timeIntervalSince1970: 0.25)
        var list = [Date(timeIntervalSince1970: -1)]
    }

    @Test func datesAreISO8601Text() throws {
        #expect(
            try encoder.encode(Dates()).description
                == #"{"epoch":"1970-01-01T00:00:00Z","fraction":"1970-01-01T00:00:00.250Z","#
                + #""list":["1969-12-31T23:59:59Z"]}"#
        )
    }

    /// Written by hand, the way a plugin author shapes an entry that does not map to its properties.
    private struct Custom: Encodable {
        enum Keys: String, CodingKey {
            case name, position, tags, pairs, meta, extra
        }
        enum PositionKeys: String, CodingKey {
            case x, y
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .name)
            var position = container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position)
            try position.encode(3, forKey: .x)
            try position.encode(4.5, forKey: .y)
            var tags = container.nestedUnkeyedContainer(forKey: .tags)
            try tags.encode("a")
            try tags.encodeNil()
            try tags.encode(true)
            try tags.encode(Int8(1))
            var pairs = container.nestedUnkeyedContainer(forKey: .pairs)
            var pair = pairs.nestedContainer(keyedBy: PositionKeys.self)
            try pair.encode(1, forKey: .x)
            var inner = pairs.nestedUnkeyedContainer()
            try inner.encode(2)
            var pairSuper = pairs.superEncoder().singleValueContainer()
            try pairSuper.encode("from super")
            #expect(pairs.count == 3)
            var meta = container.superEncoder(forKey: .meta).container(keyedBy: PositionKeys.self)
            try meta.encode(0, forKey: .x)
            var base = container.superEncoder().singleValueContainer()
            try base.encode("base")
            try container.encodeNil(forKey: .extra)
            try container.encode("second", forKey: .name)  // replaces the first value in place
        }
    }

    @Test func customEncodingWithNestedContainersAndSuperEncoders() throws {
        #expect(
            try encoder.encode(Custom()).description
                == #"{"name":"second","position":{"x":3,"y":4.5},"tags":["a",null,true,1],"#
                + #""pairs":[{"x":1},[2],"from super"],"meta":{"x":0},"super":"base","extra":null}"#
        )
    }

    private class Base: Encodable {
        var id = 1
    }

    private final class Derived: Base {
        var name = "derived"

        enum Keys: String, CodingKey {
            case name
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test func aSubclassEncodesItsSuperclassUnderSuper() throws {
        #expect(try encoder.encode(Derived()).description == #"{"name":"derived","super":{"id":1}}"#)
    }

    private struct SingleValue: Encodable {
        var value: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("#\(value)")
        }
    }

    @Test func singleValueContainersReplaceTheObject() throws {
        #expect(try encoder.encode(SingleValue(value: 3)) == .string("#3"))
        #expect(try encoder.encode(["a": SingleValue(value: 1)]).description == ##"{"a":"#1"}"##)
    }

    /// Throws with the path the encoder reached it by.
    private struct PathReporter: Encodable {
        struct Reached: Error {
            var path: [String]
        }

        func encode(to encoder: any Encoder) throws {
            throw Reached(path: encoder.codingPath.map(\.stringValue))
        }
    }

    private struct Paths: Encodable {
        var list: [Int]
        var reporter = PathReporter()

        enum CodingKeys: String, CodingKey {
            case list, reporter
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if list.isEmpty {
                try container.encode(reporter, forKey: .reporter)
            } else {
                var items = container.nestedUnkeyedContainer(forKey: .list)
                for item in list { try items.encode(item) }
                try items.encode(reporter)
            }
        }
    }

    @Test func codingPathsNameKeysAndIndices() {
        let keyed = #expect(throws: PathReporter.Reached.self) {
            try encoder.encode(Paths(list: []))
        }
        #expect(keyed?.path == ["reporter"])
        let indexed = #expect(throws: PathReporter.Reached.self) {
            try encoder.encode(Paths(list: [10, 20]))
        }
        #expect(indexed?.path == ["list", "2"])
    }

    @Test func anErrorThrownWhileEncodingPropagates() {
        #expect(throws: PathReporter.Reached.self) { try encoder.encode([PathReporter()]) }
    }
}
