import Diagnostics
import Foundation
import LiveHost
import Rendering
import Testing
import WidgetEngine
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

    /// The keys a terminal sends as escape sequences carry digits that tap nothing: Delete, F5,
    /// PageUp, Ctrl-Right, F1 (`ESC O P`), Alt-3; the key after each still does what it does.
    @Test(arguments: [
        "\u{1B}[3~", "\u{1B}[15~", "\u{1B}[5~", "\u{1B}[1;5C", "\u{1B}OP", "\u{1B}3", "\u{1B}[200~",
    ])
    func escapeSequencesTapNothing(sequence: String) {
        var screen = LiveScreen()
        screen.apply(.widget(.start, Self.result("many", controls: 12)))
        _ = screen.press(UInt8(ascii: "1"))
        #expect(screen.pendingNumber == 1)
        for byte in sequence.utf8 { #expect(screen.press(byte) == .none, "\(sequence.debugDescription)") }
        #expect(screen.pendingNumber == 0)
        #expect(screen.press(UInt8(ascii: "7")) == .tap(id: "many", number: 7))
    }

    /// The notes: a diagnostic a line at a time, cleared by the next diagnostics (an accepted edit
    /// reports its own, often none); each plugin's state but `running`, which clears it.
    @Test func notesFollowTheConfigurationAndEachPlugin() {
        var screen = LiveScreen()
        let problem = Diagnostic(
            file: "w.yaml", location: SourceLocation(line: 2, column: 1), code: .configUnknownKind,
            message: "unknown widget kind 'Nope'",
            notes: [Diagnostic.Note("the kinds are TaskWidget, FocusWidget")])
        screen.apply(.diagnostics([problem]))
        #expect(screen.notes.count == 2)
        #expect(screen.notes.first == "w.yaml:2:1: error: unknown widget kind 'Nope'")
        #expect(!screen.notes.contains { $0.contains("\n") })
        screen.apply(.plugin(name: "bad", state: .failed, message: "exited"))
        screen.apply(.plugin(name: "alpha", state: .restarting, message: nil))
        #expect(screen.notes.suffix(2) == ["plugin alpha: restarting", "plugin bad: failed (exited)"])
        screen.apply(.diagnostics([]))
        #expect(screen.notes == ["plugin alpha: restarting", "plugin bad: failed (exited)"])
        screen.apply(.plugin(name: "bad", state: .running, message: nil))
        screen.apply(.plugin(name: "alpha", state: .running, message: nil))
        #expect(screen.notes.isEmpty)
    }

    /// A deleted store is noted, before the plugins, until it is back.
    @Test func aMissingStoreIsNotedUntilItIsRestored() {
        var screen = LiveScreen()
        screen.apply(.plugin(name: "bad", state: .failed, message: "exited"))
        screen.apply(
            .store(
                appGroup: "group.a", state: .missing, path: "/s",
                message: "no store for the app group 'group.a'"))
        #expect(
            screen.notes == [
                "store group.a: missing (no store for the app group 'group.a')",
                "plugin bad: failed (exited)",
            ])
        screen.apply(.store(appGroup: "group.a", state: .restored, path: "/s", message: nil))
        #expect(screen.notes == ["plugin bad: failed (exited)"])
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

    /// On a terminal too short for every box, the screen shows the selected widget's box and what
    /// follows as far as it fits, says what is hidden, and keeps the keys line; each line is cut
    /// to the width. Tab brings the next widget into view.
    @Test func aShortTerminalShowsTheSelectedWidget() {
        var screen = LiveScreen()
        for id in ["first", "second", "third"] { screen.apply(.widget(.start, Self.result(id, controls: 2))) }
        let boxes = WidgetBoxRenderer()
        let whole = screen.render(with: boxes).split(separator: "\n", omittingEmptySubsequences: false)
        let fitted = screen.render(with: boxes, rows: 12, columns: 20)
        let lines = fitted.split(separator: "\n").map(String.init)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(lines[0] == "▶ first · Demo · sy…")
        #expect(lines[10].hasPrefix("↓ \(whole.count - 1 - 1 - 10) below"))
        #expect(lines[11] == "Tab: select a widge…")
        _ = screen.press(9)
        _ = screen.press(9)
        let third = screen.render(with: boxes, rows: 12, columns: 80).split(separator: "\n").map(String.init)
        #expect(third[0].hasPrefix("▶ third"))
        #expect(third[10].hasPrefix("↑ "))
        #expect(third.count == 12)
        // A terminal large enough shows everything, the boxes side by side; without a size, one
        // under another.
        let wide = screen.render(with: boxes, rows: 500, columns: 500).split(separator: "\n").map(String.init)
        #expect(wide[0].hasPrefix("  first · Demo · "), "\(wide[0])")
        #expect(wide[0].contains("  second · Demo · "))
        #expect(wide[0].contains("▶ third · Demo · "))
        #expect(wide[1].components(separatedBy: "╭").count == 4, "\(wide[1])")
        #expect(wide.count < whole.count / 2)
        #expect(screen.render(with: boxes).hasPrefix("  first · Demo · "))
    }

    /// In 80 columns a medium box (52 wide) and a small one (28) share a row, frame against frame,
    /// where two columns between them would not fit; with room, they stay two columns apart.
    @Test func aMediumAndASmallBoxShareEightyColumns() {
        var screen = LiveScreen()
        for (id, family) in [("medium", WidgetFamily.systemMedium), ("small", .systemSmall)] {
            screen.apply(
                .widget(
                    .start,
                    .drawing(
                        ViewNode(type: .text, text: id), id: id, family: family,
                        date: Date(timeIntervalSince1970: 0))))
        }
        let boxes = WidgetBoxRenderer()
        let tight = screen.render(with: boxes, rows: 40, columns: 80).split(separator: "\n").map(String.init)
        #expect(tight[0].hasPrefix("▶ medium · "), "\(tight[0])")
        #expect(tight[0].contains("  small · "), "\(tight[0])")
        #expect(tight[1].contains("╮╭"), "\(tight[1])")
        #expect(tight[1].count == 80)
        let roomy = screen.render(with: boxes, rows: 40, columns: 100).split(separator: "\n").map(String.init)
        #expect(roomy[1].contains("╮  ╭"), "\(roomy[1])")
        // One column short, they are one under another.
        let narrow = screen.render(with: boxes, rows: 40, columns: 79).split(separator: "\n").map(String.init)
        #expect(!narrow[0].contains("small"))
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
