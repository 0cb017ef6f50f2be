public import Foundation
import Synchronization

/// A colour of an asset catalog (`Assets.xcassets/Name.colorset`): its light and dark appearances
/// as `#RRGGBB`, and its opacity.
public struct AssetColor: Sendable, Hashable {
    /// The colour in the light scheme (and in the dark one when it has no dark appearance).
    public var light: String
    /// The colour in the dark scheme.
    public var dark: String?
    /// Its alpha, from 0 to 1.
    public var opacity: Double

    /// A colour of the catalog.
    public init(light: String, dark: String? = nil, opacity: Double = 1) {
        self.light = light
        self.dark = dark
        self.opacity = opacity
    }

    /// The style it is drawn as: `#RRGGBB`, or `#RRGGBB/#RRGGBB` (light, dark) where the two differ.
    public var style: String {
        guard let dark, dark != light else { return light }
        return light + "/" + dark
    }
}

/// What the `AssetCatalogs` build plugin generates for each asset catalog of a target: its colours
/// by name, which `Color("Name")`, `UIColor(named:)` and the generated symbols (`Color.name`) draw.
public protocol AssetCatalog {
    /// The catalog's colours, by the name the catalog gives them (`WidgetBackground`).
    static var colors: [String: AssetColor] { get }
}

/// The colours of every asset catalog built into the process: found once, when a colour is first
/// asked for by name, from the conformance records of ``AssetCatalog``.
enum AssetCatalogs {
    private static let found: Mutex<[String: AssetColor]?> = Mutex(nil)

    /// The colour named `name` in one of the catalogs.
    static func color(named name: String) -> AssetColor? {
        found.withLock { found in
            if found == nil {
                var colors: [String: AssetColor] = [:]
                for case let catalog as any AssetCatalog.Type in ConformanceRecords.types(
                    conformingTo: "AssetCatalog", module: "WidgetHostKit")
                {
                    colors.merge(catalog.colors) { first, _ in first }
                }
                found = colors
            }
            return found?[name]
        }
    }

    /// The colour of `name` as a ``Color``: the catalog's, or the accent colour where no catalog has
    /// it (as widget code built without its catalog would show).
    static func colorValue(named name: String) -> Color {
        guard let color = color(named: name) else { return accentColor }
        return Color(name: color.style, opacity: color.opacity)
    }

    /// The app's accent colour: its catalog's `AccentColor`, as Xcode makes it the app's (its
    /// `ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME`), or else the system's.
    static var accentColor: Color {
        guard let color = color(named: "AccentColor") else { return Color(name: "accentColor") }
        return Color(name: color.style, opacity: color.opacity)
    }
}

/// A colour of an asset catalog by name, as Xcode's generated asset symbols refer to it
/// (`ColorResource.widgetBackground`, `Color(.widgetBackground)`).
public struct ColorResource: Sendable, Hashable {
    /// The colour's name in its catalog.
    public let name: String

    /// The resource of the colour `name`.
    public init(name: String) { self.name = name }

    /// The resource of the colour `name` in `bundle` (one bundle here: the process).
    public init(name: String, bundle: Bundle) { self.init(name: name) }
}

/// An image of an asset catalog by name, as Xcode's generated asset symbols refer to it
/// (`ImageResource.avatar`, `Image(.avatar)`).
public struct ImageResource: Sendable, Hashable {
    /// The image's name in its catalog.
    public let name: String

    /// The resource of the image `name`.
    public init(name: String) { self.name = name }

    /// The resource of the image `name` in `bundle` (one bundle here: the process).
    public init(name: String, bundle: Bundle) { self.init(name: name) }
}

extension Color {
    /// The colour of an asset catalog's resource (`Color(.widgetBackground)`).
    public init(_ resource: ColorResource) {
        self = AssetCatalogs.colorValue(named: resource.name)
    }
}

extension UIColor {
    /// The colour of an asset catalog's resource (`UIColor(resource: .widgetBackground)`).
    public init(resource: ColorResource) {
        let color = AssetCatalogs.colorValue(named: resource.name)
        self.init(name: color.name, alpha: color.opacity)
    }
}

extension Image {
    /// The image of an asset catalog's resource (`Image(.avatar)`), drawn as `Image(_:)` draws an
    /// image of the app's catalog.
    public init(_ resource: ImageResource) {
        self.init(resource.name)
    }
}
