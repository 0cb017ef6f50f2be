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

    /// A system colour, as `Color(.systemBackground)` writes it.
    public init(_ color: UIColor) {
        self.init(name: color.rawValue)
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
    /// The accent colour (SwiftUI's name, kept).
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let accentColor = Color(name: "accentColor")
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

/// The system colours iOS code passes to `Color(_:)` (`Color(.systemBackground)`), named by their
/// raw values.
public enum UIColor: String, Sendable {
    /// The background of the system's views.
    case systemBackground
    /// A background one level up.
    case secondarySystemBackground
    /// A background two levels up.
    case tertiarySystemBackground
    /// The colour of text.
    case label
    /// The colour of secondary text.
    case secondaryLabel
    /// The system's gray.
    case systemGray
}
