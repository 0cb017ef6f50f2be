public import Foundation

/// SwiftUI's view modifiers, recorded on the nodes a view draws as ``ViewModifierNode``s, in order.
extension View {
    private func modified(_ type: ViewModifierNode.Kind, _ values: [JSONValue.Member] = [])
        -> ModifiedContent<Self>
    {
        ModifiedContent(content: self, change: .modifier(ViewModifierNode(type, values)))
    }

    /// Draws text in `font`; `nil` leaves the inherited font.
    public func font(_ font: Font?) -> ModifiedContent<Self> {
        guard let font else { return ModifiedContent(content: self, change: .nothing) }
        return modified(.font, font.members)
    }

    /// Draws text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self> {
        guard let weight else { return ModifiedContent(content: self, change: .nothing) }
        return modified(.fontWeight, [.init("weight", .string(weight.rawValue))])
    }

    /// Draws text in bold: a `fontWeight` of `bold`.
    public func bold(_ isActive: Bool = true) -> ModifiedContent<Self> {
        fontWeight(isActive ? .bold : .regular)
    }

    /// Colours the view's foreground with `style`.
    public func foregroundStyle(_ style: some ShapeStyle) -> ModifiedContent<Self> {
        modified(.foregroundStyle, style.styleMembers)
    }

    /// Colours the view's foreground (the older spelling of `foregroundStyle`).
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self> {
        modified(.foregroundStyle, (color ?? .primary).styleMembers)
    }

    /// Strikes text through, or not.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> ModifiedContent<Self> {
        let active = JSONValue.Member("isActive", .bool(isActive))
        return modified(.strikethrough, color.map { [active, .init("color", .string($0.name))] } ?? [active])
    }

    /// Shows text on at most `number` lines; `nil` for no limit.
    public func lineLimit(_ number: Int?) -> ModifiedContent<Self> {
        modified(.lineLimit, number.map { [.init("limit", .int($0))] } ?? [])
    }

    /// Pads `edges` by `length` points, or by the system's default when `length` is `nil`.
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> ModifiedContent<Self> {
        let padded = JSONValue.Member("edges", edges.json)
        return modified(
            .padding, length.map { [padded, .init("length", JSONValue(points: $0))] } ?? [padded])
    }

    /// Pads every edge by `length` points.
    public func padding(_ length: Double) -> ModifiedContent<Self> {
        padding(.all, length)
    }

    /// Pads each edge by its inset (`.padding(EdgeInsets(top: 12, leading: 29, bottom: 12,
    /// trailing: 29))`): a `padding` modifier for each length, naming its edges, as paddings add
    /// up; an edge of 0 has none.
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self> {
        var lengths: [(length: Double, edges: Edge.Set)] = []
        for (edge, length) in [
            (Edge.Set.top, insets.top), (.leading, insets.leading), (.bottom, insets.bottom),
            (.trailing, insets.trailing),
        ] where length != 0 {
            if let index = lengths.firstIndex(where: { $0.length == length }) {
                lengths[index].edges.insert(edge)
            } else {
                lengths.append((length, edge))
            }
        }
        return ModifiedContent(
            content: self,
            change: .modifiers(
                lengths.map {
                    ViewModifierNode(
                        .padding,
                        [.init("edges", $0.edges.json), .init("length", JSONValue(points: $0.length))])
                }))
    }

    /// Puts `style` behind the view.
    public func background(_ style: some ShapeStyle) -> ModifiedContent<Self> {
        modified(.background, style.styleMembers)
    }

    /// Puts `view` behind this one, at `alignment` (`.background(Circle().stroke(.white))`,
    /// `.background(isOn ? Color.green : nil)`): as `.background(alignment:content:)` does. What is
    /// a style as well as a view (`Color.teal`, a gradient) is put behind as a style.
    @_disfavoredOverload
    public func background(_ view: some View, alignment: Alignment = .center) -> ModifiedContent<Self> {
        background(alignment: alignment) { view }
    }

    /// Draws `view` over this one, at `alignment` (`.overlay(Text("New"), alignment: .top)`): as
    /// `.overlay(alignment:content:)` does.
    @_disfavoredOverload
    public func overlay(_ view: some View, alignment: Alignment = .center) -> ModifiedContent<Self> {
        overlay(alignment: alignment) { view }
    }

    /// Puts `style` behind the view, in `shape`.
    public func background(_ style: some ShapeStyle, in shape: some Shape) -> ModifiedContent<Self> {
        modified(.background, style.styleMembers + shape.shapeMembers)
    }

    /// Puts a filled shape behind the view (`.background(RoundedRectangle(cornerRadius: 8).fill(.green))`).
    public func background(_ shape: FilledShape) -> ModifiedContent<Self> {
        modified(.background, shape.members)
    }

    /// Gives the view a fixed width and/or height in points.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center)
        -> ModifiedContent<Self>
    {
        modified(.frame, Self.frameValues([("width", width), ("height", height)], alignment: alignment))
    }

    /// Bounds the view's size in points (`maxWidth: .infinity` fills the width).
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent<Self> {
        let lengths = [
            ("minWidth", minWidth), ("idealWidth", idealWidth), ("maxWidth", maxWidth),
            ("minHeight", minHeight), ("idealHeight", idealHeight), ("maxHeight", maxHeight),
        ]
        return modified(.frame, Self.frameValues(lengths, alignment: alignment))
    }

    private static func frameValues(_ lengths: [(String, Double?)], alignment: Alignment) -> [JSONValue
        .Member]
    {
        var values = lengths.compactMap { name, length in
            length.map { JSONValue.Member(name, JSONValue(points: $0)) }
        }
        if alignment != .center { values.append(.init("alignment", .string(alignment.rawValue))) }
        return values
    }

    /// Draws the view at `opacity`, from 0 to 1.
    public func opacity(_ opacity: Double) -> ModifiedContent<Self> {
        modified(.opacity, [.init("value", .double(min(max(opacity, 0), 1)))])
    }

    /// Animates the view's content between entries with `transition`.
    public func contentTransition(_ transition: ContentTransition) -> ModifiedContent<Self> {
        modified(.contentTransition, transition.members)
    }

    /// Marks content that goes stale while an intent runs (drawn dimmed meanwhile).
    public func invalidatableContent(_ invalidatable: Bool = true) -> ModifiedContent<Self> {
        modified(.invalidatableContent, invalidatable ? [] : [.init("isActive", .bool(false))])
    }

    /// Tints the view in the accented rendering mode.
    public func widgetAccentable(_ accentable: Bool = true) -> ModifiedContent<Self> {
        modified(.widgetAccentable, accentable ? [] : [.init("isActive", .bool(false))])
    }

    /// The widget's background (WidgetKit's `containerBackground(_:for: .widget)`), on the root view.
    public func containerBackground(_ style: some ShapeStyle, for placement: ContainerBackgroundPlacement)
        -> ModifiedContent<Self>
    {
        modified(.containerBackground, style.styleMembers)
    }

    /// Rounds the view's corners by `radius` points.
    public func cornerRadius(_ radius: Double) -> ModifiedContent<Self> {
        modified(.cornerRadius, [.init("radius", JSONValue(points: radius))])
    }

    /// Clips the view to `shape`.
    public func clipShape(_ shape: some Shape) -> ModifiedContent<Self> {
        modified(.clipShape, shape.shapeMembers)
    }

    /// The URL the whole widget opens when tapped (WidgetKit's `widgetURL`): the root view's `url`.
    /// In the small families it is the widget's only tap target.
    public func widgetURL(_ url: URL?) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: url.map { .widgetURL($0.absoluteString) } ?? .nothing)
    }
}
