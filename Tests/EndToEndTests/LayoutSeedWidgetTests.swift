import Foundation
import Layout
import TestSupport
import Testing

/// The seeds' widgets as `run --format layout` lays them out, in every family they support and
/// both colour schemes, over tasks with long titles in several scripts: what issue 33 asks of
/// them. Rows fill their width, a title is cut only when it does not fit (and then with `…`),
/// the header stays on one line, no word is broken in the middle, nothing overlaps a sibling or
/// leaves the widget, every text reads at 4.5:1 at least on what it is drawn over, and controls
/// look tappable.
@Suite struct LayoutSeedWidgetTests {
    /// Tasks that stretch the rows: a long English title, a short one, and Thai, Korean and
    /// Japanese titles.
    static let tasks = """
        tasks:
          - {title: Prepare the quarterly planning presentation for the leadership offsite, priority: high, category: work, dueDate: "2026-12-06T09:00:00Z"}
          - {title: Call Ana, priority: medium, category: work}
          - {title: ทบทวนรายงานประจำสัปดาห์ก่อนประชุมทีม, priority: high, category: work}
          - {title: 주간 보고서 검토하기, priority: low, category: work}
          - {title: 週報を確認して提出する, priority: high, category: personal}
        """

    /// The sample's widgets, and TaskWidgets whose rows are switches.
    static let switches = """
        appGroup: group.com.example.taskapp
        widgets:
          - {id: switches, kind: TaskWidget, configuration: {rowStyle: toggle, showCompleted: true, maxTasks: 4}}
        """

    static func scratch() throws -> TemporaryDirectory {
        let scratch = try WatchCommandTests.sample()
        try scratch.file("config/switches.yaml", switches)
        try scratch.file("more.yaml", tasks)
        let imported = try scratch.widgethost(
            ["store", "import", "more.yaml"], environment: WatchCommandTests.store(scratch))
        try #require(imported.status == 0, "\(imported.standardError)")
        return scratch
    }

    /// `run` of the sample in every family, as `format` (and `scheme` for the layout).
    static func run(_ scratch: TemporaryDirectory, _ arguments: [String]) throws -> [[String: Any]] {
        let run = try scratch.widgethost(
            ["run", "config", "--family", "all", "--at", "2026-12-05T08:00:00Z"] + arguments,
            environment: WatchCommandTests.store(scratch))
        try #require(run.status == 0, "\(run.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        return try #require(document?["widgets"] as? [[String: Any]])
    }

    /// Each scheme, with the entries the widgets show and with their placeholders (loading rows).
    @Test(arguments: [("light", false), ("dark", false), ("light", true), ("dark", true)])
    func theSeedsWidgetsComeOutRightInEveryFamily(scheme: String, placeholder: Bool) throws {
        let scratch = try Self.scratch()
        let extra = placeholder ? ["--placeholder"] : []
        let layouts = try Self.run(scratch, ["--format", "layout", "--color-scheme", scheme] + extra)
        let views = try Self.run(scratch, ["--format", "json"] + extra)
        #expect(layouts.count == views.count)
        #expect(layouts.count >= 16)
        var families: Set<String> = []
        for (widget, json) in zip(layouts, views) {
            let name = "\(widget["id"] ?? "?") in \(widget["family"] ?? "?") (\(scheme))"
            families.insert(widget["family"] as? String ?? "")
            let root = try #require(widget["layout"] as? [String: Any], "\(name) has no layout")
            #expect(widget["warnings"] == nil, "\(name): \(widget["warnings"] ?? "")")
            let bounds = try Self.frame(root)
            // The texts of the view, in order, are the texts laid out.
            let originals = Self.texts(in: try #require(json["view"] as? [String: Any]))
            var drawn: [(node: [String: Any], behind: RGBA, alpha: Double)] = []
            try Self.walk(root, behind: try Self.colour(root["background"]), alpha: 1) {
                node, behind, alpha in
                let frame = try Self.frame(node)
                #expect(
                    bounds.contains(frame), "\(name): a \(node["type"] ?? "") leaves the widget: \(frame)")
                if ["vstack", "hstack"].contains(node["type"] as? String) {
                    let children = try (node["children"] as? [[String: Any]] ?? []).map(Self.frame)
                    for (index, one) in children.enumerated() {
                        for other in children[(index + 1)...] {
                            #expect(!one.overlaps(other), "\(name): siblings overlap: \(one) and \(other)")
                        }
                    }
                }
                if node["type"] as? String == "text" { drawn.append((node, behind, alpha)) }
            }
            #expect(drawn.count == originals.count, "\(name): \(drawn.count) texts for \(originals.count)")
            for ((node, behind, alpha), original) in zip(drawn, originals) {
                let text = node["text"] as? String ?? ""
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let truncated = node["truncated"] as? Bool ?? false
                // Cut only with an ellipsis, and what is drawn is the text's start.
                var shown = lines
                if truncated {
                    #expect(text.hasSuffix("…"), "\(name): '\(original)' cut without an ellipsis: '\(text)'")
                    shown[shown.count - 1] = String(shown[shown.count - 1].dropLast())
                }
                let spaced = original.contains(" ")
                let joined = shown.joined(separator: spaced ? " " : "")
                #expect(
                    original.hasPrefix(joined.trimmingCharacters(in: .whitespaces)),
                    "\(name): '\(original)' is broken inside a word: \(lines)")
                if !truncated { #expect(joined == original, "\(name): '\(original)' drawn as \(lines)") }
                // Readable on what it is drawn over.
                let colour = try Self.colour(node["foreground"], "\(name): '\(text)'").opacity(alpha)
                let contrast = colour.contrast(over: behind)
                #expect(contrast >= 4.5, "\(name): '\(text)' in \(colour) on \(behind) is \(contrast):1")
            }
            // The header stays whole on one line; the rows fill the stack that holds them.
            if widget["kind"] as? String == "TaskWidget",
                (widget["family"] as? String)?.hasPrefix("system") == true
            {
                let header = drawn.first { $0.node["text"] as? String == "Tasks" }
                #expect(header != nil, "\(name): no whole header")
                let stacks = Self.nodes(root).filter { $0["type"] as? String == "vstack" }
                let column = try #require(stacks.first)
                // The column is the header, the rows, and a spacer.
                let rows = (column["children"] as? [[String: Any]] ?? []).dropFirst().filter {
                    !["spacer", "text"].contains($0["type"] as? String)
                }
                #expect(rows.count >= 2, "\(name) has no rows")
                for row in rows {
                    #expect(
                        try Self.frame(row).width == Self.frame(column).width, "\(name): a row does not fill")
                }
                // A title is cut only when its row has no room left: the row's spacer is at its
                // minimum.
                for row in rows {
                    let nodes = Self.nodes(row)
                    guard
                        nodes.contains(where: {
                            $0["type"] as? String == "text" && $0["truncated"] as? Bool == true
                        })
                    else { continue }
                    let spacers = try nodes.filter { $0["type"] as? String == "spacer" }.map(Self.frame)
                    #expect(spacers.allSatisfy { $0.width <= 8.01 }, "\(name): a title is cut with room left")
                }
            }
        }
        #expect(
            families.isSuperset(of: ["systemSmall", "systemMedium", "systemLarge", "accessoryRectangular"]))
    }

    // MARK: - Reading the layout

    static func frame(_ node: [String: Any]) throws -> Rect {
        let frame = try #require(node["frame"] as? [String: Any])
        func number(_ key: String) throws -> Double { try #require((frame[key] as? NSNumber)?.doubleValue) }
        return Rect(
            x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height"))
    }

    static func colour(_ value: Any?, _ owner: String = "") throws -> RGBA {
        try #require(parsedColour(value), "no colour: \(owner)")
    }

    /// `#RRGGBB` or `#RRGGBBAA`, or `nil`.
    static func parsedColour(_ value: Any?) -> RGBA? {
        guard let text = value as? String, text.hasPrefix("#") else { return nil }
        let digits = text.dropFirst()
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else {
            return nil
        }
        let hasAlpha = digits.count == 8
        let rgb = hasAlpha ? value >> 8 : value
        return RGBA(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: hasAlpha ? Double(value & 0xFF) / 255 : 1)
    }

    /// Visits every node depth first with the opaque colour behind it and the opacity it is
    /// drawn at.
    static func walk(
        _ node: [String: Any], behind: RGBA, alpha: Double,
        _ visit: ([String: Any], RGBA, Double) throws -> Void
    ) rethrows {
        let alpha = alpha * ((node["opacity"] as? NSNumber)?.doubleValue ?? 1)
        var behind = behind
        if node["type"] as? String != "widget", let fill = parsedColour(node["background"]) {
            behind = fill.opacity(alpha).over(behind)
        }
        try visit(node, behind, alpha)
        for child in node["children"] as? [[String: Any]] ?? [] {
            try walk(child, behind: behind, alpha: alpha, visit)
        }
    }

    static func nodes(_ node: [String: Any]) -> [[String: Any]] {
        [node] + (node["children"] as? [[String: Any]] ?? []).flatMap(nodes)
    }

    /// The texts a view's JSON draws, depth first: its text nodes and its controls' `text`s.
    static func texts(in view: [String: Any]) -> [String] {
        var found: [String] = []
        let children = view["children"] as? [[String: Any]] ?? []
        if let text = view["text"] as? String, view["type"] as? String == "text" || children.isEmpty {
            found.append(text)
        }
        for child in children { found += texts(in: child) }
        return found
    }
}
