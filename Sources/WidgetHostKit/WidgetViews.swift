public import Foundation

/// A value in a range, as SwiftUI's `Gauge`: drawn as a `progress` node with its fraction (as a
/// determinate `ProgressView`), its label and current-value label as children.
public struct Gauge: PrimitiveView {
    private let fraction: Double
    private let labels: [ViewNode]

    /// A gauge of `value` in `bounds`, with a label, a current-value label and the bounds' labels.
    public init<Value: BinaryFloatingPoint>(
        value: Value, in bounds: ClosedRange<Value> = 0...1,
        @ViewBuilder label: () -> ViewGroup,
        @ViewBuilder currentValueLabel: () -> ViewGroup = { ViewGroup([]) },
        @ViewBuilder minimumValueLabel: () -> ViewGroup = { ViewGroup([]) },
        @ViewBuilder maximumValueLabel: () -> ViewGroup = { ViewGroup([]) }
    ) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let offset = Double(value - bounds.lowerBound)
        self.fraction = span > 0 && offset.isFinite ? min(max(offset / span, 0), 1) : 0
        self.labels =
            label().nodes + currentValueLabel().nodes + minimumValueLabel().nodes + maximumValueLabel().nodes
    }

    /// A gauge of `value` in `bounds` with no label.
    public init<Value: BinaryFloatingPoint>(value: Value, in bounds: ClosedRange<Value> = 0...1) {
        self.init(value: value, in: bounds) {}
    }

    /// A `progress` node.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .progress, children: labels, value: fraction)]
    }
}

/// The first of several views, as SwiftUI's `ViewThatFits` picks the first that fits: widgethost
/// draws every family at its full size, where the first (the roomiest) is the one meant.
public struct ViewThatFits: PrimitiveView {
    private let content: ViewGroup

    /// The views, the preferred first.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> ViewGroup) {
        self.content = content()
    }

    /// The first view's node.
    public func makeNodes() -> [ViewNode] { content.nodes.first.map { [$0] } ?? [] }
}

/// Views layered back to front, as SwiftUI's `ZStack`: each placed at the stack's alignment in a
/// frame as large as the largest of them.
public struct ZStack: PrimitiveView {
    private let alignment: Alignment
    private let content: ViewGroup

    /// Layers `content`, each placed at `alignment`.
    public init<Content: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = ViewGroup(content()._nodes())
    }

    /// A `zstack` node of the layers, first at the back, with its `alignment` when it is not the
    /// centre.
    public func makeNodes() -> [ViewNode] {
        [
            ViewNode(
                type: .zstack, children: content.nodes,
                alignment: alignment == .center ? nil : alignment.rawValue)
        ]
    }
}

/// The axes of a layout, as SwiftUI's `Axis`.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes.
    public typealias Set = OptionBits<Axis>
}

extension OptionBits where Kind == Axis {
    /// The horizontal axis.
    public static var horizontal: Self { Self(rawValue: 1) }
    /// The vertical axis.
    public static var vertical: Self { Self(rawValue: 2) }
}

extension Text {
    /// A running timer over `interval` (`Text(timerInterval: start...end)`): counting down to its
    /// end, or up from its start; drawn as `Text(date, style: .timer)` is.
    public init(
        timerInterval interval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true,
        showsHours: Bool = true
    ) {
        self.init(countsDown ? interval.upperBound : interval.lowerBound, style: .timer)
    }
}

extension ProgressView {
    /// A bar of the time elapsed in `interval` at the time the view is drawn for (left, when it
    /// `countsDown`), as a widget's `ProgressView(timerInterval:)`.
    public init(
        timerInterval interval: ClosedRange<Date>, countsDown: Bool = true,
        @ViewBuilder label: () -> ViewGroup = { ViewGroup([]) },
        @ViewBuilder currentValueLabel: () -> ViewGroup = { ViewGroup([]) }
    ) {
        let now = EnvironmentValues.current.drawingDate
        let span = interval.upperBound.timeIntervalSince(interval.lowerBound)
        let elapsed = span > 0 ? min(max(now.timeIntervalSince(interval.lowerBound) / span, 0), 1) : 1
        self.init(value: countsDown ? 1 - elapsed : elapsed) {
            ViewGroup(label().nodes + currentValueLabel().nodes)
        }
    }
}

/// The colour scheme, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark
}

/// How WidgetKit renders a widget, as `WidgetRenderingMode`.
public struct WidgetRenderingMode: Sendable, Hashable, CustomStringConvertible {
    /// The mode's name.
    public let description: String

    /// In full colour: the home screen, and widgethost.
    public static let fullColor = WidgetRenderingMode(description: "fullColor")
    /// Tinted with the accent colour.
    public static let accented = WidgetRenderingMode(description: "accented")
    /// Monochrome over a blurred background (the lock screen).
    public static let vibrant = WidgetRenderingMode(description: "vibrant")
}

/// Where a widget may appear, as WidgetKit's `WidgetLocation`.
public struct WidgetLocation: Sendable, Hashable {
    private let name: String

    /// The home screen.
    public static let homeScreen = WidgetLocation(name: "homeScreen")
    /// The lock screen.
    public static let lockScreen = WidgetLocation(name: "lockScreen")
    /// CarPlay.
    public static let carPlay = WidgetLocation(name: "carPlay")
    /// StandBy.
    public static let standBy = WidgetLocation(name: "standBy")
    /// The iPhone widgets on a Mac.
    public static let iPhoneWidgetsOnMac = WidgetLocation(name: "iPhoneWidgetsOnMac")
}

/// Insets of each edge, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Sendable, Hashable {
    /// Points at the top.
    public var top: Double
    /// Points at the leading edge.
    public var leading: Double
    /// Points at the bottom.
    public var bottom: Double
    /// Points at the trailing edge.
    public var trailing: Double

    /// Insets of each edge.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// What widget code reads with `@Environment` beyond the family: widgethost draws one picture of
/// each entry, in full colour, unredacted, with its container background and no content margins,
/// in the light scheme (the HTML card's dark scheme restyles that same picture), in UTC and English,
/// at the default text size. Each can be written for the views inside with `.environment(_:_:)`,
/// which changes what they read, not how the picture is drawn.
extension EnvironmentValues {
    /// `.light`: the scheme the view is drawn in.
    public var colorScheme: ColorScheme {
        get { written("colorScheme", else: .light) }
        set { write("colorScheme", newValue) }
    }
    /// `.fullColor`.
    public var widgetRenderingMode: WidgetRenderingMode {
        get { written("widgetRenderingMode", else: .fullColor) }
        set { write("widgetRenderingMode", newValue) }
    }
    /// `true`: the container background is shown.
    public var showsWidgetContainerBackground: Bool {
        get { written("showsWidgetContainerBackground", else: true) }
        set { write("showsWidgetContainerBackground", newValue) }
    }
    /// None: nothing is redacted.
    public var redactionReasons: RedactionReasons {
        get { written("redactionReasons", else: []) }
        set { write("redactionReasons", newValue) }
    }
    /// None: widgethost draws no margins around a widget's content.
    public var widgetContentMargins: EdgeInsets {
        get { written("widgetContentMargins", else: EdgeInsets()) }
        set { write("widgetContentMargins", newValue) }
    }
    /// `false`: the display is never dimmed (Always On).
    public var isLuminanceReduced: Bool {
        get { written("isLuminanceReduced", else: false) }
        set { write("isLuminanceReduced", newValue) }
    }
    /// English, as widgethost prints dates.
    public var locale: Locale {
        get { written("locale", else: Locale(identifier: "en_US_POSIX")) }
        set { write("locale", newValue) }
    }
    /// UTC, as widgethost prints dates.
    public var timeZone: TimeZone {
        get { written("timeZone", else: TimeZone(identifier: "UTC") ?? TimeZone.current) }
        set { write("timeZone", newValue) }
    }
    /// The Gregorian calendar in the environment's time zone, unless a calendar was written.
    public var calendar: Calendar {
        get {
            var gregorian = Calendar(identifier: .gregorian)
            gregorian.timeZone = timeZone
            return written("calendar", else: gregorian)
        }
        set { write("calendar", newValue) }
    }
    /// `.large`, the default text size.
    public var sizeCategory: ContentSizeCategory {
        get { written("sizeCategory", else: .large) }
        set { write("sizeCategory", newValue) }
    }
    /// `.large`, the default text size.
    public var dynamicTypeSize: DynamicTypeSize {
        get { written("dynamicTypeSize", else: .large) }
        set { write("dynamicTypeSize", newValue) }
    }
}

/// A text size, as SwiftUI's `ContentSizeCategory` (widgethost draws at `.large`).
public enum ContentSizeCategory: Int, Sendable, Hashable, Comparable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

/// A text size, as SwiftUI's `DynamicTypeSize` (widgethost draws at `.large`).
public enum DynamicTypeSize: Int, Sendable, Hashable, Comparable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Whether it is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}
