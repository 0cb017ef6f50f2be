public import JSON
public import WidgetHostKit

/// The outline a ``LayoutNode`` fills or clips to.
public enum LayoutShape: Sendable, Hashable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case capsule
    case circle

    /// The name the layout JSON writes (`shape`).
    public var name: String {
        switch self {
        case .rectangle: return "rectangle"
        case .roundedRectangle: return "roundedRectangle"
        case .capsule: return "capsule"
        case .circle: return "circle"
        }
    }

    /// The radius of the shape's corners in a rectangle of `size`.
    public func cornerRadius(in size: Size) -> Double {
        switch self {
        case .rectangle: return 0
        case .roundedRectangle(let radius): return min(radius, min(size.width, size.height) / 2)
        case .capsule, .circle: return min(size.width, size.height) / 2
        }
    }
}

/// One node of a laid-out view: where it is, what it draws, and its children, as every picture
/// draws it (the layout JSON, the HTML page, the PNG).
///
/// Nodes are SwiftUI's views: a vocabulary view (`vstack`, `text`, `button`, ...) and each
/// modifier that changes where things go or draws something of its own (`padding`, `frame`,
/// `background`, `overlay`, `clipShape`), which wraps the view it modifies as SwiftUI's
/// `ModifiedContent` does. Drawing a node draws its `background` (in its `shape`), then its
/// children in order, then what it draws itself (a text's lines, a symbol, a switch, a bar), at
/// its `opacity`; a `clipShape` node clips its children to its shape. The root is the widget.
public struct LayoutNode: Sendable, Hashable, JSONSinkWritable {
    /// The vocabulary type (`widget` for the root).
    public var type: String
    /// Where it is, in points from the widget's top-left corner.
    public var frame: Rect
    /// Its children, in drawing order.
    public var children: [LayoutNode] = []

    /// The colour of what the node draws itself (a text, a symbol, a bar's or a switch's tint).
    public var foreground: RGBA?
    /// The colour it fills its frame with, in `shape`.
    public var background: RGBA?
    /// The outline of `background`, or what a `clipShape` clips to.
    public var shape: LayoutShape?
    /// The opacity its subtree is drawn at.
    public var opacity: Double = 1
    /// What only some nodes have (a text's, a symbol's, a control's), out of line: `nil` when
    /// the node has none of it.
    private var extra: Extra?

    /// What only some nodes have: a text's lines and font, a symbol's name, a control's number
    /// and state. Kept out of line, so that a node (moved into its parent's children as it is
    /// placed, copied when it is read) is small.
    struct Details: Sendable, Hashable {
        var lines: [String]?
        var truncated: Bool?
        var font: FontSpec?
        var lineHeight: Double?
        var ascent: Double?
        var textAlignment: String?
        var strikethrough: RGBA?
        var systemName: String?
        var control: Int?
        var isOn: Bool?
        var value: Double?
        var scale: Size?
        var anchor: UnitPoint?
        var shadow: LayoutShadow?
        var offset: Size?
        var rotation: Double?
    }

    /// ``Details`` behind a reference, never changed once made: equal when their details are.
    private final class Extra: Sendable, Hashable {
        let details: Details

        init(_ details: Details) {
            self.details = details
        }

        static func == (left: Extra, right: Extra) -> Bool {
            left === right || left.details == right.details
        }

        func hash(into hasher: inout Hasher) {
            details.hash(into: &hasher)
        }
    }

    /// The node's details, set at once (a node without any keeps none).
    var details: Details {
        get { extra?.details ?? Details() }
        set { extra = newValue == Details() ? nil : Extra(newValue) }
    }

    /// A text's lines as drawn (the last cut with `…` when `truncated`).
    public var lines: [String]? {
        get { extra?.details.lines }
        set { details.lines = newValue }
    }
    /// Whether a text was cut.
    public var truncated: Bool? {
        get { extra?.details.truncated }
        set { details.truncated = newValue }
    }
    /// A text's (or a symbol's) font.
    public var font: FontSpec? {
        get { extra?.details.font }
        set { details.font = newValue }
    }
    /// A text's line height and the distance from a line's top to its baseline, for drawing.
    public var lineHeight: Double? {
        get { extra?.details.lineHeight }
        set { details.lineHeight = newValue }
    }
    public var ascent: Double? {
        get { extra?.details.ascent }
        set { details.ascent = newValue }
    }
    /// A text's alignment within its frame: `leading`, `center` or `trailing`.
    public var textAlignment: String? {
        get { extra?.details.textAlignment }
        set { details.textAlignment = newValue }
    }
    /// A struck-through text's line colour.
    public var strikethrough: RGBA? {
        get { extra?.details.strikethrough }
        set { details.strikethrough = newValue }
    }
    /// An image's SF Symbols name.
    public var systemName: String? {
        get { extra?.details.systemName }
        set { details.systemName = newValue }
    }
    /// A control's number, as `tap` and `data-control` count them (depth first, from 1).
    public var control: Int? {
        get { extra?.details.control }
        set { details.control = newValue }
    }
    /// A toggle's state.
    public var isOn: Bool? {
        get { extra?.details.isOn }
        set { details.isOn = newValue }
    }
    /// A progress view's fraction (nil: indeterminate).
    public var value: Double? {
        get { extra?.details.value }
        set { details.value = newValue }
    }
    /// How far its subtree is drawn moved (`offset`, a size as SwiftUI's `offset(_:)` takes:
    /// `width` across, `height` down), the frame where it was.
    public var offset: Size? {
        get { extra?.details.offset }
        set { details.offset = newValue }
    }
    /// The degrees its subtree is drawn turned by, clockwise about its ``anchor``
    /// (`rotationEffect`), the frame as it was.
    public var rotation: Double? {
        get { extra?.details.rotation }
        set { details.rotation = newValue }
    }
    /// The shadow its subtree casts (`shadow`): drawn under it, the frame unchanged.
    public var shadow: LayoutShadow? {
        get { extra?.details.shadow }
        set { details.shadow = newValue }
    }
    /// The factors its subtree is drawn scaled by, `width` across and `height` down, about its
    /// ``anchor`` (`scaleEffect`; nil: 1). The frame, and so the layout around it, is the
    /// unscaled one, as in SwiftUI.
    public var scale: Size? {
        get { extra?.details.scale }
        set { details.scale = newValue }
    }
    /// The point of its frame its subtree is scaled and turned about (`scaleEffect`'s and
    /// `rotationEffect`'s `anchor`; nil: the centre). A node is scaled, then turned, then moved
    /// (``offset``).
    public var anchor: UnitPoint? {
        get { extra?.details.anchor }
        set { details.anchor = newValue }
    }

    public init(type: String, frame: Rect, children: [LayoutNode] = []) {
        self.type = type
        self.frame = frame
        self.children = children
    }

    /// The text as drawn: its lines, one per line.
    public var text: String? { lines?.joined(separator: "\n") }

    /// Every node of the subtree, depth first, the node first.
    public var allNodes: [LayoutNode] {
        var found: [LayoutNode] = []
        var stack = [self]
        while let node = stack.popLast() {
            found.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }

    /// Writes the node as the layout JSON has it.
    public func write(to sink: inout some JSONSink) {
        sink.beginObject()
        sink.key("type")
        sink.string(type)
        sink.key("frame")
        sink.beginObject()
        sink.points("x", frame.x)
        sink.points("y", frame.y)
        sink.points("width", frame.width)
        sink.points("height", frame.height)
        sink.endObject()
        if let lines {
            sink.member("text", lines.joined(separator: "\n"))
            sink.key("lines")
            sink.value(.int(lines.count))
            sink.key("truncated")
            sink.bool(truncated ?? false)
        }
        if let font {
            sink.key("font")
            sink.beginObject()
            sink.points("size", font.size)
            sink.key("weight")
            sink.value(.int(font.weight))
            sink.endObject()
        }
        sink.member("systemName", systemName)
        sink.member("foreground", foreground?.description)
        sink.member("background", background?.description)
        if let shape {
            sink.member("shape", shape.name)
            if case .roundedRectangle(let radius) = shape {
                sink.points("cornerRadius", radius)
            }
        }
        sink.member("strikethrough", strikethrough?.description)
        if let control {
            sink.key("control")
            sink.value(.int(control))
        }
        if let isOn {
            sink.key("isOn")
            sink.bool(isOn)
        }
        if let value {
            sink.points("value", value)
        }
        if opacity < 1 {
            sink.points("opacity", opacity)
        }
        if let offset {
            sink.point("offset", x: offset.width, y: offset.height)
        }
        if let rotation {
            sink.points("rotation", rotation)
        }
        if let scale {
            if scale.width == scale.height {
                sink.points("scale", scale.width)
            } else {
                sink.points("scaleX", scale.width)
                sink.points("scaleY", scale.height)
            }
        }
        if let anchor {
            sink.point("anchor", x: anchor.x, y: anchor.y)
        }
        if let shadow {
            sink.key("shadow")
            sink.beginObject()
            sink.member("color", shadow.color.description)
            sink.points("radius", shadow.radius)
            sink.points("x", shadow.x)
            sink.points("y", shadow.y)
            sink.endObject()
        }
        if !children.isEmpty {
            sink.key("children")
            sink.beginArray()
            for child in children { child.write(to: &sink) }
            sink.endArray()
        }
        sink.endObject()
    }
}

/// The shadow a node's subtree casts, as SwiftUI's `shadow(color:radius:x:y:)` draws it: the
/// subtree's shape blurred by `radius` (a Gaussian of `radius / 2` standard deviation, as CSS's
/// `drop-shadow` blurs), moved by `x` and `y`, in `color`, under the subtree.
public struct LayoutShadow: Sendable, Hashable {
    /// The colour, in the layout's scheme.
    public var color: RGBA
    /// The colour in the second scheme of a layout made with one (the page of both schemes).
    public var pairedColor: RGBA?
    /// How far it is blurred, in points.
    public var radius: Double
    /// How far it is moved, in points.
    public var x: Double
    public var y: Double

    public init(color: RGBA, pairedColor: RGBA? = nil, radius: Double, x: Double, y: Double) {
        self.color = color
        self.pairedColor = pairedColor
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// The colours a ``LayoutNode`` has in another colour scheme: what a page that shows both
/// schemes writes of the second (the geometry is the same in both).
public struct LayoutColours: Sendable, Hashable {
    /// ``LayoutNode/foreground`` in that scheme.
    public var foreground: RGBA?
    /// ``LayoutNode/background`` in that scheme.
    public var background: RGBA?
    /// ``LayoutNode/strikethrough`` in that scheme.
    public var strikethrough: RGBA?

    public init(foreground: RGBA? = nil, background: RGBA? = nil, strikethrough: RGBA? = nil) {
        self.foreground = foreground
        self.background = background
        self.strikethrough = strikethrough
    }
}

/// The colours of each node placed in a second scheme, as the nodes are placed (depth first, a
/// node before its children); nothing is kept when there is no second scheme.
struct PairedColours {
    /// The second scheme; `nil`: none is kept.
    let scheme: ColorScheme?
    /// The colours, a node's at the index ``open()`` gave it.
    private(set) var colours: [LayoutColours] = []

    init(scheme: ColorScheme?) {
        self.scheme = scheme
        // Room for a widget's nodes (a TaskWidget has about forty).
        if scheme != nil { colours.reserveCapacity(64) }
    }

    /// How many nodes have colours.
    var count: Int { colours.count }

    /// Adds a node with no colours and gives its index.
    mutating func open() -> Int {
        if scheme != nil { colours.append(LayoutColours()) }
        return colours.count - 1
    }

    /// Fills in the colours of the node at `slot` with `body`, given the second scheme.
    mutating func set(_ slot: Int, _ body: (inout LayoutColours, ColorScheme) -> Void) {
        guard let scheme, colours.indices.contains(slot) else { return }
        body(&colours[slot], scheme)
    }

    /// Puts the colours from `start` on before those from `front` up to `start`: a layer placed
    /// after the content it is drawn under.
    mutating func moveToFront(_ start: Int, after front: Int) {
        guard scheme != nil, front < start, start <= colours.count else { return }
        colours[front..<colours.count] = colours[start...] + colours[front..<start]
    }
}

extension JSONSink {
    /// A member whose value is a length in points, rounded as the layout writes them.
    fileprivate mutating func points(_ name: StaticString, _ length: Double) {
        key(name)
        value(Points.json(length))
    }

    /// Writes member `name` as `{"x", "y"}`, each as ``points(_:_:)`` writes it.
    fileprivate mutating func point(_ name: StaticString, x: Double, y: Double) {
        key(name)
        beginObject()
        points("x", x)
        points("y", y)
        endObject()
    }
}
