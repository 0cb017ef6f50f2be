import JSON
import WidgetHostKit

/// A size in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(Points.format(width))x\(Points.format(height))" }

    /// The length along `axis`.
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set {
            if axis == .horizontal { width = newValue } else { height = newValue }
        }
    }
}

/// A rectangle in points, its origin at its top-left corner.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: (x: Double, y: Double), size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public var size: Size { Size(width: width, height: height) }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Whether `other` lies inside this rectangle, allowing `slack` points for rounding.
    public func contains(_ other: Rect, slack: Double = 0.01) -> Bool {
        other.x >= x - slack && other.y >= y - slack && other.maxX <= maxX + slack
            && other.maxY <= maxY + slack
    }

    /// Whether this rectangle and `other` share more than `slack` points of area in both axes.
    public func overlaps(_ other: Rect, slack: Double = 0.01) -> Bool {
        min(maxX, other.maxX) - max(x, other.x) > slack && min(maxY, other.maxY) - max(y, other.y) > slack
    }
}

/// A layout axis.
enum Axis: Sendable, Hashable {
    case horizontal
    case vertical

    /// The other axis.
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// What a parent proposes to a child, per axis: a length, or `nil` for the child's ideal size
/// (SwiftUI's `ProposedViewSize`). `.infinity` asks for the largest size the child takes.
public struct ProposedSize: Sendable, Hashable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The ideal size's proposal.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    /// The smallest size's proposal.
    public static let zero = ProposedSize(width: 0, height: 0)
    /// The largest size's proposal.
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set {
            if axis == .horizontal { width = newValue } else { height = newValue }
        }
    }

    /// The proposal with `length` points taken from each axis (never below zero).
    func inset(width dx: Double, height dy: Double) -> ProposedSize {
        ProposedSize(width: width.map { max(0, $0 - dx) }, height: height.map { max(0, $0 - dy) })
    }

    /// The proposal with `nil` replaced by `size`'s lengths.
    func replacingUnspecified(with size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }
}

extension EdgeInsets {
    /// `length` points on every edge.
    init(all length: Double) {
        self.init(top: length, leading: length, bottom: length, trailing: length)
    }

    /// The leading and trailing insets together.
    var horizontal: Double { leading + trailing }
    /// The top and bottom insets together.
    var vertical: Double { top + bottom }
}

/// Points as the layout JSON writes them: rounded to 1/100 of a point.
enum Points {
    /// `value` rounded to hundredths (so that frames compare equal across runs and machines).
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let rounded = (value * 100).rounded() / 100
        return rounded == 0 ? 0 : rounded
    }

    /// `value` rounded, as a JSON number: an integer when whole.
    static func json(_ value: Double) -> JSONValue {
        let rounded = rounded(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .int(Int(rounded)) }
        return .double(rounded)
    }

    static func format(_ value: Double) -> String {
        let rounded = rounded(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
