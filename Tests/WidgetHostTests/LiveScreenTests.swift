import Diagnostics
import Foundation
import Testing
import WidgetHost
import WidgetHostKit

/// The text screen's keys: Tab selects, numbers tap (at once when no digit could follow, else at
/// Enter), and the screen marks the selected widget.
@Suite struct LiveScreenTests {
    /// A widget `id` whose view has `controls` buttons.
    static func result(_ id: String, controls: Int) -> WidgetResult {
        let buttons = (0..<controls).map { index in
            ViewNode(
                type: .button, intent: IntentReference(type: "Tap", parameters: .object([])),
                children: [ViewNode(type: .text, text: "b\(index + 1)")])
        }
        return .drawing(
            ViewNode(type: .vstack, children: buttons), id: id, family: .systemLarge,
            date: Date(timeIntervalSince1970: 0))
    }

    @Test func tabSelectsAndDigitsTap() {
        var screen = LiveScreen()
        screen.apply(.widget(.start, Self.result("few", controls: 3)))
        screen.apply(.widget(.start, Self.result("many", controls: 12)))
        #expect(screen.selected == "few")
        #expect(screen.press(UInt8(ascii: "2")) == .tap(id: "few", number: 2))
        #expect(screen.press(9) == .redraw)
        #expect(screen.selected == "many")
        // 1 could be 10, 11 or 12: wait; 2 makes 12, which nothing can follow.
        #expect(screen.press(UInt8(ascii: "1")) == .redraw)
        #expect(screen.pendingNumber == 1)
        #expect(screen.press(UInt8(ascii: "2")) == .tap(id: "many", number: 12))
        // 1 then Enter taps 1; 3 taps at once (30 is more than 12).
        _ = screen.press(UInt8(ascii: "1"))
        #expect(screen.press(13) == .tap(id: "many", number: 1))
        #expect(screen.press(UInt8(ascii: "3")) == .tap(id: "many", number: 3))
        #expect(screen.press(UInt8(ascii: "x")) == .none)
        #expect(screen.press(9) == .redraw)
        #expect(screen.selected == "few")
    }

    @Test func theSelectedWidgetIsMarkedAndARemovedOneIsDropped() {
        var screen = LiveScreen()
        screen.apply(.widget(.start, Self.result("a", controls: 1)))
        screen.apply(.widget(.start, Self.result("b", controls: 1)))
        let text = screen.render(with: WidgetBoxRenderer())
        #expect(text.contains("▶ a · Demo · systemLarge"))
        #expect(text.contains("  b · Demo · systemLarge"))
        screen.apply(.removed(id: "a"))
        #expect(screen.order == ["b"])
        #expect(screen.selected == "b")
    }

    /// A widget put back after it was removed comes last, until the order event puts it where the
    /// configuration has it; an id the event does not name stays, after the others.
    @Test func anOrderEventSortsTheBoxes() {
        var screen = LiveScreen()
        for id in ["a", "b", "c"] { screen.apply(.widget(.start, Self.result(id, controls: 1))) }
        screen.apply(.removed(id: "b"))
        screen.apply(.widget(.config, Self.result("b", controls: 1)))
        #expect(screen.order == ["a", "c", "b"])
        screen.apply(.order(["a", "b", "c"]))
        #expect(screen.order == ["a", "b", "c"])
        let text = screen.render(with: WidgetBoxRenderer())
        let positions = ["a ·", "b ·", "c ·"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted())
        screen.apply(.order(["c", "gone", "a"]))
        #expect(screen.order == ["c", "a", "b"])
    }
}
