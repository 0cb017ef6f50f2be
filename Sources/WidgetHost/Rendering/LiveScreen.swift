import Diagnostics
import TerminalText
import WidgetHostKit

/// What `watch --format text` shows on a terminal: every hosted widget's box, the selected one
/// marked, the latest problems and what the last tap did; and what a key press asks (Tab selects the
/// next widget, a number taps that control of the selected one). Pure: the command reads the keys
/// and draws.
public struct LiveScreen: Sendable {
    /// What a key asks for.
    public enum Action: Sendable, Equatable {
        /// Nothing (an unbound key).
        case none
        /// Draw again (the selection moved).
        case redraw
        /// Tap control `number` of widget `id`.
        case tap(id: String, number: Int)
    }

    /// The widgets' ids, in the order first reported or, after an edit that reorders them, in the
    /// configuration's.
    public private(set) var order: [String] = []
    /// Each widget's latest result.
    public private(set) var results: [String: WidgetResult] = [:]
    /// The selected widget's id.
    public private(set) var selected: String?
    /// Problems to show under the boxes (a rejected edit, a plugin's state).
    public private(set) var notes: [String] = []
    /// What the last tap did.
    public var status: String?

    /// An empty screen.
    public init() {}

    /// Takes in what the live host reported.
    public mutating func apply(_ event: WatchEvent) {
        switch event {
        case .widget(_, let result):
            let id = result.instance.id
            if results[id] == nil { order.append(id) }
            results[id] = result
            if selected == nil { selected = id }
        case .removed(let id):
            results[id] = nil
            order.removeAll { $0 == id }
            if selected == id { selected = order.first }
        case .order(let ids):
            order = Self.reordered(order, by: ids)
        case .diagnostics(let diagnostics):
            notes = diagnostics.map(\.description)
        case .plugin(let name, let state, let message):
            notes = ["plugin \(name): \(state.rawValue)" + (message.map { " (\($0))" } ?? "")]
        }
    }

    /// `order` sorted as `ids` (an ``WatchEvent/order(_:)`` event) has them, the ids it does not
    /// name kept after them.
    static func reordered(_ order: [String], by ids: [String]) -> [String] {
        let known = Set(order)
        let named = Set(ids)
        return ids.filter(known.contains) + order.filter { !named.contains($0) }
    }

    /// The digits typed so far of a control number that could still grow (`1` of `12`).
    public private(set) var pendingNumber = 0

    /// What pressing the key `byte` asks: Tab (9) selects the next widget; digits name a control of
    /// the selected widget, tapped as soon as no more digits could follow (at once for a widget of
    /// at most 9 controls), or at Enter.
    public mutating func press(_ byte: UInt8) -> Action {
        switch byte {
        case 9:
            guard !order.isEmpty else { return .none }
            let index = selected.flatMap { order.firstIndex(of: $0) } ?? -1
            selected = order[(index + 1) % order.count]
            pendingNumber = 0
            return .redraw
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let selected else { return .none }
            let number = pendingNumber * 10 + Int(byte - UInt8(ascii: "0"))
            guard number > 0 else { return .none }
            if number * 10 <= controlCount(of: selected) {
                pendingNumber = number
                return .redraw
            }
            pendingNumber = 0
            return .tap(id: selected, number: number)
        case 10, 13:
            guard let selected, pendingNumber > 0 else { return .none }
            defer { pendingNumber = 0 }
            return .tap(id: selected, number: pendingNumber)
        default:
            return .none
        }
    }

    /// How many controls widget `id` shows now.
    private func controlCount(of id: String) -> Int {
        guard case .success(let evaluation)? = results[id]?.outcome else { return 0 }
        return evaluation.current.view.controls.count
    }

    /// The screen's text: the boxes (the selected one's title marked with `▶`), then the notes,
    /// the last tap's outcome and the keys.
    public func render(with boxes: WidgetBoxRenderer) -> String {
        var text = ""
        for id in order {
            guard let result = results[id] else { continue }
            let box = boxes.render(result, includeTimeline: false)
            text += (id == selected ? "▶ " : "  ") + box + "\n"
        }
        for note in notes { text += TerminalText.visible(note) + "\n" }
        if let status { text += TerminalText.visible(status) + "\n" }
        if pendingNumber > 0 { text += "control \(pendingNumber)… (Enter taps it)\n" }
        text += "Tab: select a widget · a number: tap its control · Ctrl-C: quit\n"
        return text
    }
}
