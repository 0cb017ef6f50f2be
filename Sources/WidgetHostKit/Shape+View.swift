public import Foundation

/// Shapes drawn as views (`Circle()` in a `ZStack`, `RoundedRectangle(...).fill(.blue)`), and what
/// real widget code does with them: each is drawn as a flexible space with the shape as its
/// `background`; a stroke, a trim or a rotation has no node of the vocabulary and is recorded as
/// `ignored`, naming the API.
extension Circle: PrimitiveView {
    /// A `spacer` with the shape, filled with the foreground style, as its background.
    public func makeNodes() -> [ViewNode] { shapeNodes(self, style: Color.primary) }
}

extension Capsule: PrimitiveView {
    /// A `spacer` with the shape, filled with the foreground style, as its background.
    public func makeNodes() -> [ViewNode] { shapeNodes(self, style: Color.primary) }
}

extension Rectangle: PrimitiveView {
    /// A `spacer` with the shape, filled with the foreground style, as its background.
    public func makeNodes() -> [ViewNode] { shapeNodes(self, style: Color.primary) }
}

extension RoundedRectangle: PrimitiveView {
    /// A `spacer` with the shape, filled with the foreground style, as its background.
    public func makeNodes() -> [ViewNode] { shapeNodes(self, style: Color.primary) }
}

extension ContainerRelativeShape: PrimitiveView {
    /// A `spacer` with the shape, filled with the foreground style, as its background.
    public func makeNodes() -> [ViewNode] { shapeNodes(self, style: Color.primary) }
}

extension FilledShape: PrimitiveView {
    /// A `spacer` with the filled shape as its background.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .spacer, modifiers: [ViewModifierNode(.background, members)])]
    }
}

/// A `spacer` node with `shape` filled with `style` as its background.
private func shapeNodes(_ shape: some Shape, style: some ShapeStyle) -> [ViewNode] {
    [
        ViewNode(
            type: .spacer, modifiers: [ViewModifierNode(.background, style.styleMembers + shape.shapeMembers)]
        )
    ]
}

extension Shape {
    /// The shape's outline (`.stroke(.gray, lineWidth: 4)`): drawn as the shape, with the stroke
    /// recorded as ignored.
    public func stroke(_ style: some ShapeStyle = Color.primary, lineWidth: Double = 1) -> ShapeOutline {
        ShapeOutline(members: style.styleMembers + shapeMembers, api: "stroke(_:lineWidth:)")
    }

    /// The shape's outline in `strokeStyle`: drawn as the shape, with the stroke recorded as ignored.
    public func stroke(_ style: some ShapeStyle, style strokeStyle: StrokeStyle) -> ShapeOutline {
        ShapeOutline(members: style.styleMembers + shapeMembers, api: "stroke(_:style:)")
    }

    /// The shape's outline inside its edge (`.strokeBorder(.white, lineWidth: 2)`): drawn as the
    /// shape, with the stroke recorded as ignored.
    public func strokeBorder(_ style: some ShapeStyle = Color.primary, lineWidth: Double = 1) -> ShapeOutline
    {
        ShapeOutline(members: style.styleMembers + shapeMembers, api: "strokeBorder(_:lineWidth:)")
    }

    /// Part of the shape's outline (`.trim(from: 0, to: progress)`): recorded as ignored.
    public func trim(from start: Double = 0, to end: Double = 1) -> TrimmedShape<Self> {
        TrimmedShape(shape: self)
    }
}

/// Part of a shape's outline, as SwiftUI's trimmed shape: stroked, it is drawn as the whole shape.
public struct TrimmedShape<Base: Shape>: Shape {
    let shape: Base

    /// The base shape's.
    public var shapeMembers: [JSONValue.Member] { shape.shapeMembers }
}

/// A shape's outline: a `spacer` with the shape as its background, and an `ignored` modifier naming
/// the stroke.
public struct ShapeOutline: PrimitiveView {
    let members: [JSONValue.Member]
    let api: String

    /// The node.
    public func makeNodes() -> [ViewNode] {
        [
            ViewNode(
                type: .spacer,
                modifiers: [
                    ViewModifierNode(.background, members),
                    ViewModifierNode(.ignored, [.init("api", .string("Shape." + api))]),
                ])
        ]
    }
}

/// How an outline is drawn, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Sendable, Hashable {
    /// The line's width in points.
    public var lineWidth: Double
    /// The ends of lines.
    public var lineCap: LineCap

    /// A stroke style.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
    }

    /// The ends of lines.
    public enum LineCap: Sendable, Hashable {
        /// Square, at the end.
        case butt
        /// Round.
        case round
        /// Square, past the end.
        case square
    }
}

/// An angle, as SwiftUI's `Angle`.
public struct Angle: Sendable, Hashable {
    /// The angle in degrees.
    public var degrees: Double

    /// An angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// An angle of `radians`.
    public static func radians(_ radians: Double) -> Angle { Angle(degrees: radians * 180 / .pi) }
}

/// A gradient between colours, as SwiftUI's `LinearGradient`: drawn in its first colour, and as a
/// view recorded as ignored beyond that colour.
public struct LinearGradient: ShapeStyle, PrimitiveView {
    private let first: Color

    /// A gradient of `colors` from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.first = colors.first ?? .clear
    }

    /// A gradient of `gradient`'s colours.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(colors: gradient.colors, startPoint: startPoint, endPoint: endPoint)
    }

    /// The first colour's.
    public var styleMembers: [JSONValue.Member] { first.styleMembers }

    /// A `spacer` in the first colour, the gradient recorded as ignored.
    public func makeNodes() -> [ViewNode] {
        [
            ViewNode(
                type: .spacer,
                modifiers: [
                    ViewModifierNode(.background, first.styleMembers),
                    ViewModifierNode(
                        .ignored, [.init("api", .string("LinearGradient (drawn in its first colour)"))]),
                ])
        ]
    }
}

/// Colours to blend, as SwiftUI's `Gradient`.
public struct Gradient: Sendable, Hashable {
    /// The colours, in order.
    public var colors: [Color]

    /// A gradient of `colors`.
    public init(colors: [Color]) {
        self.colors = colors
    }
}

/// A point in a unit square, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Sendable, Hashable {
    /// Across, from 0 (leading) to 1.
    public var x: Double
    /// Down, from 0 (top) to 1.
    public var y: Double

    /// A point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The top leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top edge's middle.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The top trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The leading edge's middle.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The trailing edge's middle.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The bottom leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom edge's middle.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The bottom trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The point as a drawing effect's `anchorX` and `anchorY`, or nothing for the centre (the
    /// effects' own default).
    var anchorMembers: [JSONValue.Member] {
        self == .center
            ? [] : [.init("anchorX", JSONValue(points: x)), .init("anchorY", JSONValue(points: y))]
    }
}

/// The background of an accessory widget (WidgetKit's `AccessoryWidgetBackground`): a flexible
/// space on the system's fill.
public struct AccessoryWidgetBackground: PrimitiveView {
    /// Creates the background.
    public init() {}

    /// A `spacer` with the `fill` background.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .spacer, modifiers: [ViewModifierNode(.background, Color.fill.styleMembers)])]
    }
}

extension ShapeStyle where Self == Color {
    /// The background of the system's views (`.containerBackground(.background, for: .widget)`).
    public static var background: Color { Color(.systemBackground) }
}

/// The other modifiers measured in real widget code: an overlay and a background with a view are
/// drawn; the others have no modifier of the vocabulary, so each is recorded as `ignored`, naming it.
extension View {
    /// Draws the view moved by `x` and `y` points (`.offset(x:y:)`); its frame, and the layout
    /// around it, stay where they were.
    public func offset(x: Double = 0, y: Double = 0) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self,
            change: .modifier(
                .init(.offset, [.init("x", JSONValue(points: x)), .init("y", JSONValue(points: y))])))
    }

    /// Draws the view moved by `offset`'s width across and its height down (`.offset(size)`).
    public func offset(_ offset: CGSize) -> ModifiedContent<Self> {
        self.offset(x: offset.width, y: offset.height)
    }

    /// Draws the view turned by `angle`, clockwise, about `anchor` (`.rotationEffect(_:anchor:)`,
    /// the centre unless named); its frame stays as it was.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self,
            change: .modifier(
                .init(
                    .rotationEffect,
                    [.init("degrees", JSONValue(points: angle.degrees))] + anchor.anchorMembers)))
    }

    /// Tints the controls and progress bars inside (`.tint(.green)`): a button's fill and label, a
    /// link, a switch, a bar; `nil` leaves the tint as it was.
    public func tint(_ color: Color?) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self, change: color.map { .modifier(.init(.tint, $0.styleMembers)) } ?? .nothing)
    }

    /// How a progress view is drawn (`.progressViewStyle(.linear)`): every progress is a bar here.
    public func progressViewStyle(_ style: ProgressViewStyleName) -> ModifiedContent<Self> {
        ignored("progressViewStyle(.\(style.rawValue))")
    }

    /// Draws digits at one width: ignored.
    public func monospacedDigit() -> ModifiedContent<Self> { ignored("monospacedDigit()") }

    /// Extends the view under the safe areas: widgethost has none, so it is ignored.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> ModifiedContent<
        Self
    > {
        ignored("ignoresSafeArea(_:edges:)")
    }

    /// A view drawn over this one, placed at `alignment` in its frame (`.overlay { ... }`): the
    /// `overlay` modifier, whose `view` is the content's node (a `zstack` of them when it draws
    /// several, as SwiftUI layers them).
    public func overlay(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup)
        -> ModifiedContent<Self>
    {
        layered(.overlay, alignment: alignment, content().nodes)
    }

    /// A view drawn behind this one, placed at `alignment` in its frame (`.background { ... }`):
    /// a colour or a filled shape alone is the `background` modifier's `style` (and `shape`), as
    /// `.background(Color.teal)` writes it; another view is its `view` (a `zstack` of the views
    /// when there are several).
    public func background(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup)
        -> ModifiedContent<Self>
    {
        let nodes = content().nodes
        if nodes.count == 1, nodes[0].type == .spacer, nodes[0].minLength == nil,
            nodes[0].modifiers.count == 1, let style = nodes[0].modifiers.first, style.type == .background,
            style["view"] == nil
        {
            return ModifiedContent(
                content: self, change: .modifier(ViewModifierNode(.background, style.values)))
        }
        return layered(.background, alignment: alignment, nodes)
    }

    /// The `overlay` or `background` modifier carrying `nodes` as its `view`, with its `alignment`
    /// when it is not the centre; nothing when `nodes` is empty (an `EmptyView` draws nothing).
    private func layered(_ type: ViewModifierNode.Kind, alignment: Alignment, _ nodes: [ViewNode])
        -> ModifiedContent<Self>
    {
        guard let first = nodes.first else { return ModifiedContent(content: self, change: .nothing) }
        let view = nodes.count == 1 ? first : ViewNode(type: .zstack, children: nodes)
        var values: [JSONValue.Member] = []
        if alignment != .center { values.append(.init("alignment", .string(alignment.rawValue))) }
        values.append(.init("view", view.json))
        return ModifiedContent(content: self, change: .modifier(ViewModifierNode(type, values)))
    }
}

/// The regions `ignoresSafeArea` names, as SwiftUI's `SafeAreaRegions`.
public typealias SafeAreaRegions = OptionBits<SafeAreaRegion>

extension OptionBits where Kind == SafeAreaRegion {
    /// Every region.
    public static var all: Self { Self(rawValue: 3) }
    /// The container's.
    public static var container: Self { Self(rawValue: 1) }
    /// The keyboard's.
    public static var keyboard: Self { Self(rawValue: 2) }
}

/// A progress view's style, as SwiftUI's progress view styles.
public enum ProgressViewStyleName: String, Sendable {
    /// The platform's choice.
    case automatic
    /// A bar.
    case linear
    /// A spinner or ring.
    case circular
}

extension EnvironmentValues {
    /// `false`: no accessory widget shows a label beside it here (watchOS's `showsWidgetLabel`).
    public var showsWidgetLabel: Bool { false }
}

/// A thin line between views, as SwiftUI's `Divider`: a space one point high across the stack, on
/// the `quaternary` style.
public struct Divider: PrimitiveView {
    /// Creates a divider.
    public init() {}

    /// A `spacer` one point high, full width, with a `quaternary` background.
    public func makeNodes() -> [ViewNode] {
        [
            ViewNode(
                type: .spacer,
                modifiers: [
                    ViewModifierNode(
                        .frame,
                        [.init("height", JSONValue(points: 1)), .init("maxWidth", .string("infinity"))]),
                    ViewModifierNode(.background, Color.quaternary.styleMembers),
                ])
        ]
    }
}

/// A colour's gradient, as SwiftUI's `AnyGradient` (`Color.blue.gradient`): drawn in the colour,
/// as a `LinearGradient` is in its first.
public struct AnyGradient: ShapeStyle, PrimitiveView, Hashable {
    /// The colour it is made from.
    public let color: Color

    /// The colour's style members.
    public var styleMembers: [JSONValue.Member] { color.styleMembers }

    /// A fill of the colour.
    public func makeNodes() -> [ViewNode] { color.makeNodes() }
}

extension Color {
    /// The colour as a gradient (`.background(Color.blue.gradient)`): drawn in the colour.
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

extension ShapeStyle where Self == Color {
    /// The view's tint (`.stroke(.tint)`): the accent colour.
    public static var tint: Color { Color.accentColor }
}

extension Shape {
    /// The shape turned by `angle` about `anchor` (`Circle().trim(...).rotation(.degrees(-90))`):
    /// drawn as the shape (a stroke's start has no picture here).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> TrimmedShape<Self> {
        TrimmedShape(shape: self)
    }
}
