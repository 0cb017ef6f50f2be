/// A font as the layout measures and draws text in it: a size in points and a weight (100 to
/// 900, CSS's scale: 400 regular, 600 semibold, 700 bold). Its family is the typesetter's.
public struct FontSpec: Sendable, Hashable {
    public var size: Double
    public var weight: Int

    public init(size: Double, weight: Int = 400) {
        self.size = size
        self.weight = weight
    }

    /// The largest size the layout draws; a larger one is drawn at this size, with a warning.
    public static let maximumSize = 512.0

    /// The font at a size and weight Pango takes: the size 0.5 to ``maximumSize`` points (0.5
    /// when it is not a number), the weight 100 to 900. The engine warns of a size out of range
    /// before it measures; the typesetter, which the PNG painter draws through, takes any font
    /// through this, so a direct caller's NaN never reaches Pango (which would assert on standard
    /// error).
    public var drawable: FontSpec {
        FontSpec(
            size: size.isNaN ? 0.5 : min(max(size, 0.5), Self.maximumSize), weight: min(max(weight, 100), 900)
        )
    }

    /// The height of one line: Apple's leading for a text style's size (body 17 pt on 22 pt), and
    /// 1.3 times the size for other sizes.
    public var lineHeight: Double {
        TextStyles.lineHeights[size] ?? (size * 1.3).rounded()
    }
}

/// Apple's text styles at the default Dynamic Type size ("Large"), as iOS draws them: size,
/// weight and leading (Human Interface Guidelines, "Typography").
public enum TextStyles {
    /// Each style's font.
    public static let fonts: [String: FontSpec] = [
        "largeTitle": FontSpec(size: 34), "title": FontSpec(size: 28), "title2": FontSpec(size: 22),
        "title3": FontSpec(size: 20), "headline": FontSpec(size: 17, weight: 600), "body": FontSpec(size: 17),
        "callout": FontSpec(size: 16), "subheadline": FontSpec(size: 15), "footnote": FontSpec(size: 13),
        "caption": FontSpec(size: 12), "caption2": FontSpec(size: 11),
    ]

    /// The font text takes when nothing sets one.
    public static let body = FontSpec(size: 17)

    /// The leading of each style's size.
    static let lineHeights: [Double: Double] = [
        34: 41, 28: 34, 22: 28, 20: 25, 17: 22, 16: 21, 15: 20, 13: 18, 12: 16, 11: 13,
    ]

    /// `fontWeight` names on CSS's scale.
    public static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
        "bold": 700, "heavy": 800, "black": 900,
    ]
}
