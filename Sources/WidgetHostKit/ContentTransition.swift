/// How a view's content changes between entries, as SwiftUI's `ContentTransition`: recorded as
/// `transition` (identity, opacity, interpolate, numericText, symbolEffect) with its details.
public struct ContentTransition: Sendable, Hashable {
    /// The values of a `contentTransition` modifier.
    let members: [JSONValue.Member]

    private init(_ name: String, _ more: [JSONValue.Member] = []) {
        self.members = [.init("transition", .string(name))] + more
    }

    /// No animation.
    public static let identity = ContentTransition("identity")
    /// A fade.
    public static let opacity = ContentTransition("opacity")
    /// Interpolated where possible.
    public static let interpolate = ContentTransition("interpolate")

    /// Digits rolling, up or down.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition("numericText", countsDown ? [.init("countsDown", .bool(true))] : [])
    }

    /// Digits rolling in the direction `value` moves.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition("numericText", [.init("value", .double(value))])
    }

    /// A symbol's effect between its images (`.symbolEffect(.replace)`).
    public static func symbolEffect(_ effect: SymbolEffect) -> ContentTransition {
        ContentTransition("symbolEffect", [.init("effect", .string(effect.name))])
    }
}

/// A symbol animation, as SF Symbols names it (`.replace`).
public struct SymbolEffect: Sendable, Hashable {
    /// The effect's name.
    public var name: String

    private init(name: String) {
        self.name = name
    }

    /// One symbol replaced by the next.
    public static let replace = SymbolEffect(name: "replace")
    /// A bounce.
    public static let bounce = SymbolEffect(name: "bounce")
    /// A pulse.
    public static let pulse = SymbolEffect(name: "pulse")
    /// Layers drawn in turn.
    public static let variableColor = SymbolEffect(name: "variableColor")
}

/// Where a container background goes: WidgetKit's `.widget`.
public struct ContainerBackgroundPlacement: Sendable, Hashable {
    private init() {}

    /// The widget's own background.
    public static let widget = ContainerBackgroundPlacement()
}
