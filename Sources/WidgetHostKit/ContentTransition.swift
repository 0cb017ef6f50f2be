/// How a view's content changes between entries, as SwiftUI's `ContentTransition`: recorded as
/// `transition` (identity, opacity, interpolate, numericText, symbolEffect) with its details.
public struct ContentTransition: Sendable, Hashable {
    /// The values of a `contentTransition` modifier.
    let members: [JSONValue.Member]

    private init(_ name: String, _ detail: JSONValue.Member? = nil) {
        let transition = JSONValue.Member("transition", .string(name))
        self.members = detail.map { [transition, $0] } ?? [transition]
    }

    /// No animation.
    public static let identity = ContentTransition("identity")
    /// A fade.
    public static let opacity = ContentTransition("opacity")
    /// Interpolated where possible.
    public static let interpolate = ContentTransition("interpolate")

    /// Digits rolling, up or down.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition("numericText", countsDown ? .init("countsDown", .bool(true)) : nil)
    }

    /// Digits rolling in the direction `value` moves.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition("numericText", .init("value", .double(value)))
    }

    /// A symbol's effect between its images (`.symbolEffect(.replace)`).
    public static func symbolEffect(_ effect: SymbolEffect) -> ContentTransition {
        ContentTransition("symbolEffect", .init("effect", .string(effect.rawValue)))
    }
}

/// A symbol animation, as SF Symbols names it (`.replace`): the raw value.
public enum SymbolEffect: String, Sendable {
    /// One symbol replaced by the next.
    case replace
    /// A bounce.
    case bounce
    /// A pulse.
    case pulse
    /// Layers drawn in turn.
    case variableColor
}

/// Where a container background goes: WidgetKit's `.widget`.
public struct ContainerBackgroundPlacement: Sendable, Hashable {
    private init() {}

    /// The widget's own background.
    public static let widget = ContainerBackgroundPlacement()
}
