import Foundation
public import WidgetHostKit

/// A colour in sRGB with alpha, each component from 0 to 1.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB` at `alpha`.
    init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, as the layout JSON writes colours.
    public var description: String {
        func hex(_ component: Double) -> String {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            return String(byte >> 4, radix: 16, uppercase: true)
                + String(byte & 0xF, radix: 16, uppercase: true)
        }
        let rgb = "#" + hex(red) + hex(green) + hex(blue)
        return alpha >= 1 ? rgb : rgb + hex(alpha)
    }

    /// The colour at `opacity` times its alpha.
    public func opacity(_ opacity: Double) -> RGBA {
        var copy = self
        copy.alpha *= min(max(opacity, 0), 1)
        return copy
    }

    /// This colour drawn over `base` (source-over), opaque when `base` is.
    public func over(_ base: RGBA) -> RGBA {
        let alpha = self.alpha + base.alpha * (1 - self.alpha)
        guard alpha > 0 else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * self.alpha + bottom * base.alpha * (1 - self.alpha)) / alpha
        }
        return RGBA(
            red: mix(red, base.red), green: mix(green, base.green), blue: mix(blue, base.blue), alpha: alpha)
    }

    /// WCAG 2's relative luminance of the colour's red, green and blue.
    public var luminance: Double {
        func linear(_ component: Double) -> Double {
            component <= 0.04045 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio of this colour drawn over `background` (opaque) against it.
    public func contrast(over background: RGBA) -> Double {
        let drawn = over(background).luminance
        let behind = background.luminance
        return (max(drawn, behind) + 0.05) / (min(drawn, behind) + 0.05)
    }
}

/// The colours of iOS, light and dark, as UIKit resolves them at the default contrast (Apple's
/// Human Interface Guidelines, "Color": system colours, labels, fills and backgrounds), with one
/// deliberate difference: the secondary, tertiary and quaternary label levels in the light scheme
/// are those of iOS's "Increase Contrast" setting, so that secondary text (a due date in
/// `caption2`) keeps WCAG AA's 4.5:1 on a white widget, as the default level (3.4:1) does not.
public enum Palette {
    /// The colour a style names (`red`, `secondary`, `systemBackground`, `red.secondary`,
    /// `#RRGGBB`, or `#RRGGBB/#RRGGBB`: a colour of each scheme, light first, as an asset catalog's
    /// colour has) in `scheme`, at `opacity`; `nil` for a name iOS does not have.
    public static func resolve(_ style: String, opacity: Double = 1, scheme: ColorScheme) -> RGBA? {
        if let colour = named(style, scheme: scheme) { return colour.opacity(opacity) }
        // The fill's levels are UIKit's fills, not the fill at a level's opacity.
        switch style {
        case "fill.secondary":
            return RGBA(hex: 0x787880, alpha: scheme == .light ? 0.16 : 0.32).opacity(opacity)
        case "fill.tertiary":
            return RGBA(hex: 0x767680, alpha: scheme == .light ? 0.12 : 0.24).opacity(opacity)
        case "fill.quaternary":
            return RGBA(hex: 0x747480, alpha: scheme == .light ? 0.08 : 0.18).opacity(opacity)
        default: break
        }
        if let colour = hex(style, scheme: scheme) { return colour.opacity(opacity) }
        if let dot = style.lastIndex(of: "."), let level = levels[String(style[style.index(after: dot)...])] {
            let base = String(style[..<dot])
            guard let colour = named(base, scheme: scheme) ?? hex(base, scheme: scheme) else { return nil }
            return colour.opacity(level * opacity)
        }
        return nil
    }

    /// A widget's background when its view sets none (WidgetKit's default container background).
    public static func widgetBackground(_ scheme: ColorScheme) -> RGBA {
        scheme == .light ? RGBA(hex: 0xFFFFFF) : RGBA(hex: 0x1C1C1E)
    }

    /// The label colour text takes when nothing sets one.
    public static func label(_ scheme: ColorScheme) -> RGBA {
        scheme == .light ? RGBA(hex: 0x000000) : RGBA(hex: 0xFFFFFF)
    }

    /// The tint of controls and links (the accent colour: system blue).
    public static func accent(_ scheme: ColorScheme) -> RGBA {
        scheme == .light ? RGBA(hex: 0x007AFF) : RGBA(hex: 0x0A84FF)
    }

    /// The tint as text and symbols in controls draw it: iOS's blue at its "Increase Contrast"
    /// level, which keeps 4.5:1 on a bordered button's tinted fill (the default level's 3.3:1
    /// does not).
    public static func accentText(_ scheme: ColorScheme) -> RGBA {
        scheme == .light ? RGBA(hex: 0x0040DD) : RGBA(hex: 0x409CFF)
    }

    /// The fill of a prominent button or an on toggle button, under white text: the "Increase
    /// Contrast" blue in both schemes (white on the default blue is 4.0:1).
    public static func accentFill(_ scheme: ColorScheme) -> RGBA {
        RGBA(hex: 0x0040DD)
    }

    /// The opacity of a hierarchical level (`red.secondary`), as SwiftUI applies it to a colour.
    private static let levels: [String: Double] = ["secondary": 0.6, "tertiary": 0.3, "quaternary": 0.18]

    private static func named(_ name: String, scheme: ColorScheme) -> RGBA? {
        let light = scheme == .light
        switch name {
        case "primary", "label": return label(scheme)
        case "secondary", "secondaryLabel":
            return light ? RGBA(hex: 0x3C3C43, alpha: 0.76) : RGBA(hex: 0xEBEBF5, alpha: 0.6)
        case "tertiary", "tertiaryLabel":
            return light ? RGBA(hex: 0x3C3C43, alpha: 0.6) : RGBA(hex: 0xEBEBF5, alpha: 0.3)
        case "quaternary", "quaternaryLabel":
            return light ? RGBA(hex: 0x3C3C43, alpha: 0.4) : RGBA(hex: 0xEBEBF5, alpha: 0.18)
        case "accentColor", "blue": return accent(scheme)
        case "red": return RGBA(hex: light ? 0xFF3B30 : 0xFF453A)
        case "orange": return RGBA(hex: light ? 0xFF9500 : 0xFF9F0A)
        case "yellow": return RGBA(hex: light ? 0xFFCC00 : 0xFFD60A)
        case "green": return RGBA(hex: light ? 0x34C759 : 0x30D158)
        case "mint": return RGBA(hex: light ? 0x00C7BE : 0x63E6E2)
        case "teal": return RGBA(hex: light ? 0x30B0C7 : 0x40C8E0)
        case "cyan": return RGBA(hex: light ? 0x32ADE6 : 0x64D2FF)
        case "indigo": return RGBA(hex: light ? 0x5856D6 : 0x5E5CE6)
        case "purple": return RGBA(hex: light ? 0xAF52DE : 0xBF5AF2)
        case "pink": return RGBA(hex: light ? 0xFF2D55 : 0xFF375F)
        case "brown": return RGBA(hex: light ? 0xA2845E : 0xAC8E68)
        case "gray", "systemGray": return RGBA(hex: 0x8E8E93)
        case "white": return RGBA(hex: 0xFFFFFF)
        case "black": return RGBA(hex: 0x000000)
        case "clear": return RGBA(hex: 0, alpha: 0)
        case "fill": return RGBA(hex: 0x787880, alpha: light ? 0.2 : 0.36)
        case "systemBackground": return RGBA(hex: light ? 0xFFFFFF : 0x000000)
        case "secondarySystemBackground": return RGBA(hex: light ? 0xF2F2F7 : 0x1C1C1E)
        case "tertiarySystemBackground": return RGBA(hex: light ? 0xFFFFFF : 0x2C2C2E)
        default: return nil
        }
    }

    /// `#RRGGBB`, or of `#RRGGBB/#RRGGBB` the light or the dark one.
    private static func hex(_ text: String, scheme: ColorScheme) -> RGBA? {
        let bytes = text.utf8
        if bytes.count == 15, bytes.dropFirst(7).first == UInt8(ascii: "/") {
            let pair = text.split(separator: "/").map { hex(String($0), scheme: scheme) }
            guard pair.count == 2, let light = pair[0], let dark = pair[1] else { return nil }
            return scheme == .light ? light : dark
        }
        guard bytes.count == 7, bytes.first == UInt8(ascii: "#"),
            bytes.dropFirst().allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let value = UInt32(text.dropFirst(), radix: 16)
        else { return nil }
        return RGBA(hex: value)
    }
}

/// A colour as each scheme resolves it: what the layout keeps until it places a view in a scheme,
/// so that one measuring serves both schemes.
public struct Paint: Sendable, Hashable {
    public var light: RGBA
    public var dark: RGBA

    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both schemes.
    public init(_ both: RGBA) {
        self.init(light: both, dark: both)
    }

    /// The colour in `scheme`.
    public subscript(scheme: ColorScheme) -> RGBA { scheme == .light ? light : dark }

    /// The paint at `opacity` times its alpha, in both schemes.
    public func opacity(_ opacity: Double) -> Paint {
        Paint(light: light.opacity(opacity), dark: dark.opacity(opacity))
    }

    /// This paint drawn over `base`, in each scheme.
    public func over(_ base: Paint) -> Paint {
        Paint(light: light.over(base.light), dark: dark.over(base.dark))
    }
}

extension Palette {
    /// The paint a style names (as ``resolve(_:opacity:scheme:)``), or `nil`.
    public static func paint(_ style: String, opacity: Double = 1) -> Paint? {
        if let named = namedPaints[style] { return named.opacity(opacity) }
        guard let light = resolve(style, opacity: opacity, scheme: .light),
            let dark = resolve(style, opacity: opacity, scheme: .dark)
        else { return nil }
        return Paint(light: light, dark: dark)
    }

    /// The colours iOS names (`red`, `secondary`, `systemBackground`, ...) in both schemes, found
    /// with one lookup rather than a comparison with each name in turn: a view names a few.
    private static let namedPaints: [String: Paint] = {
        let names = [
            "primary", "label", "secondary", "secondaryLabel", "tertiary", "tertiaryLabel", "quaternary",
            "quaternaryLabel", "accentColor", "blue", "red", "orange", "yellow", "green", "mint", "teal",
            "cyan", "indigo", "purple", "pink", "brown", "gray", "systemGray", "white", "black", "clear",
            "fill", "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
        ]
        var paints: [String: Paint] = [:]
        for name in names {
            guard let light = named(name, scheme: .light), let dark = named(name, scheme: .dark) else {
                continue
            }
            paints[name] = Paint(light: light, dark: dark)
        }
        return paints
    }()

    /// Each scheme's paint of `colour`.
    static func paint(_ colour: (ColorScheme) -> RGBA) -> Paint {
        Paint(light: colour(.light), dark: colour(.dark))
    }
}
