public import WidgetHostKit

/// What the HTML renderer knows of SwiftUI's look: family sizes in points, the text styles' sizes
/// and weights, the named colours (light and dark), and the symbols it draws as SVG. Every value
/// written into a style comes from these tables or is a number formatted here, never text from
/// a view: a view cannot add CSS of its own.
public enum HTMLVocabulary {
    /// A family's size in points, as on an iPhone (DESIGN.md, "Seeing widgets").
    public static func size(of family: WidgetFamily) -> (width: Int, height: Int) {
        switch family {
        case .systemSmall: return (170, 170)
        case .systemMedium: return (364, 170)
        case .systemLarge: return (364, 382)
        case .systemExtraLarge: return (768, 382)
        case .accessoryCircular: return (76, 76)
        case .accessoryRectangular: return (172, 76)
        case .accessoryInline: return (257, 26)
        }
    }

    /// The text styles of `font(style)`: size in points and weight, as iOS draws them at the
    /// default Dynamic Type size.
    static let fontStyles: [String: (size: Int, weight: Int)] = [
        "largeTitle": (34, 400), "title": (28, 400), "title2": (22, 400), "title3": (20, 400),
        "headline": (17, 600), "subheadline": (15, 400), "body": (17, 400), "callout": (16, 400),
        "footnote": (13, 400), "caption": (12, 400), "caption2": (11, 400),
    ]

    /// `fontWeight` names as CSS weights.
    static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
        "bold": 700, "heavy": 800, "black": 900,
    ]

    /// The named styles of `foregroundStyle` and `background`: the CSS they become. The colours
    /// are variables the page's stylesheet sets for light and dark schemes.
    static let styles: [String: String] = [
        "primary": "var(--primary)", "secondary": "var(--secondary)", "tertiary": "var(--tertiary)",
        "quaternary": "var(--quaternary)", "accentColor": "var(--blue)", "clear": "transparent",
        "red": "var(--red)", "orange": "var(--orange)", "yellow": "var(--yellow)", "green": "var(--green)",
        "mint": "var(--mint)", "teal": "var(--teal)", "cyan": "var(--cyan)", "blue": "var(--blue)",
        "indigo": "var(--indigo)", "purple": "var(--purple)", "pink": "var(--pink)",
        "brown": "var(--brown)", "white": "#FFFFFF", "gray": "var(--gray)", "black": "#000000",
        "fill": "var(--fill)", "systemBackground": "var(--card)", "secondarySystemBackground": "var(--page)",
        "tertiarySystemBackground": "var(--card)", "label": "var(--primary)",
        "secondaryLabel": "var(--secondary)",
        "systemGray": "var(--gray)",
    ]

    /// The CSS of a style value: a named style (`red`, `primary`, `systemBackground`), a named
    /// colour's level (`red.secondary`), or `#RRGGBB`, at `opacity`; `nil` for anything else.
    static func css(style: String, opacity: Double? = nil) -> String? {
        var base: String?
        var share = 1.0
        if let named = styles[style] {
            base = named
        } else if isHexColour(style) {
            base = style
        } else if let dot = style.lastIndex(of: "."),
            let level = levels[String(style[style.index(after: dot)...])],
            let named = styles[String(style[..<dot])]
                ?? (isHexColour(String(style[..<dot])) ? String(style[..<dot]) : nil)
        {
            base = named
            share = level
        }
        guard let base else { return nil }
        if let opacity, opacity >= 0, opacity <= 1 { share *= opacity }
        guard share < 1 else { return base }
        let percent = (share * 1000).rounded() / 10
        return "color-mix(in srgb," + base + " \(percent)%,transparent)"
    }

    private static let levels: [String: Double] = ["secondary": 0.6, "tertiary": 0.3, "quaternary": 0.18]

    private static func isHexColour(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102)
            }
    }

    /// A number of points as CSS pixels (at most two decimals, never exponent notation).
    static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) + "px" }
        return String(rounded) + "px"
    }

    /// The symbols drawn as SVG, by SF Symbols name: those the built-in widgets and the examples
    /// use. Another name is drawn as its bundle's text fallback, else as a rounded square titled
    /// with the name (`Image(systemName:)` of a symbol the page does not have).
    static let symbols: [String: String] = {
        let circle =
            "<circle cx=\"12\" cy=\"12\" r=\"9\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
        let disc = "<circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"currentColor\"/>"
        let check =
            "<path d=\"M7 12.5l3.2 3.2L17 9\" fill=\"none\" stroke=\"var(--card)\" stroke-width=\"2.2\"/>"
        let moon = "<path d=\"M15 3a9 9 0 1 0 6 14.5A8 8 0 0 1 15 3z\" "
        let house = "<path d=\"M3 11.5L12 4l9 7.5V21h-6v-6H9v6H3z\" "
        let card = "<rect x=\"2.5\" y=\"5.5\" width=\"19\" height=\"13\" rx=\"2.5\" "
        return [
            "circle": circle,
            "checkmark.circle.fill": disc + check,
            "checkmark.circle": circle
                + "<path d=\"M7.5 12.5l3 3L16.5 9\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "exclamationmark.circle.fill": disc
                + "<path d=\"M12 6.5v7\" stroke=\"var(--card)\" stroke-width=\"2.4\"/>"
                + "<circle cx=\"12\" cy=\"17\" r=\"1.4\" fill=\"var(--card)\"/>",
            "minus.circle.fill": disc + "<path d=\"M7 12h10\" stroke=\"var(--card)\" stroke-width=\"2.4\"/>",
            "moon": moon + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "moon.fill": moon + "fill=\"currentColor\"/>",
            "house": house + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "house.fill": house + "fill=\"currentColor\"/>",
            "creditcard": card + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
                + "<path d=\"M2.5 9.5h19\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "creditcard.fill": card + "fill=\"currentColor\"/>"
                + "<path d=\"M2.5 9.5h19\" stroke=\"var(--card)\" stroke-width=\"2\"/>",
            "arrow.left.arrow.right": "<path d=\"M3 8h16M15 4l4 4-4 4M21 16H5M9 12l-4 4 4 4\" fill=\"none\" "
                + "stroke=\"currentColor\" stroke-width=\"2\"/>",
            "qrcode": qr,
            "qrcode.viewfinder": qr
                + "<path d=\"M1 6V1h5M18 1h5v5M23 18v5h-5M6 23H1v-5\" fill=\"none\" stroke=\"currentColor\" "
                + "stroke-width=\"1.6\"/>",
            "bell": "<path d=\"M6 16V11a6 6 0 0 1 12 0v5l2 2H4z\" fill=\"none\" stroke=\"currentColor\" "
                + "stroke-width=\"2\"/><path d=\"M10 20a2 2 0 0 0 4 0\" fill=\"currentColor\"/>",
            "clock": circle
                + "<path d=\"M12 7v5l3.5 2\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "timer": circle + "<path d=\"M12 7v5\" stroke=\"currentColor\" stroke-width=\"2\"/>",
            "checklist": "<path d=\"M3 6l2 2 3-3M3 14l2 2 3-3M11 7h10M11 15h10\" fill=\"none\" "
                + "stroke=\"currentColor\" stroke-width=\"2\"/>",
        ]
    }()

    private static let qr =
        "<path d=\"M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>"
        + "<path d=\"M14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z\" fill=\"currentColor\"/>"
}
