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

    /// Creates a rounded rectangle.
    public init(cornerRadius: Double) {
        self.cornerRadius = cornerRadius
    }

    /// `roundedRectangle` and its radius.
    public var shapeMembers: [JSONValue.Member] {
        [.init("shape", .string("roundedRectangle")), .init("cornerRadius", JSONValue(points: cornerRadius))]
    }
}

/// A rectangle whose ends are half circles.
public struct Capsule: Shape, Hashable {
    /// Creates a capsule.
    public init() {}

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
