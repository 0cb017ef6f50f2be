/// A toggle's look of widget code's own, as SwiftUI's `ToggleStyle`: `makeBody(configuration:)`
/// draws the toggle from its label and whether it is on. The toggle still runs its intent when
/// tapped; the host draws the body in place of the switch (`toggleStyle` `custom`).
public protocol ToggleStyle: Sendable {
    /// What the style draws.
    associatedtype Body: View
    /// The toggle a style draws.
    typealias Configuration = ToggleStyleConfiguration
    /// The toggle drawn.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The toggle a ``ToggleStyle`` draws: its label and its state.
public struct ToggleStyleConfiguration: Sendable {
    /// The toggle's label, as a view.
    public struct Label: PrimitiveView {
        let nodes: [ViewNode]

        /// The label's nodes.
        public func makeNodes() -> [ViewNode] { nodes }
    }

    /// The label the toggle was given.
    public let label: Label
    /// Whether it is on.
    public var isOn: Bool
    /// Whether it stands for several states at once (never, here).
    public var isMixed: Bool = false
}

/// Views whose toggles are drawn by a ``ToggleStyle``.
public struct ToggleStyledView<Content: View, Style: ToggleStyle>: PrimitiveView {
    let content: Content
    let style: Style

    /// The content's nodes, each toggle among them drawn by the style.
    public func makeNodes() -> [ViewNode] {
        content._nodes().map(styled)
    }

    /// `node` with every toggle in it drawn by the style: its children the style's body, and a
    /// `toggleStyle` `custom` modifier, so the host draws the body and no switch.
    private func styled(_ node: ViewNode) -> ViewNode {
        var node = node
        if node.type == .toggle {
            let configuration = ToggleStyleConfiguration(
                label: .init(nodes: node.children), isOn: node.isOn ?? false)
            node.children = ViewGroup(style.makeBody(configuration: configuration)._nodes()).nodes
            node.modifiers.append(ViewModifierNode(.toggleStyle, [.init("style", .string("custom"))]))
        } else {
            node.children = node.children.map(styled)
        }
        return node
    }
}

extension View {
    /// Draws the toggles in the view with `style`, a ``ToggleStyle`` of widget code's own.
    public func toggleStyle<Style: ToggleStyle>(_ style: Style) -> ToggleStyledView<Self, Style> {
        ToggleStyledView(content: self, style: style)
    }
}
