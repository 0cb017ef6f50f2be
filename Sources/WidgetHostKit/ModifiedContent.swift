/// A view with one modifier applied: what `.font(...)`, `.padding(...)`, `.widgetURL(...)` ... return.
/// Each node the content draws gets the modifier (a modified `Group` modifies each child, as in
/// SwiftUI).
public struct ModifiedContent<Content: View>: PrimitiveView {
    /// What a modifier changes on a node.
    enum Change: Sendable {
        /// A modifier appended to the node's list.
        case modifier(ViewModifierNode)
        /// Several, in order (`padding(EdgeInsets)`: one for each length).
        case modifiers([ViewModifierNode])
        /// The URL the whole widget opens; ``ViewRenderer/root(of:)`` moves it to the root.
        case widgetURL(String)
        /// Nothing (`font(nil)`, `widgetURL(nil)`).
        case nothing
    }

    private let content: Content
    let change: Change

    init(content: Content, change: Change) {
        self.content = content
        self.change = change
    }

    /// The content's nodes, modified.
    public func makeNodes() -> [ViewNode] {
        var nodes = content._nodes()
        for index in nodes.indices {
            switch change {
            case .modifier(let modifier):
                // Views usually carry a few modifiers: room for eight at the first, not a new
                // buffer at the second, the third and the fifth.
                if nodes[index].modifiers.isEmpty { nodes[index].modifiers.reserveCapacity(8) }
                nodes[index].modifiers.append(modifier)
            case .modifiers(let modifiers):
                nodes[index].modifiers.append(contentsOf: modifiers)
            case .widgetURL(let url): nodes[index].widgetURL = url
            case .nothing: break
            }
        }
        return nodes
    }
}

extension ModifiedContent.Change {
    /// The modifiers the change appends to a node, or nil for none.
    var recorded: [ViewModifierNode]? {
        switch self {
        case .modifier(let modifier): return [modifier]
        case .modifiers(let modifiers): return modifiers
        case .widgetURL, .nothing: return nil
        }
    }
}

extension ViewNode {
    /// The URL `widgetURL` set on this node (its `url`, unless it is a link, whose `url` is its own).
    var widgetURL: String? {
        get { type == .link ? nil : url }
        set { if type != .link { url = newValue } }
    }

    /// Moves the first `widgetURL` found in the tree (depth first) to this node, as WidgetKit hands
    /// the whole widget one URL; later ones are dropped (WidgetKit leaves several undefined).
    mutating func hoistWidgetURL() {
        // Most widgets set no widgetURL below the root: a look, without changing the tree.
        guard type != .link, children.contains(where: \.hasWidgetURL) else { return }
        var found = url
        for index in children.indices { children[index].removeWidgetURLs(found: &found) }
        url = found
    }

    /// Whether a `widgetURL` is set in the subtree.
    private var hasWidgetURL: Bool {
        widgetURL != nil || children.contains(where: \.hasWidgetURL)
    }

    /// Clears every `widgetURL` of the subtree in place, keeping the first in `found` when it has
    /// none yet.
    private mutating func removeWidgetURLs(found: inout String?) {
        if let url = widgetURL {
            if found == nil { found = url }
            self.url = nil
        }
        for index in children.indices { children[index].removeWidgetURLs(found: &found) }
    }
}
