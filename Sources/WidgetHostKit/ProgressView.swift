/// A progress indicator: spinning (indeterminate) or a bar of a completed fraction, with an optional
/// label. Drawn as a `progress` node with `value` from 0 to 1 when determinate.
public struct ProgressView: PrimitiveView {
    private let fraction: Double?
    private let label: ViewGroup

    /// An indeterminate indicator (the seed's loading row).
    public init() {
        self.fraction = nil
        self.label = ViewGroup([])
    }

    /// An indeterminate indicator with a label.
    public init(@ViewBuilder label: () -> ViewGroup) {
        self.fraction = nil
        self.label = label()
    }

    /// An indeterminate indicator with a text label.
    public init(_ title: String) {
        self.init { Text(title) }
    }

    /// A bar showing `value` out of `total` (nil: indeterminate); the fraction is clamped to 0...1.
    public init(value: Double?, total: Double = 1) {
        self.init(value: value, total: total) {}
    }

    /// A bar with a label.
    public init(value: Double?, total: Double = 1, @ViewBuilder label: () -> ViewGroup) {
        if let value, total > 0, value.isFinite, total.isFinite {
            self.fraction = min(max(value / total, 0), 1)
        } else {
            self.fraction = nil
        }
        self.label = label()
    }

    /// A bar with a text label.
    public init(_ title: String, value: Double?, total: Double = 1) {
        self.init(value: value, total: total) { Text(title) }
    }

    /// A `progress` node.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .progress, children: label.nodes, value: fraction)]
    }
}

/// A title with an icon (`Label("Home", systemImage: "house.fill")`): drawn as SwiftUI's default
/// label style draws it, the icon then the title side by side.
public struct Label: PrimitiveView {
    private let title: ViewGroup
    private let icon: ViewGroup

    /// A label of a text and a symbol.
    public init(_ title: String, systemImage: String) {
        self.title = ViewGroup([ViewNode(type: .text, text: title)])
        self.icon = ViewGroup([ViewNode(type: .image, systemName: systemImage)])
    }

    /// A label of a text and an image of the app's assets (drawn as `Image(name)` is).
    public init(_ title: String, image name: String) {
        self.title = ViewGroup([ViewNode(type: .text, text: title)])
        self.icon = ViewGroup(Image(name).makeNodes())
    }

    /// A label of any title and icon views.
    public init(@ViewBuilder title: () -> ViewGroup, @ViewBuilder icon: () -> ViewGroup) {
        self.title = title()
        self.icon = icon()
    }

    /// An `hstack` of the icon and the title.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .hstack, children: icon.nodes + title.nodes)]
    }
}
