/// A font, as SwiftUI's: a text style (`.headline`, `.caption.bold()`) or a size
/// (`.system(size: 40, weight: .bold)`). Recorded as a `font` modifier.
public struct Font: Sendable, Hashable {
    /// A text style, from the largest to the smallest.
    public enum TextStyle: String, Sendable, Hashable, CaseIterable {
        /// The largest title.
        case largeTitle
        /// A first-level title.
        case title
        /// A second-level title.
        case title2
        /// A third-level title.
        case title3
        /// A heading.
        case headline
        /// A subheading.
        case subheadline
        /// Body text.
        case body
        /// A callout.
        case callout
        /// A footnote.
        case footnote
        /// A caption.
        case caption
        /// A smaller caption.
        case caption2
    }

    /// A font weight, from the lightest to the heaviest.
    public enum Weight: String, Sendable, Hashable, CaseIterable {
        /// Ultra light.
        case ultraLight
        /// Thin.
        case thin
        /// Light.
        case light
        /// Regular.
        case regular
        /// Medium.
        case medium
        /// Semibold.
        case semibold
        /// Bold.
        case bold
        /// Heavy.
        case heavy
        /// Black.
        case black
    }

    /// A font design (accepted for source compatibility; renderers use the system font).
    public enum Design: String, Sendable, Hashable {
        /// The default design.
        case `default`
        /// Serif.
        case serif
        /// Rounded.
        case rounded
        /// Fixed width.
        case monospaced
    }

    /// The text style, when the font is one.
    public var style: TextStyle? { didSet { members = Self.members(style, size, weight) } }
    /// The size in points, when the font has one.
    public var size: Double? { didSet { members = Self.members(style, size, weight) } }
    /// The weight, when one is set.
    public var weight: Weight? { didSet { members = Self.members(style, size, weight) } }
    /// `style` or `size`, then `weight`: the values of a `font` modifier, kept with the font so
    /// the static fonts (`.headline`, `.caption` ...) give them without making them again.
    private(set) var members: [JSONValue.Member]

    init(style: TextStyle? = nil, size: Double? = nil, weight: Weight? = nil) {
        self.style = style
        self.size = size
        self.weight = weight
        self.members = Self.members(style, size, weight)
    }

    /// The largest title.
    public static let largeTitle = Font(style: .largeTitle)
    /// A first-level title.
    public static let title = Font(style: .title)
    /// A second-level title.
    public static let title2 = Font(style: .title2)
    /// A third-level title.
    public static let title3 = Font(style: .title3)
    /// A heading.
    public static let headline = Font(style: .headline)
    /// A subheading.
    public static let subheadline = Font(style: .subheadline)
    /// Body text.
    public static let body = Font(style: .body)
    /// A callout.
    public static let callout = Font(style: .callout)
    /// A footnote.
    public static let footnote = Font(style: .footnote)
    /// A caption.
    public static let caption = Font(style: .caption)
    /// A smaller caption.
    public static let caption2 = Font(style: .caption2)

    /// The system font at `size` points.
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: size, weight: weight)
    }

    /// The system font of a text style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(style: style, weight: weight)
    }

    /// This font in bold.
    public func bold() -> Font { weight(.bold) }

    /// This font with digits of one width (`.font(.headline.monospacedDigit())`): the same font
    /// here, as the text is measured as drawn.
    public func monospacedDigit() -> Font { self }

    /// A font of the app's own (`Font.custom("Avenir", size: 14)`): widgethost draws with its one
    /// font family, at `size`.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(size: size, weight: nil)
    }

    /// A font of the app's own at `size`, scaled with `textStyle` (drawn at `size`).
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> Font {
        Font(size: size, weight: nil)
    }

    /// This font with `weight`.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// `style` or `size`, then `weight`: the values of a `font` modifier.
    private static func members(_ style: TextStyle?, _ size: Double?, _ weight: Weight?) -> [JSONValue.Member]
    {
        var members: [JSONValue.Member] = []
        if let style { members.append(.init("style", .string(style.rawValue))) }
        if let size { members.append(.init("size", JSONValue(points: size))) }
        if let weight { members.append(.init("weight", .string(weight.rawValue))) }
        return members
    }
}

extension JSONValue {
    /// A length in points: an integer when it is whole, `"infinity"` when unbounded.
    init(points: Double) {
        if points.isInfinite {
            self = .string("infinity")
        } else if points.rounded() == points, abs(points) < 1e15 {
            self = .int(Int(points))
        } else {
            self = .double(points)
        }
    }
}
