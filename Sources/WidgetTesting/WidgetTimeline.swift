public import Foundation
public import WidgetHostKit

/// A widget's timeline as a test sees it: every entry drawn, the reload policy, and the entry
/// current at the date it was asked at.
public struct WidgetTimeline: Sendable, Hashable {
    /// The widget's kind.
    public let kind: String
    /// The family it was drawn in.
    public let family: WidgetFamily
    /// The date the provider was asked at (its `context.date`).
    public let date: Date
    /// The entries, in date order: each one's date, data (its properties but `date`) and view.
    public let entries: [RenderedEntry]
    /// When WidgetKit asks for the next timeline.
    public let policy: TimelineReloadPolicy
    /// The entry shown at ``date``: the latest dated at or before it (the first when all are later).
    public let current: RenderedEntry
    /// When the widget reloads next: `.after`'s date, the last entry's for `.atEnd`, `nil` for `.never`.
    public let nextReload: Date?

    /// The entry shown at `moment`: the latest dated at or before it, the first when all are later.
    public func entry(at moment: Date) -> RenderedEntry {
        entries.last { $0.date <= moment } ?? current
    }
}

extension ViewNode {
    /// The texts of the tree, depth first, as they are drawn (a `Text(date, style:)` as formatted).
    public var texts: [String] {
        var found: [String] = []
        var stack: [ViewNode] = [self]
        while let node = stack.popLast() {
            if let text = node.text { found.append(text) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }
}
