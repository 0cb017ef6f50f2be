public import WidgetHostKit

/// The device whose widget sizes the layout uses: one reference iPhone (the sizes the HTML page
/// has always drawn: docs/layout.md), with the iPad's extra-large size for `systemExtraLarge`, which iPhones
/// do not show.
public struct Device: Sendable, Hashable {
    /// Its name, as the layout JSON writes it.
    public var name: String
    /// Its screen's scale (pixels a point), the PNGs' default.
    public var scale: Int

    /// The reference device.
    public static let reference = Device(name: "iPhone 15 Pro Max", scale: 3)

    /// A family's size in points on this device: the SDK's ``WidgetFamily/displaySize`` (what a
    /// provider's `context.displaySize` reads), the reference iPhone's.
    public func size(of family: WidgetFamily) -> Size {
        Size(width: family.displaySize.width, height: family.displaySize.height)
    }

    /// The margins WidgetKit puts around a widget's content in a family (the SDK's
    /// ``WidgetFamily/contentMargin``: 16 points on the home screen's families, none on the lock
    /// screen's).
    public func contentMargins(of family: WidgetFamily) -> EdgeInsets {
        EdgeInsets(all: family.contentMargin)
    }

    /// The corner radius of a family's widget (the home screen's rounded tiles; the circular
    /// accessory is a circle).
    public func cornerRadius(of family: WidgetFamily) -> Double {
        switch family {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: return 22
        case .accessoryCircular: return 38
        case .accessoryRectangular: return 8
        case .accessoryInline: return 0
        }
    }
}

/// A widget laid out: its family and colour scheme, its size, the tree of nodes (the root is the
/// widget), and what could not be laid out as asked (each naming the node).
public struct WidgetLayout: Sendable, Hashable {
    public var family: WidgetFamily
    public var colorScheme: ColorScheme
    public var size: Size
    public var root: LayoutNode
    /// What the layout changed to lay the view out (a negative frame, a huge font, a huge
    /// text), each naming the node (`view.children[1]`).
    public var warnings: [String]

    public init(
        family: WidgetFamily, colorScheme: ColorScheme, size: Size, root: LayoutNode, warnings: [String]
    ) {
        self.family = family
        self.colorScheme = colorScheme
        self.size = size
        self.root = root
        self.warnings = warnings
    }
}
