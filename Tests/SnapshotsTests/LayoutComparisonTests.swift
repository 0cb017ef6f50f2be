import JSON
import Snapshots
import Testing

/// Layouts compared node by node: each change named by its node's path and said in a line.
@Suite struct LayoutComparisonTests {
    static func node(_ type: String, _ frame: [Double], text: String? = nil, children: [JSONValue] = [])
        -> JSONValue
    {
        var members: [JSONValue.Member] = [
            .init("type", .string(type)),
            .init(
                "frame",
                .object(zip(["x", "y", "width", "height"], frame).map { .init($0, .double($1)) })),
        ]
        if let text { members.append(.init("text", .string(text))) }
        if !children.isEmpty { members.append(.init("children", .array(children))) }
        return .object(members)
    }

    static func widget(_ layout: JSONValue, width: Int = 170) -> JSONValue {
        .object([
            .init("id", .string("w")), .init("family", .string("systemSmall")),
            .init("size", .object([.init("width", .int(width)), .init("height", .int(170))])),
            .init("layout", layout),
        ])
    }

    /// A widget `width` points wide whose one child is a stack of `rows`.
    static func stack(of rows: [JSONValue], width: Int = 170) -> JSONValue {
        widget(
            node("widget", [0, 0, 170, 170], children: [node("vstack", [16, 16, 138, 40], children: rows)]),
            width: width)
    }

    static let recorded = stack(of: [
        node("text", [16, 16, 50, 20], text: "Tasks"),
        node("text", [16, 36, 80, 20], text: "Buy milk"),
    ])

    @Test func theSameLayoutMatches() {
        #expect(LayoutComparison(recorded: Self.recorded, current: Self.recorded).matches)
    }

    @Test func eachChangeIsNamedByItsNodesPath() {
        let current = Self.stack(
            of: [
                Self.node("text", [16, 16, 50, 20], text: "Tasks"),
                Self.node("text", [16, 36.5, 80, 20], text: "Buy bread"),
                Self.node("spacer", [16, 56, 0, 0]),
            ], width: 364)
        let changes = LayoutComparison(recorded: Self.recorded, current: current).changes
        #expect(
            changes == [
                "size 170x170 -> 364x170",
                "layout/widget/vstack/text[2]: frame (16, 36, 80x20) -> (16, 36.5, 80x20)",
                #"layout/widget/vstack/text[2]: text "Buy milk" -> "Buy bread""#,
                "layout/widget/vstack: child added: spacer at (16, 56, 0x0)",
            ])
    }

    @Test func aRemovedOrReplacedChildIsSaid() {
        let current = Self.widget(
            Self.node(
                "widget", [0, 0, 170, 170],
                children: [Self.node("hstack", [16, 16, 138, 40])]))
        #expect(
            LayoutComparison(recorded: Self.recorded, current: current).changes == [
                "layout/widget: child 1 was vstack at (16, 16, 138x40), is hstack at (16, 16, 138x40)"
            ])
        let fewer = Self.stack(of: [Self.node("text", [16, 16, 50, 20], text: "Tasks")])
        #expect(
            LayoutComparison(recorded: Self.recorded, current: fewer).changes == [
                #"layout/widget/vstack: child removed: text at (16, 36, 80x20) "Buy milk""#
            ])
    }
}
