import Diagnostics
import Foundation
import Rendering
import TaskWidget
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

@Suite struct WidgetBoxRendererTests {
    func result(_ view: ViewNode, family: WidgetFamily, policy: TimelineReloadPolicy = .never) -> WidgetResult
    {
        .drawing(view, family: family, policy: policy)
    }

    static let intent = IntentReference(type: "ToggleTaskIntent", parameters: .object([]))

    /// The symbols the boxes draw: what the TaskWidget's bundle supplies.
    static let symbols = TaskWidgetBundle().symbolFallbacks

    /// A symbol no bundle supplies is drawn by its name, made visible.
    @Test func anUnknownSymbolShowsItsName() {
        let view = ViewNode(type: .image, systemName: "cloud.sun\u{1B}")
        let text = WidgetBoxRenderer(symbols: Self.symbols).render(
            result(view, family: .accessoryInline), includeTimeline: false)
        #expect(text.contains("│ ‹cloud.sun␛›"))
    }

    /// Modifiers change nothing in a box; a progress view shows its fraction, or an ellipsis while
    /// it spins.
    @Test func progressIsDrawnAndModifiersAreIgnored() {
        let bold = ViewModifierNode(.fontWeight, [.init("weight", .string("bold"))])
        let view = ViewNode(
            type: .vstack, url: "x://whole",
            children: [
                ViewNode(type: .text, text: "Syncing", modifiers: [bold]),
                ViewNode(type: .progress),
                ViewNode(type: .progress, children: [ViewNode(type: .text, text: "Done")], value: 0.5),
            ],
            modifiers: [ViewModifierNode(.padding, [.init("edges", .string("all"))])])
        let plain = ViewNode(
            type: .vstack,
            children: [
                ViewNode(type: .text, text: "Syncing"), ViewNode(type: .progress),
                ViewNode(type: .progress, children: [ViewNode(type: .text, text: "Done")], value: 0.5),
            ])
        let renderer = WidgetBoxRenderer(symbols: Self.symbols)
        let text = renderer.render(result(view, family: .systemMedium), includeTimeline: false)
        // The root's URL is no drawing: the footer says the one tap opens it (the view has no control).
        #expect(
            text
                == renderer.render(result(plain, family: .systemMedium), includeTimeline: false)
                .replacingOccurrences(of: "never reloads\n", with: "never reloads · [1] opens x://whole\n"))
        #expect(text.contains("│ …"))
        #expect(text.contains("│ Done 50%"))
    }

    @Test func aSmallBoxWithABadgeAndNumberedControls() {
        let view = ViewNode(
            type: .vstack,
            children: [
                ViewNode(
                    type: .hstack,
                    children: [
                        ViewNode(type: .text, text: "Tasks"), ViewNode(type: .spacer),
                        ViewNode(type: .text, text: "2"),
                    ]),
                ViewNode(
                    type: .button, intent: Self.intent,
                    children: [
                        ViewNode(type: .image, systemName: "circle"),
                        ViewNode(type: .text, text: "A very long task title that will not fit"),
                    ]
                ),
                ViewNode(
                    type: .toggle, isOn: true, intent: Self.intent,
                    children: [ViewNode(type: .text, text: "Focus")]),
                ViewNode(type: .link, url: "x://y", children: [ViewNode(type: .text, text: "Home")]),
            ]
        )
        let text = WidgetBoxRenderer(symbols: WidgetBoxRendererTests.symbols).render(
            result(view, family: .systemSmall), includeTimeline: false)
        #expect(
            text == """
                demo · Demo · systemSmall
                ╭──────────────────────────╮
                │ Tasks                  2 │
                │ [1] ○ A very long task … │
                │ [2] ◉ on Focus           │
                │ [3] Home ↗               │
                │                          │
                │                          │
                │                          │
                │                          │
                ╰──────────────────────────╯
                entry 2026-11-29T12:20:00Z · never reloads

                """
        )
        #expect(view.controls.count == 3)
    }

    @Test(arguments: WidgetFamily.allCases)
    func boxesAreSizedToTheirFamily(family: WidgetFamily) {
        let text = WidgetBoxRenderer(symbols: WidgetBoxRendererTests.symbols).render(
            result(ViewNode(type: .text, text: "x"), family: family), includeTimeline: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let (width, height) = WidgetBoxRenderer.size(of: family)
        #expect(lines.count == height + 5)  // title, top, rows, bottom, footer, final newline
        #expect(lines[1].count == width + 4)
        #expect(lines.dropFirst(2).prefix(height).allSatisfy { $0.count == width + 4 })
    }

    @Test func overflowingContentIsCutWithAnEllipsisLine() {
        let rows = (1...5).map { ViewNode(type: .text, text: "row \($0)") }
        let text = WidgetBoxRenderer(symbols: WidgetBoxRendererTests.symbols).render(
            result(ViewNode(type: .vstack, children: rows), family: .accessoryRectangular),
            includeTimeline: false
        )
        #expect(text.contains("│ row 2"))
        #expect(!text.contains("row 3"))
        #expect(text.contains("│ …"))
    }

    @Test func timelinesListEveryEntryAndMarkTheCurrentOne() {
        let text = WidgetBoxRenderer(symbols: WidgetBoxRendererTests.symbols).render(
            result(
                ViewNode(type: .text, text: "x"), family: .accessoryInline,
                policy: .after(Date(timeIntervalSince1970: 1_795_955_700))),
            includeTimeline: true
        )
        #expect(
            text.hasSuffix("timeline: 1 entry, reloads 2026-11-29T12:35:00Z\n * 2026-11-29T12:20:00Z  {}\n"))
    }
}

@Suite struct WidgetBoxRendererTextTests {
    let base = WidgetBoxRendererTests()

    /// A one-line family shows every text of a vertical stack on its line, controls numbered.
    @Test func anInlineFamilySummarisesAVerticalStack() {
        let view = ViewNode(
            type: .vstack,
            children: [
                ViewNode(type: .text, text: "12:00"),
                ViewNode(type: .text, text: "Oslo"),
                ViewNode(
                    type: .button, intent: WidgetBoxRendererTests.intent,
                    children: [ViewNode(type: .text, text: "Refresh")]),
            ])
        let text = WidgetBoxRenderer(symbols: WidgetBoxRendererTests.symbols).render(
            base.result(view, family: .accessoryInline), includeTimeline: false)
        #expect(
            text == """
                demo · Demo · accessoryInline
                ╭──────────────────────────────────╮
                │ 12:00 Oslo [1] Refresh           │
                ╰──────────────────────────────────╯
                entry 2026-11-29T12:20:00Z · never reloads

                """)
    }

    /// A task row too long for its box cuts the title, by columns, and keeps the badge after the
    /// spacer; wide characters are never split.
    @Test func aCutRowKeepsItsBadge() {
        let row = ViewNode(
            type: .button, intent: WidgetBoxRendererTests.intent,
            children: [
                ViewNode(
                    type: .hstack,
                    children: [
                        ViewNode(type: .image, systemName: "circle"),
                        ViewNode(type: .text, text: "분기별 보고서 작성 및 팀 회의 준비"),
                        ViewNode(type: .spacer),
                        ViewNode(type: .image, systemName: "exclamationmark.circle.fill"),
                    ])
            ])
        let text = WidgetBoxRenderer(symbols: WidgetBoxRendererTests.symbols).render(
            base.result(row, family: .systemSmall), includeTimeline: false)
        let line = text.split(separator: "\n")[2]
        #expect(line == "│ [1] ○ 분기별 보고서 …  ! │")
    }
}
