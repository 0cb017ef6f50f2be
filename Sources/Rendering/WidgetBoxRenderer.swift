import Diagnostics
import Foundation
import JSON
import TerminalText
public import WidgetEngine
public import WidgetHostKit

/// Draws a widget's view as a box of text sized to its family: rows, badges and controls, each
/// control numbered (`[1]`) so a person can say which one to tap.
///
/// ```
/// work-tasks · TaskWidget · systemMedium
/// ╭────────────────────────────────────────────╮
/// │ Tasks                                    2 │
/// │ [1] ○ Write the quarterly report         ! │
/// │ [2] ○ Review pull requests               − │
/// ╰────────────────────────────────────────────╯
/// entry 2026-11-29T12:00:00Z · reloads 2026-11-29T12:15:00Z
/// ```
///
/// Every line of a box is exactly its family's width in terminal columns, whatever the script of
/// its text (``TerminalText`` measures and cuts it), and every string that comes from data (ids,
/// titles, messages, symbol names) is made visible first, so it cannot act on the terminal.
public struct WidgetBoxRenderer: RunRenderer {
    /// How symbols are drawn, by SF Symbols name: what the widgets' bundles supply
    /// (``WidgetBundle/symbolFallbacks``); a name not listed is drawn as `‹name›`.
    public var symbols: [String: String]

    /// Creates a renderer drawing symbols with `symbols`.
    public init(symbols: [String: String] = [:]) {
        self.symbols = symbols
    }

    /// The inner width (columns) and height (lines) of a family's box.
    public static func size(of family: WidgetFamily) -> (width: Int, height: Int) {
        switch family {
        case .systemSmall: return (24, 8)
        case .systemMedium: return (48, 8)
        case .systemLarge: return (48, 18)
        case .systemExtraLarge: return (96, 18)
        case .accessoryCircular: return (9, 3)
        case .accessoryRectangular: return (24, 3)
        case .accessoryInline: return (32, 1)
        }
    }

    /// The box of one widget result, with its timeline listed under it when `includeTimeline`.
    public func render(_ result: WidgetResult, includeTimeline: Bool) -> String {
        let (width, height) = Self.size(of: result.family)
        let title =
            TerminalText.visible(result.instance.id) + " · " + TerminalText.visible(result.instance.kind)
            + " · "
            + result.family.rawValue
        var lines: [String]
        var footer: String
        switch result.outcome {
        case .success(let evaluation):
            var counter = 0
            let view = evaluation.current.view
            // A one-line family shows a one-line summary of any view, whatever its stacks.
            lines =
                height == 1
                ? [inline(view, counter: &counter)]
                : self.lines(of: view, width: width, counter: &counter)
            footer =
                "entry " + ISO8601.string(from: evaluation.current.date) + " · " + Self.reloadText(evaluation)
            if result.reloadRequested { footer += " · reload requested" }
            // A view with no control but a `widgetURL` is one tap target: `tap ID 1` opens it.
            if counter == 0, let url = view.url { footer += " · [1] opens " + TerminalText.visible(url) }
        case .failure(let failure):
            lines = Self.wrap("error: " + TerminalText.visible(Self.headline(failure.message)), width: width)
            footer = "failed: " + TerminalText.visible(failure.code.rawValue)
        }
        if lines.count > height {
            lines = Array(lines.prefix(height - 1)) + ["…"]
        }
        while lines.count < height { lines.append("") }
        let rule = String(repeating: "─", count: width + 2)
        var output = title + "\n╭" + rule + "╮\n"
        for line in lines {
            output += "│ " + Self.fit(line, width: width) + " │\n"
        }
        output += "╰" + rule + "╯\n" + footer + "\n"
        if includeTimeline, case .success(let evaluation) = result.outcome {
            output += Self.timelineText(evaluation)
        }
        return output
    }

    /// One line summing up what `result` shows (as the one-line family draws any view), or its
    /// error: what a status bar shows.
    public func summary(_ result: WidgetResult) -> String {
        switch result.outcome {
        case .success(let evaluation):
            var counter = 0
            return inline(evaluation.current.view, counter: &counter)
        case .failure(let failure):
            return "error: " + TerminalText.visible(Self.headline(failure.message))
        }
    }

    /// The first line of an error's message, what a box has room for: a plugin's stderr lines
    /// after it (and the `; its stderr ended with:` that announces them) are left to standard
    /// error and JSON.
    static func headline(_ message: String) -> String {
        let first = message.prefix { $0 != "\n" }
        let announcement = "; its stderr ended with:"
        return String(first.hasSuffix(announcement) ? first.dropLast(announcement.count) : first)
    }

    /// Every result's box, separated by blank lines.
    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        results.map { render($0, includeTimeline: includeTimeline) }.joined(separator: "\n")
    }

    /// Writes each box as it comes, a blank line between two.
    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        WidgetBoxStreamWriter(renderer: self, includeTimeline: includeTimeline)
    }

    static func reloadText(_ evaluation: WidgetEvaluation) -> String {
        switch evaluation.timeline.policy {
        case .never: return "never reloads"
        case .after(let date): return "reloads " + ISO8601.string(from: date)
        case .atEnd:
            return "reloads at end" + (evaluation.nextReload.map { " " + ISO8601.string(from: $0) } ?? "")
        }
    }

    static func timelineText(_ evaluation: WidgetEvaluation) -> String {
        let entries = evaluation.timeline.entries
        var text =
            "timeline: \(entries.count) \(entries.count == 1 ? "entry" : "entries"), \(reloadText(evaluation))\n"
        for entry in entries {
            let marker = entry == evaluation.current ? "*" : " "
            text +=
                " \(marker) \(ISO8601.string(from: entry.date))  \(TerminalText.visible(entry.data.description))\n"
        }
        return text
    }

    // MARK: - Drawing the view

    /// The lines of `node`, numbering controls in depth-first order as ``ViewNode/controls`` does.
    func lines(of node: ViewNode, width: Int, counter: inout Int) -> [String] {
        switch node.type {
        case .vstack, .zstack:
            // A zstack's layers one below another: a box of text has no layers.
            return node.children.flatMap { lines(of: $0, width: width, counter: &counter) }
        case .hstack:
            return row(node.children, width: width, counter: &counter)
        case .spacer:
            return []
        case .button, .toggle, .link:
            return control(node, width: width, counter: &counter)
        case .text, .image, .progress:
            return [inline(node, counter: &counter)]
        }
    }

    /// Children side by side; a spacer pushes what follows it to the right edge. When the row is too
    /// wide, what is left of the spacer is cut so what is right of it (a task row's priority badge)
    /// stays; without a spacer, children that do not fit the width flow onto further lines.
    func row(_ children: [ViewNode], width: Int, counter: inout Int) -> [String] {
        var left: [String] = []
        var right: [String] = []
        var pushed = false
        for child in children {
            if child.type == .spacer {
                pushed = true
                continue
            }
            let text = inline(child, counter: &counter)
            guard !text.isEmpty else { continue }
            if pushed { right.append(text) } else { left.append(text) }
        }
        let leftText = left.joined(separator: " ")
        let rightText = right.joined(separator: " ")
        guard pushed, !rightText.isEmpty else { return Self.flow(left, width: width) }
        let rightWidth = TerminalText.width(of: rightText)
        let gap = width - TerminalText.width(of: leftText) - rightWidth
        if gap >= 1 { return [leftText + String(repeating: " ", count: gap) + rightText] }
        guard rightWidth + 2 <= width else { return Self.flow(left + right, width: width) }
        return [TerminalText.fitted(leftText, to: width - rightWidth - 1) + " " + rightText]
    }

    /// `items` on as few lines of `width` as fit them, in order.
    static func flow(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for item in items {
            if current.isEmpty {
                current = item
            } else if TerminalText.width(of: current) + 1 + TerminalText.width(of: item) <= width {
                current += " " + item
            } else {
                lines.append(current)
                current = item
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// A control on its own line: its number, then its label laid out as a row, so a spacer in the
    /// label (a task row's priority badge) still pushes to the right edge.
    func control(_ node: ViewNode, width: Int, counter: inout Int) -> [String] {
        counter += 1
        var prefix = "[\(counter)] "
        if node.type == .toggle { prefix += node.isOn == true ? "◉ on " : "○ off " }
        var label = node.children
        if label.count == 1, label[0].type == .hstack { label = label[0].children }
        var suffix = node.type == .link ? " ↗" : ""
        if label.contains(where: { $0.type == .spacer }) { suffix = "" }
        let rows = row(
            label, width: width - TerminalText.width(of: prefix) - TerminalText.width(of: suffix),
            counter: &counter)
        let text = prefix + rows.joined(separator: " ") + suffix
        return [node.type == .toggle && rows == [""] ? String(text.dropLast()) : text]
    }

    /// A node drawn on one line.
    func inline(_ node: ViewNode, counter: inout Int) -> String {
        switch node.type {
        case .text: return TerminalText.visible(node.text ?? "")
        case .image: return glyph(node.systemName ?? "")
        case .progress:
            let label = label(node.children, counter: &counter)
            let state = node.value.map { "\(Int(($0 * 100).rounded()))%" } ?? "…"
            return label.isEmpty ? state : label + " " + state
        case .spacer: return ""
        case .vstack, .hstack, .zstack: return label(node.children, counter: &counter)
        case .button:
            counter += 1
            return "[\(counter)] " + label(node.children, counter: &counter)
        case .toggle:
            counter += 1
            let state = node.isOn == true ? "◉ on" : "○ off"
            let text = label(node.children, counter: &counter)
            return "[\(counter)] " + state + (text.isEmpty ? "" : " " + text)
        case .link:
            counter += 1
            return "[\(counter)] " + label(node.children, counter: &counter) + " ↗"
        }
    }

    func label(_ children: [ViewNode], counter: inout Int) -> String {
        children.map { inline($0, counter: &counter) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A symbol's stand-in: the bundles' own, or its name in angle quotes.
    func glyph(_ systemName: String) -> String {
        symbols[systemName] ?? "‹" + TerminalText.visible(systemName) + "›"
    }

    // MARK: - Box

    static func fit(_ line: String, width: Int) -> String {
        TerminalText.fitted(line, to: width)
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if TerminalText.width(of: current) + 1 + TerminalText.width(of: word) <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
