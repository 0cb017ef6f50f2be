import Diagnostics
import Testing
import WidgetHostKit

@testable import WidgetEngine
@testable import WidgetHost

@Suite struct InstanceTableTests {
    static func values(_ id: String, kind: String = "K", appGroup: String = "group.a")
        -> WidgetInstance.Values
    {
        WidgetInstance.Values(
            id: id, kind: kind, family: .systemLarge, configuration: ["n": .int(3)], appGroup: appGroup,
            file: "w.yaml", location: SourceLocation(line: 4, column: 5))
    }

    /// A row reads back what was added; each kind, App Group and file is kept once.
    @Test func rowsReadBackTheirValues() {
        var rows = InstanceRows()
        rows.append(Self.values("a-long-identifier-past-fifteen-bytes"))
        rows.append(Self.values("é", kind: "L", appGroup: "group.b"))
        rows.append(Self.values("", kind: "L", appGroup: "group.b"))
        #expect(rows.kinds == ["K", "L"])
        #expect(rows.contexts.count == 2)
        let table = InstanceTable(rows)
        let first = WidgetInstance(table: table, row: 0)
        #expect(first.id == "a-long-identifier-past-fifteen-bytes")
        #expect(first.kind == "K")
        #expect(first.family == .systemLarge)
        #expect(first.configuration == ["n": .int(3)])
        #expect(first.appGroup == "group.a")
        #expect(first.file == "w.yaml")
        #expect(first.location == SourceLocation(line: 4, column: 5))
        #expect(first.origins == nil)
        #expect(WidgetInstance(table: table, row: 1).id == "é")
        #expect(rows.hasNoID(2) && !rows.hasNoID(1))
    }

    /// Changing an instance's value changes that instance only: the row, and other views of it,
    /// keep theirs.
    @Test func changingAViewLeavesTheRow() {
        var rows = InstanceRows()
        rows.append(Self.values("a"))
        let table = InstanceTable(rows)
        var changed = WidgetInstance(table: table, row: 0)
        let other = changed
        changed.appGroup = "group.z"
        changed.origins = ["appGroup": "--set"]
        #expect(changed.appGroup == "group.z" && changed.id == "a" && changed.origins?["appGroup"] == "--set")
        #expect(other.appGroup == "group.a" && other.origins == nil)
        #expect(WidgetInstance(table: table, row: 0).appGroup == "group.a")
    }

    /// Ids and App Groups given later, and origins noted for some rows only, read back.
    @Test func laterChangesToRows() {
        var rows = InstanceRows()
        rows.append(Self.values(""))
        var withOrigins = Self.values("b")
        withOrigins.origins = ["id": "w.yaml:2:9"]
        rows.append(withOrigins)
        rows.setID("K-1", of: 0)
        rows.setAppGroup("group.top", origin: "top.yaml:1:11", of: 1)
        let table = InstanceTable(rows)
        #expect(table.rows.id(of: 0) == "K-1")
        #expect(table.rows.origins(of: 0) == nil)
        #expect(table.rows.appGroup(of: 1) == "group.top")
        #expect(table.rows.origins(of: 1) == ["id": "w.yaml:2:9", "appGroup": "top.yaml:1:11"])
        rows.removeRows(from: 1)
        #expect(rows.count == 1 && rows.origins.count == 1)
    }

    /// The id table finds the first row of each id used twice, as Swift compares strings (`é`
    /// written two ways is one id), however many ids it grows to hold.
    @Test func rowsByIDFindsTheFirstOfEachRepeatedID() {
        var rows = InstanceRows()
        let ids = (0..<500).map { "w\($0)" } + ["w7", "caf\u{E9}", "cafe\u{301}", "w499", "w7"]
        for id in ids { rows.append(Self.values(id)) }
        var seen = RowsByID(capacity: 4)
        let found = (0..<ids.count).map { seen.insert($0, of: rows) }
        #expect(found.prefix(500).allSatisfy { $0 == nil })
        #expect(Array(found.suffix(5)) == [7, nil, 501, 499, 7])
    }
}
