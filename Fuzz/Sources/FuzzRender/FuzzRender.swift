import Diagnostics
import Foundation
import FuzzSupport
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// The text renderer over arbitrary Unicode: the input's text (bytes 0xFF split it into pieces)
/// fills the texts, symbol names, link URLs and id of a view whose shape the first byte picks, drawn
/// in every family. No line of a box ever differs from its family's width, a box has its family's
/// height, and nothing reaches the terminal that could act on it (C0 and C1 controls, DEL, bidi
/// overrides and isolates, line and paragraph separators). The HTML card of the drawn view is the
/// card of its JSON, and no text makes markup of it: no script element, no `javascript:`, `data:`
/// or `vbscript:` link.
func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Property.bytes(data, size)
    guard let shape = bytes.first else { return 0 }
    let pieces = bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func piece(_ index: Int) -> String { pieces[index % pieces.count] }
    let intent = IntentReference(type: "ToggleTaskIntent", parameters: .object([]))
    let text = { (index: Int) in ViewNode(type: .text, text: piece(index)) }
    let rows: [ViewNode] = [
        ViewNode(type: .hstack, children: [text(0), ViewNode(type: .spacer), text(1)]),
        ViewNode(
            type: .button, intent: intent,
            children: [ViewNode(type: .image, systemName: piece(2)), text(3)]),
        ViewNode(type: .toggle, isOn: shape & 1 == 0, intent: intent, children: [text(4)]),
        ViewNode(type: .link, url: piece(5), children: [text(6)]),
        ViewNode(type: .hstack, children: (0..<Int(shape >> 5)).map { text($0 + 7) }),
    ]
    let view: ViewNode
    switch shape % 4 {
    case 0: view = ViewNode(type: .vstack, children: rows)
    case 1: view = ViewNode(type: .hstack, children: rows)
    case 2: view = text(0)
    default: view = ViewNode(type: .vstack, children: rows + rows.reversed())
    }
    let date = Date(timeIntervalSince1970: 1_795_954_800)
    let entry = RenderedEntry(
        date: date, data: .object([JSONValue.Member(piece(1), .string(piece(0)))]), view: view)
    let evaluation = WidgetEvaluation(
        timeline: RenderedTimeline(entries: [entry], policy: .never), current: entry, nextReload: nil)
    for family in WidgetFamily.allCases {
        let instance = WidgetInstance(
            id: piece(7), kind: "Demo", family: family, configuration: [:], appGroup: "g", file: "f",
            location: .init(line: 1, column: 1))
        let result = WidgetResult(instance: instance, family: family, outcome: .success(evaluation))
        let card = HTMLPageRenderer().card(result)
        Property.check(
            card
                == HTMLPageRenderer().card(
                    id: piece(7), kind: "Demo", family: family, outcome: .success(view.json)),
            "\(family): the drawn view's HTML card is not its JSON's")
        let markup = card.lowercased()
        Property.check(
            !markup.contains("<script")
                && !["javascript", "data", "vbscript"].contains { markup.contains("href=\"" + $0 + ":") },
            "\(family): text made markup of the card: \(card)")
        let drawn = WidgetBoxRenderer().render(result, includeTimeline: shape & 2 == 0)
        let lines = drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let (width, height) = WidgetBoxRenderer.size(of: family)
        Property.check(
            lines.count >= height + 4, "\(family): \(lines.count) lines for a box of \(height) rows")
        for line in lines[1..<(height + 3)] {
            Property.check(
                TerminalText.width(of: line) == width + 4,
                "\(family): a line of \(TerminalText.width(of: line)) columns, not \(width + 4): \(line)")
        }
        for scalar in drawn.unicodeScalars {
            let value = scalar.value
            let acts =
                (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                || value == 0x2028 || value == 0x2029
            Property.check(!acts, "\(family): U+\(String(value, radix: 16)) reaches the terminal")
        }
    }
    return 0
}
