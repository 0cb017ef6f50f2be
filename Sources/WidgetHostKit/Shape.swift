public import Foundation

/// A shape a view is clipped to or filled in the background: SwiftUI's `Shape`, recorded by name.
public protocol Shape: Sendable {
    /// `shape`, then the shape's own values (`cornerRadius`).
    var shapeMembers: [JSONValue.Member] { get }
}

extension Shape {
    /// The shape filled with `style`, for `.background(RoundedRectangle(cornerRadius: 8).fill(.green))`.
    public func fill(_ style: some ShapeStyle = Color.fill) -> FilledShape {
        FilledShape(members: style.styleMembers + shapeMembers)
    }
}

/// A shape filled with a style: what `Shape.fill(_:)` makes, as a view's background.
public struct FilledShape: Sendable, Hashable {
    /// `style`, `opacity`?, `shape`, `cornerRadius`?.
    let members: [JSONValue.Member]
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape, Hashable {
    /// The corners' radius in points.
    public var cornerRadius: Double

    /// Creates a rounded rectangle; `style` is iOS's curve of the corners (`.continuous`), drawn
    /// here as circular ones.
    public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) {
        self.cornerRadius = cornerRadius
    }

    /// Creates a rounded rectangle whose corners are `cornerSize` (drawn with its width).
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        self.init(cornerRadius: cornerSize.width)
    }

    /// `roundedRectangle` and its radius.
    public var shapeMembers: [JSONValue.Member] {
        [.init("shape", .string("roundedRectangle")), .init("cornerRadius", JSONValue(points: cornerRadius))]
    }
}

/// A rectangle whose ends are half circles.
public struct Capsule: Shape, Hashable {
    /// Creates a capsule; `style` as a rounded rectangle's.
    public init(style: RoundedCornerStyle = .circular) {}

    /// `capsule`.
    public var shapeMembers: [JSONValue.Member] { [.init("shape", .string("capsule"))] }
}

/// A circle.
public struct Circle: Shape, Hashable {
    /// Creates a circle.
    public init() {}

    /// `circle`.
    public var shapeMembers: [JSONValue.Member] { [.init("shape", .string("circle"))] }
}

/// A rectangle.
public struct Rectangle: Shape, Hashable {
    /// Creates a rectangle.
    public init() {}

    /// `rectangle`.
    public var shapeMembers: [JSONValue.Member] { [.init("shape", .string("rectangle"))] }
}

/// The shape of the widget's container, inset: WidgetKit's `ContainerRelativeShape`.
public struct ContainerRelativeShape: Shape, Hashable {
    /// Creates the shape.
    public init() {}

    /// `containerRelative`.
    public var shapeMembers: [JSONValue.Member] { [.init("shape", .string("containerRelative"))] }
}

/// The curve of a rounded rectangle's corners, as SwiftUI's `RoundedCornerStyle`: every corner is
/// drawn circular here (the picture differs from iOS's `.continuous` by a fraction of a point).
public enum RoundedCornerStyle: Sendable, Hashable {
    /// Quarter circles.
    case circular
    /// iOS's smoother curve.
    case continuous
}

/// The shapes by their short names, as iOS 17 writes them (`.clipShape(.capsule)`,
/// `.background(.red, in: .rect(cornerRadius: 8))`).
extension Shape where Self == Circle {
    /// A circle.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    /// A capsule.
    public static var capsule: Capsule { Capsule() }

    /// A capsule with corners of `style`.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}

extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rectangle with rounded corners.
    public static func rect(cornerRadius: Double, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == ContainerRelativeShape {
    /// The widget container's shape.
    public static var containerRelative: ContainerRelativeShape { ContainerRelativeShape() }
}

extension ContainerRelativeShape {
    /// The shape inset by `amount` points: drawn as the container's shape.
    public func inset(by amount: Double) -> ContainerRelativeShape { self }
}
