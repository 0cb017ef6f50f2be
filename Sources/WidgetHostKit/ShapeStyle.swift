public import Foundation

/// What fills a shape or colours text: SwiftUI's `ShapeStyle`. ``Color`` is the one the SDK draws
/// (hierarchical levels, named colours, `#RRGGBB`, `.fill.tertiary`).
public protocol ShapeStyle: Sendable {
    /// The style's members in a modifier: `style`, then `opacity` when not opaque.
    var styleMembers: [JSONValue.Member] { get }
}

/// A colour or a hierarchical style, recorded by name: `primary`, `secondary`, `tertiary`,
/// `quaternary`, a colour name (`red`, `orange` ...), a system colour (`systemBackground`), a fill
/// (`fill`, `fill.tertiary`), or `#RRGGBB`; with an opacity below 1 when one is set.
public struct Color: ShapeStyle, Hashable {
    /// The style's name, as the JSON view writes it.
    public var name: String { didSet { styleMembers = Self.members(name, opacity) } }
    /// The opacity, from 0 to 1.
    public var opacity: Double { didSet { styleMembers = Self.members(name, opacity) } }
    /// `style`, then `opacity` when below 1: kept with the colour, so the static colours
    /// (`.secondary`, `.green` ...) give their values to every view without making them again.
    public private(set) var styleMembers: [JSONValue.Member]

    /// A colour named `name`.
    public init(name: String, opacity: Double = 1) {
        self.name = name
        self.opacity = opacity
        self.styleMembers = Self.members(name, opacity)
    }

    /// A colour from components from 0 to 1, written `#RRGGBB`.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func hex(_ component: Double) -> String {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        self.init(name: "#" + hex(red) + hex(green) + hex(blue), opacity: opacity)
    }

    /// A colour in `colorSpace` from components from 0 to 1 (`Color(.sRGB, red: 0.2, green: 0.4,
    /// blue: 1)`): written `#RRGGBB`, as the page and the pictures are sRGB.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// A gray of `white` from 0 (black) to 1 (white).
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A gray in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(white: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness, each from 0 to 1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let hue = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let saturation = min(max(saturation, 0), 1)
        let brightness = min(max(brightness, 0), 1)
        let sector = Int(hue) % 6
        let fraction = hue - Double(Int(hue))
        let low = brightness * (1 - saturation)
        let falling = brightness * (1 - saturation * fraction)
        let rising = brightness * (1 - saturation * (1 - fraction))
        let (red, green, blue): (Double, Double, Double) =
            switch sector {
            case 0: (brightness, rising, low)
            case 1: (falling, brightness, low)
            case 2: (low, brightness, rising)
            case 3: (low, falling, brightness)
            case 4: (rising, low, brightness)
            default: (brightness, low, falling)
            }
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// A colour of the app's asset catalog (`Color("WidgetBackground")`): the catalog's colour in
    /// each scheme where the `AssetCatalogs` build plugin built it in, else the accent colour.
    public init(_ name: String, bundle: Bundle? = nil) {
        self = AssetCatalogs.colorValue(named: name)
    }

    /// A UIKit colour, as `Color(.systemBackground)` writes it (a catalog's resource first, as
    /// `Color(.widgetBackground)` means where the catalog's symbols name both).
    @_disfavoredOverload
    public init(_ color: UIColor) {
        self.init(name: color.name, opacity: color.alpha)
    }

    /// A UIKit colour, as `Color(uiColor: .secondaryLabel)` writes it.
    public init(uiColor color: UIColor) {
        self.init(color)
    }

    /// This colour at `opacity` (multiplied with any opacity it has).
    public func opacity(_ opacity: Double) -> Color {
        Color(name: name, opacity: self.opacity * min(max(opacity, 0), 1))
    }

    /// This style one level down (`.fill.secondary`).
    public var secondary: Color { Color(name: name + ".secondary", opacity: opacity) }
    /// This style two levels down (`.fill.tertiary`).
    public var tertiary: Color { Color(name: name + ".tertiary", opacity: opacity) }
    /// This style three levels down.
    public var quaternary: Color { Color(name: name + ".quaternary", opacity: opacity) }

    /// `style`, then `opacity` when below 1.
    private static func members(_ name: String, _ opacity: Double) -> [JSONValue.Member] {
        var members = [JSONValue.Member("style", .string(name))]
        if opacity < 1 { members.append(.init("opacity", .double(opacity))) }
        return members
    }

    /// The foreground's first level.
    public static let primary = Color(name: "primary")
    /// The foreground's second level.
    public static let secondary = Color(name: "secondary")
    /// The foreground's third level.
    public static let tertiary = Color(name: "tertiary")
    /// The foreground's fourth level.
    public static let quaternary = Color(name: "quaternary")
    /// The default fill of shapes (`.fill.tertiary` is the seeds' container background).
    public static let fill = Color(name: "fill")
    /// The accent colour (SwiftUI's name, kept): the asset catalog's `AccentColor`, where the
    /// `AssetCatalogs` build plugin built one in, else the system's.
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static var accentColor: Color { AssetCatalogs.accentColor }
    /// Red.
    public static let red = Color(name: "red")
    /// Orange.
    public static let orange = Color(name: "orange")
    /// Yellow.
    public static let yellow = Color(name: "yellow")
    /// Green.
    public static let green = Color(name: "green")
    /// Mint.
    public static let mint = Color(name: "mint")
    /// Teal.
    public static let teal = Color(name: "teal")
    /// Cyan.
    public static let cyan = Color(name: "cyan")
    /// Blue.
    public static let blue = Color(name: "blue")
    /// Indigo.
    public static let indigo = Color(name: "indigo")
    /// Purple.
    public static let purple = Color(name: "purple")
    /// Pink.
    public static let pink = Color(name: "pink")
    /// Brown.
    public static let brown = Color(name: "brown")
    /// White.
    public static let white = Color(name: "white")
    /// Gray.
    public static let gray = Color(name: "gray")
    /// Black.
    public static let black = Color(name: "black")
    /// No colour.
    public static let clear = Color(name: "clear")
}

extension ShapeStyle where Self == Color {
    /// The foreground's first level.
    public static var primary: Color { Color.primary }
    /// The foreground's second level.
    public static var secondary: Color { Color.secondary }
    /// The foreground's third level.
    public static var tertiary: Color { Color.tertiary }
    /// The foreground's fourth level.
    public static var quaternary: Color { Color.quaternary }
    /// The default fill of shapes.
    public static var fill: Color { Color.fill }
    /// Red.
    public static var red: Color { Color.red }
    /// Orange.
    public static var orange: Color { Color.orange }
    /// Yellow.
    public static var yellow: Color { Color.yellow }
    /// Green.
    public static var green: Color { Color.green }
    /// Blue.
    public static var blue: Color { Color.blue }
    /// Purple.
    public static var purple: Color { Color.purple }
    /// Pink.
    public static var pink: Color { Color.pink }
    /// White.
    public static var white: Color { Color.white }
    /// Gray.
    public static var gray: Color { Color.gray }
    /// Black.
    public static var black: Color { Color.black }
    /// No colour.
    public static var clear: Color { Color.clear }
    /// Mint.
    public static var mint: Color { Color.mint }
    /// Teal.
    public static var teal: Color { Color.teal }
    /// Cyan.
    public static var cyan: Color { Color.cyan }
    /// Indigo.
    public static var indigo: Color { Color.indigo }
    /// Brown.
    public static var brown: Color { Color.brown }
    /// The accent colour.
    public static var accentColor: Color { Color.accentColor }
    /// A translucent material: drawn as the `fill` style.
    public static var ultraThinMaterial: Color { Color.fill }
    /// A translucent material: drawn as the `fill` style.
    public static var thinMaterial: Color { Color.fill }
    /// A translucent material: drawn as the `fill` style.
    public static var regularMaterial: Color { Color.fill }
    /// A translucent material: drawn as the `fill` style.
    public static var thickMaterial: Color { Color.fill }
    /// A translucent material: drawn as the `fill` style.
    public static var ultraThickMaterial: Color { Color.fill }
}

/// UIKit's colours, as iOS code passes them to `Color(_:)` (`Color(.systemBackground)`,
/// `Color(uiColor: .secondaryLabel)`): the system's semantic and named colours (each the colour
/// SwiftUI draws for it), and colours from components.
public struct UIColor: Sendable, Hashable {
    /// The colour's name, as the JSON view writes it (`systemBackground`, `secondary`, `#FF8800`).
    public let name: String
    /// Its opacity, from 0 to 1.
    public let alpha: Double

    /// The colour named `name`.
    init(name: String, alpha: Double = 1) {
        self.name = name
        self.alpha = alpha
    }

    /// A colour from components from 0 to 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        let color = Color(red: red, green: green, blue: blue)
        self.init(name: color.name, alpha: alpha)
    }

    /// A gray of `white` from 0 (black) to 1 (white).
    public init(white: Double, alpha: Double) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour of the app's asset catalog: the catalog's where the `AssetCatalogs` build plugin
    /// built it in, else the accent colour.
    public init?(named name: String) {
        self.init(resource: ColorResource(name: name))
    }

    /// The colour at `alpha`.
    public func withAlphaComponent(_ alpha: Double) -> UIColor {
        UIColor(name: name, alpha: alpha)
    }

    /// The background of the system's views.
    public static let systemBackground = UIColor(name: "systemBackground")
    /// A background one level up.
    public static let secondarySystemBackground = UIColor(name: "secondarySystemBackground")
    /// A background two levels up.
    public static let tertiarySystemBackground = UIColor(name: "tertiarySystemBackground")
    /// The grouped views' background.
    public static let systemGroupedBackground = UIColor(name: "secondarySystemBackground")
    /// The colour of text.
    public static let label = UIColor(name: "primary")
    /// The colour of secondary text.
    public static let secondaryLabel = UIColor(name: "secondary")
    /// The colour of tertiary text.
    public static let tertiaryLabel = UIColor(name: "tertiary")
    /// The colour of quaternary text.
    public static let quaternaryLabel = UIColor(name: "quaternary")
    /// A fill for thin and small shapes.
    public static let systemFill = UIColor(name: "fill")
    /// A fill for medium shapes.
    public static let secondarySystemFill = UIColor(name: "fill.secondary")
    /// A fill for large shapes.
    public static let tertiarySystemFill = UIColor(name: "fill.tertiary")
    /// A fill for large areas.
    public static let quaternarySystemFill = UIColor(name: "fill.quaternary")
    /// A separator's colour.
    public static let separator = UIColor(name: "tertiary")
    /// The app's tint (UIKit's name).
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static var tintColor: UIColor { UIColor(resource: ColorResource(name: "AccentColor")) }
    /// The system's colours, as SwiftUI's of the same names.
    public static let systemRed = UIColor(name: "red")
    public static let systemOrange = UIColor(name: "orange")
    public static let systemYellow = UIColor(name: "yellow")
    public static let systemGreen = UIColor(name: "green")
    public static let systemMint = UIColor(name: "mint")
    public static let systemTeal = UIColor(name: "teal")
    public static let systemCyan = UIColor(name: "cyan")
    public static let systemBlue = UIColor(name: "blue")
    public static let systemIndigo = UIColor(name: "indigo")
    public static let systemPurple = UIColor(name: "purple")
    public static let systemPink = UIColor(name: "pink")
    public static let systemBrown = UIColor(name: "brown")
    public static let systemGray = UIColor(name: "gray")
    public static let white = UIColor(name: "white")
    public static let black = UIColor(name: "black")
    public static let clear = UIColor(name: "clear")
    public static let gray = UIColor(name: "gray")
    public static let red = UIColor(name: "red")
    public static let green = UIColor(name: "green")
    public static let blue = UIColor(name: "blue")
    public static let orange = UIColor(name: "orange")
    public static let yellow = UIColor(name: "yellow")
    public static let purple = UIColor(name: "purple")
    public static let brown = UIColor(name: "brown")
    public static let cyan = UIColor(name: "cyan")
}

/// The colour space of a colour's components, as SwiftUI's `Color.RGBColorSpace`: widgethost
/// draws in sRGB, so each is taken as sRGB.
public enum RGBColorSpace: Sendable, Hashable {
    /// sRGB.
    case sRGB
    /// sRGB, its components in linear light (taken as sRGB's).
    case sRGBLinear
    /// Display P3 (taken as sRGB).
    case displayP3
}

extension Color {
    /// SwiftUI's name of the colour spaces.
    public typealias RGBColorSpace = WidgetHostKit.RGBColorSpace
}
