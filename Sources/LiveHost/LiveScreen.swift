import Diagnostics
public import Rendering
import TerminalText
public import WidgetEngine
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
    /// Problems to show under the boxes: the configuration's latest diagnostics (a rejected edit's
    /// errors, until an edit is accepted), then each missing store, by App Group, then each plugin's
    /// state but `running`, by name.
    public var notes: [String] {
        configurationNotes + storeNotes.keys.sorted().compactMap { storeNotes[$0] }
            + pluginNotes.keys.sorted().compactMap { pluginNotes[$0] }
    }

    private var configurationNotes: [String] = []
    private var storeNotes: [String: String] = [:]
    private var pluginNotes: [String: String] = [:]
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
            // A diagnostic's own lines (the source line, the caret, its notes) stay lines.
            configurationNotes = diagnostics.flatMap {
                $0.description.split(separator: "\n").map(String.init)
            }
        case .plugin(let name, let state, let message):
            pluginNotes[name] =
                state == .running
                ? nil : "plugin \(name): \(state.rawValue)" + (message.map { " (\($0))" } ?? "")
        case .store(let appGroup, let state, let path, let message):
            storeNotes[appGroup] =
                state == .restored
                ? nil : "store \(appGroup): \(state.rawValue) (\(message ?? "at '\(path)'"))"
        }
    }

    /// `order` sorted as `ids` (an ``WatchEvent/order(_:)`` event) has them, the ids it does not
    /// name kept after them.
    package static func reordered(_ order: [String], by ids: [String]) -> [String] {
        let known = Set(order)
        let named = Set(ids)
        return ids.filter(known.contains) + order.filter { !named.contains($0) }
    }

    /// The digits typed so far of a control number that could still grow (`1` of `12`).
    public private(set) var pendingNumber = 0

    /// Where the bytes read are in a terminal's escape sequence: the keys beyond the typewriter's
    /// (Delete is `ESC [ 3 ~`, F5 `ESC [ 1 5 ~`, Alt-3 `ESC 3`) carry digits that are no control
    /// numbers.
    private enum Escape: Sendable {
        /// Not in one.
        case none
        /// After ESC.
        case started
        /// After `ESC [` (a control sequence, ended by a byte from `@` to `~`).
        case controlSequence
        /// After `ESC O` (one more byte: F1 to F4, keypad keys).
        case singleShift
    }

    private var escape = Escape.none

    /// What pressing the key `byte` asks: Tab (9) selects the next widget; digits name a control of
    /// the selected widget, tapped as soon as no more digits could follow (at once for a widget of
    /// at most 9 controls), or at Enter. The bytes of an escape sequence (a function, arrow or
    /// editing key, an Alt-modified key) ask nothing, and end a number being typed.
    public mutating func press(_ byte: UInt8) -> Action {
        switch escape {
        case .none:
            break
        case .started:
            escape =
                byte == UInt8(ascii: "[")
                ? .controlSequence : byte == UInt8(ascii: "O") ? .singleShift : .none
            return .none
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return .none
        case .singleShift:
            escape = .none
            return .none
        }
        switch byte {
        case 27:
            escape = .started
            pendingNumber = 0
            return .none
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
        let (body, _, footer) = lines(with: boxes)
        return (body + footer).map { $0 + "\n" }.joined()
    }

    /// The screen's text for a terminal of `rows` lines of `columns` columns: the boxes side by
    /// side as the width allows (each its family's size, in the configuration's order, a row of
    /// boxes as tall as its tallest), each line cut to the width (a wrapped line would break the
    /// boxes), and when the rows of boxes do not fit, those from the selected widget's row on as
    /// far as they fit, a line saying what is hidden, then the notes and keys, which always show.
    /// Tab brings the next widget into view.
    public func render(with boxes: WidgetBoxRenderer, rows: Int, columns: Int) -> String {
        var (body, selectedLine, footer) = lines(with: boxes, columns: max(columns, 1))
        let rows = max(rows, 1)
        if footer.count >= rows { footer = Array(footer.suffix(rows)) }
        if body.count + footer.count > rows {
            // One line says what is hidden; the rest shows boxes.
            let room = max(rows - footer.count - 1, 0)
            let start = max(min(selectedLine, body.count - room), 0)
            let above = start
            let below = body.count - start - room
            body = Array(body[start..<start + room])
            var hidden: [String] = []
            if above > 0 { hidden.append("↑ \(above) line\(above == 1 ? "" : "s") above") }
            if below > 0 { hidden.append("↓ \(below) below") }
            footer.insert(
                hidden.joined(separator: " · ") + " (a taller terminal shows them; Tab moves on)", at: 0)
            if footer.count > rows { footer.removeFirst() }
        }
        return (body + footer).map { TerminalText.truncated($0, to: max(columns, 1)) + "\n" }.joined()
    }

    /// The boxes' lines, the line the selected widget's box starts on, and the lines below them.
    /// With `columns`, the boxes are laid side by side in rows that fit that width, two columns
    /// apart (or none, when only that fits); without, one under another.
    private func lines(with boxes: WidgetBoxRenderer, columns: Int? = nil)
        -> (body: [String], selected: Int, footer: [String])
    {
        // Each box as a block: its title (the selected one's marked), frame and footer lines.
        var blocks: [(id: String, lines: [String], width: Int)] = []
        for id in order {
            guard let result = results[id] else { continue }
            let box = boxes.render(result, includeTimeline: false)
            var lines = ((id == selected ? "▶ " : "  ") + box).split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init)
            // The box ends with a line break: the blank line after a row of boxes stands for it.
            if lines.count > 1, lines.last == "" { lines.removeLast() }
            // As wide as its frame and title: its footer (the entry's date, the next reload) is cut
            // to that width where another box follows it on the row.
            let width = lines.prefix(2).map { TerminalText.width(of: $0) }.max() ?? 0
            blocks.append((id, lines, width))
        }
        // Rows of blocks, as many to a row as fit the width (one a row without a width), two
        // columns apart, or frame against frame when only that fits (a medium box and a small one
        // in 80 columns).
        var shelves: [[(index: Int, gap: Int)]] = []
        var used = 0
        for index in blocks.indices {
            let width = blocks[index].width
            if let columns, let last = shelves.indices.last,
                let gap = [2, 0].first(where: { used + $0 + width <= columns })
            {
                shelves[last].append((index, gap))
                used += gap + width
            } else {
                shelves.append([(index, 0)])
                used = width
            }
        }
        var body: [String] = []
        var selectedLine = 0
        for shelf in shelves {
            if shelf.contains(where: { blocks[$0.index].id == selected }) { selectedLine = body.count }
            let height = shelf.map { blocks[$0.index].lines.count }.max() ?? 0
            for row in 0..<height {
                var line = ""
                for (position, placed) in shelf.enumerated() {
                    let block = blocks[placed.index]
                    var part = row < block.lines.count ? block.lines[row] : ""
                    line += String(repeating: " ", count: placed.gap)
                    // Cut and padded to the block's width, except the row's last block: nothing
                    // follows it (the screen's width cuts it).
                    if position < shelf.count - 1 {
                        if TerminalText.width(of: part) > block.width {
                            part = TerminalText.truncated(part, to: block.width)
                        }
                        part += String(
                            repeating: " ", count: max(block.width - TerminalText.width(of: part), 0))
                    }
                    line += part
                }
                if shelf.count > 1 {
                    while line.hasSuffix(" ") { line.removeLast() }
                }
                body.append(line)
            }
            body.append("")
        }
        var footer = notes.map(TerminalText.visible)
        if let status { footer.append(TerminalText.visible(status)) }
        if pendingNumber > 0 { footer.append("control \(pendingNumber)… (Enter taps it)") }
        footer.append("Tab: select a widget · a number: tap its control · Ctrl-C: quit")
        return (body, selectedLine, footer)
    }
}
