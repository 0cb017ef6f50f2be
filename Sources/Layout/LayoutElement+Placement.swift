import WidgetHostKit

extension LayoutElement {
    /// The element placed with its top-left corner at `origin`, sized for `proposal`, its
    /// children placed inside it (SwiftUI's `placeSubviews`), as a node.
    /// Colours are resolved for `scheme`; sizes do not depend on it, so a view is measured once
    /// for both schemes.
    func place(at origin: (x: Double, y: Double), proposal: ProposedSize, scheme: ColorScheme) -> LayoutNode {
        var paired = PairedColours(scheme: nil)
        return place(at: origin, proposal: proposal, scheme: scheme, paired: &paired)
    }

    /// The element placed as ``place(at:proposal:scheme:)`` places it; with `paired`'s scheme,
    /// the colours each node has in that scheme appended to it, the nodes depth first, each
    /// before its children (one placement for a page that shows both schemes).
    func place(
        at origin: (x: Double, y: Double), proposal: ProposedSize, scheme: ColorScheme,
        paired: inout PairedColours
    ) -> LayoutNode {
        let size = size(for: proposal)
        let frame = Rect(origin: origin, size: size)
        // One node, made first and filled in where it is (not a node made in each case and
        // moved: a node is large).
        var node = LayoutNode(type: nodeType, frame: frame)
        // The node's colours in the paired scheme, filled in with its own below.
        let slot = paired.open()
        switch kind {
        case .widget(let margins, let background, let shape):
            node.background = background[scheme]
            paired.set(slot) { $0.background = background[$1] }
            node.shape = shape
            if let child = children.first {
                let offer = childProposal(for: proposal)
                let content = child.size(for: offer)
                let area = Rect(
                    x: frame.x + margins.leading, y: frame.y + margins.top,
                    width: max(0, size.width - margins.horizontal),
                    height: max(0, size.height - margins.vertical))
                node.children = [
                    child.place(
                        at: Alignment.center.origin(of: content, in: area), proposal: offer, scheme: scheme,
                        paired: &paired)
                ]
            }
        case .text:
            let drawn = textLayout(for: proposal)
            let (layout, font) = (drawn.layout, drawn.font)
            // The text's members set at once (they are kept out of line).
            var details = LayoutNode.Details(
                lines: layout.lines, truncated: layout.truncated, font: font, lineHeight: layout.lineHeight,
                ascent: layout.ascent, textAlignment: "leading")
            node.foreground = environment.resolvedForeground[scheme]
            paired.set(slot) { $0.foreground = environment.resolvedForeground[$1] }
            if environment.strikethrough {
                let line = environment.strikethroughColor ?? environment.resolvedForeground
                details.strikethrough = line[scheme]
                paired.set(slot) { $0.strikethrough = line[$1] }
            }
            node.details = details
        case .image(let systemName):
            node.details = LayoutNode.Details(font: environment.resolvedFont, systemName: systemName)
            node.foreground = environment.resolvedForeground[scheme]
            paired.set(slot) { $0.foreground = environment.resolvedForeground[$1] }
        case .spacer:
            break
        case .stack(let axis, let alignment, _):
            let arrangement = arrange(for: proposal, along: axis)
            let spacings = stackSpacings
            var offset = 0.0
            var placed: [LayoutNode] = []
            placed.reserveCapacity(visible.count)
            for (index, child) in visible.enumerated() {
                if index > 0 { offset += spacings[index - 1] }
                let offer = arrangement[index].proposal
                let childSize = arrangement[index].size
                let cross = alignment.offset(childSize[axis.cross], in: size[axis.cross])
                let position =
                    axis == .horizontal
                    ? (x: frame.x + offset, y: frame.y + cross) : (x: frame.x + cross, y: frame.y + offset)
                placed.append(child.place(at: position, proposal: offer, scheme: scheme, paired: &paired))
                offset += childSize[axis]
            }
            node.children = placed
        case .zstack(let alignment):
            node.children = visible.map { child in
                child.place(
                    at: alignment.origin(of: child.size(for: proposal), in: frame),
                    proposal: proposal, scheme: scheme, paired: &paired)
            }
        case .padding(let insets):
            if let child = children.first {
                node.children = [
                    child.place(
                        at: (frame.x + insets.leading, frame.y + insets.top),
                        proposal: childProposal(for: proposal), scheme: scheme, paired: &paired)
                ]
            }
        case .fixedFrame(_, _, let alignment), .flexibleFrame(_, let alignment):
            if let child = children.first {
                let offer = childProposal(for: proposal)
                node.children = [
                    child.place(
                        at: alignment.origin(of: child.size(for: offer), in: frame),
                        proposal: offer, scheme: scheme, paired: &paired)
                ]
            }
        case .background(let colour, let shape):
            node.background = colour[scheme]
            paired.set(slot) { $0.background = colour[$1] }
            node.shape = shape
            node.children = children.prefix(1).map {
                $0.place(at: origin, proposal: proposal, scheme: scheme, paired: &paired)
            }
        case .layer(let alignment, let isOverlay):
            let primary = paired.count
            var placed = children.prefix(1).map {
                $0.place(at: origin, proposal: proposal, scheme: scheme, paired: &paired)
            }
            if children.count > 1 {
                let layer = children[1]
                let offer = ProposedSize(size)
                let layerStart = paired.count
                let drawn = layer.place(
                    at: alignment.origin(of: layer.size(for: offer), in: frame), proposal: offer,
                    scheme: scheme, paired: &paired)
                if isOverlay {
                    placed.append(drawn)
                } else {
                    placed.insert(drawn, at: 0)
                    // The layer's colours before the content's, as its nodes are.
                    paired.moveToFront(layerStart, after: primary)
                }
            }
            node.children = placed
        case .clip(let shape):
            node.shape = shape
            node.children = children.prefix(1).map {
                $0.place(at: origin, proposal: proposal, scheme: scheme, paired: &paired)
            }
        case .effect:
            node.children = children.prefix(1).map {
                $0.place(at: origin, proposal: proposal, scheme: scheme, paired: &paired)
            }
        case .fixedSize:
            if let child = children.first {
                let offer = childProposal(for: proposal)
                node.children = [
                    child.place(
                        at: Alignment.topLeading.origin(of: child.size(for: offer), in: frame),
                        proposal: offer,
                        scheme: scheme, paired: &paired)
                ]
            }
        case .control(_, let number):
            node.control = number
            node.children = children.prefix(1).map {
                $0.place(at: origin, proposal: proposal, scheme: scheme, paired: &paired)
            }
        case .toggleSwitch(let isOn, let tint):
            node.isOn = isOn
            node.foreground = tint[scheme]
            paired.set(slot) { $0.foreground = tint[$1] }
        case .progress(let value, let tint):
            node.value = value
            node.foreground = tint[scheme]
            paired.set(slot) { $0.foreground = tint[$1] }
        case .empty:
            break
        }
        node.opacity = opacity
        guard let effects = boxedEffects?.value else { return node }
        if effects.scale != Size(width: 1, height: 1) { node.scale = effects.scale }
        if effects.degrees != 0 { node.rotation = effects.degrees }
        if effects.isScaledOrTurned && effects.anchor != .center { node.anchor = effects.anchor }
        if effects.isMoved { node.offset = effects.offset }
        if let shadow = effects.shadow {
            node.shadow = LayoutShadow(
                color: shadow.paint[scheme], pairedColor: paired.scheme.map { shadow.paint[$0] },
                radius: shadow.radius, x: shadow.x, y: shadow.y)
        }
        return node
    }

    /// The type of the node the element places (`vstack`, `text`, `padding`, ...).
    var nodeType: String {
        switch kind {
        case .widget: return "widget"
        case .text: return "text"
        case .image: return "image"
        case .spacer: return "spacer"
        case .stack(let axis, _, _): return axis == .vertical ? "vstack" : "hstack"
        case .zstack: return "zstack"
        case .padding: return "padding"
        case .fixedFrame, .flexibleFrame: return "frame"
        case .background: return "background"
        case .layer(_, let isOverlay): return isOverlay ? "overlay" : "background"
        case .clip: return "clipShape"
        case .fixedSize: return "fixedSize"
        case .control(let type, _): return type
        case .toggleSwitch: return "switch"
        case .progress: return "progress"
        case .empty: return "empty"
        case .effect(let name): return name
        }
    }
}
