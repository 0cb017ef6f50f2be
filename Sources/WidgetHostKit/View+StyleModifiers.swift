public import Foundation

/// The styles, effects and animations the seeds' views use beyond the first view vocabulary,
/// recorded like the others; text renderers ignore them.
extension View {
    /// Styles a button (`.plain` draws the label alone).
    public func buttonStyle(_ style: ButtonStyleName) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self, change: .modifier(.init(.buttonStyle, [.init("style", .string(style.rawValue))])))
    }

    /// Styles a toggle (`.switch`).
    public func toggleStyle(_ style: ToggleStyleName) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self, change: .modifier(.init(.toggleStyle, [.init("style", .string(style.rawValue))])))
    }

    /// Hides a control's label.
    public func labelsHidden() -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .modifier(.init(.labelsHidden)))
    }

    /// Draws the view at `scale` times its size, about `anchor` (`.scaleEffect(0.8)`,
    /// `.scaleEffect(2, anchor: .topLeading)`); its frame, and the layout around it, stay.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> ModifiedContent<Self> {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    /// Draws the view `x` times as wide and `y` times as tall, about `anchor`
    /// (`.scaleEffect(x: -1, y: 1)` mirrors it).
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> ModifiedContent<
        Self
    > {
        // One factor is written as before (`scale`); two, as `x` and `y`.
        let factors: [JSONValue.Member] =
            x == y
            ? [.init("scale", JSONValue(points: x))]
            : [.init("x", JSONValue(points: x)), .init("y", JSONValue(points: y))]
        return ModifiedContent(
            content: self, change: .modifier(.init(.scaleEffect, factors + anchor.anchorMembers)))
    }

    /// Draws the view scaled by `scale`'s width across and its height down, about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self> {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    /// Casts a shadow.
    public func shadow(
        color: Color = Color(name: "black", opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0
    )
        -> ModifiedContent<Self>
    {
        let values: [JSONValue.Member] =
            color.styleMembers.map { $0.key == "style" ? .init("color", $0.value) : $0 } + [
                .init("radius", JSONValue(points: radius)), .init("x", JSONValue(points: x)),
                .init("y", JSONValue(points: y)),
            ]
        return ModifiedContent(content: self, change: .modifier(.init(.shadow, values)))
    }

    /// Animates changes of `value` with `animation` (`nil`: none).
    public func animation(_ animation: Animation?, value: some Equatable) -> ModifiedContent<Self> {
        guard let animation else { return ModifiedContent(content: self, change: .nothing) }
        return ModifiedContent(content: self, change: .modifier(.init(.animation, animation.members)))
    }
}

/// A button style, as SwiftUI's `.plain`, `.borderless`, `.bordered`, `.borderedProminent`; the raw
/// value is the style's name.
public enum ButtonStyleName: String, Sendable {
    /// The platform's default.
    case automatic
    /// The label alone.
    case plain
    /// No border.
    case borderless
    /// A border.
    case bordered
    /// A filled border.
    case borderedProminent
}

/// A toggle style, as SwiftUI's `.switch`, `.button`; the raw value is the style's name.
public enum ToggleStyleName: String, Sendable {
    /// The platform's default.
    case automatic
    /// A switch.
    case `switch`
    /// A button that stays pressed while on.
    case button
}

/// How a change animates, as SwiftUI's `Animation`: a curve and a duration.
public struct Animation: Sendable, Hashable {
    /// `curve`, then `duration` when set.
    let members: [JSONValue.Member]

    private init(_ curve: String, duration: Double? = nil) {
        var members: [JSONValue.Member] = [.init("curve", .string(curve))]
        if let duration { members.append(.init("duration", .double(duration))) }
        self.members = members
    }

    /// The default curve.
    public static let `default` = Animation("default")
    /// Ease in and out.
    public static let easeInOut = Animation("easeInOut")
    /// Linear.
    public static let linear = Animation("linear")
    /// A smooth spring.
    public static let smooth = Animation("smooth")
    /// A spring.
    public static let spring = Animation("spring")

    /// Ease in and out over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation("easeInOut", duration: duration) }
    /// Linear over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation("linear", duration: duration) }
}
