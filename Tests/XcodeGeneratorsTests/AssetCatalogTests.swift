import Foundation
import TestSupport
import Testing

@testable import XcodeGenerators

/// Asset catalogs written as Xcode writes them (`Contents.json` files in `.colorset` and `.imageset`
/// folders), read and generated.
@Suite struct AssetCatalogTests {
    /// A colour's JSON: `components` in `space`, for the dark appearance or not, for `idiom`.
    static func colour(
        _ components: [String: Any], space: String = "srgb", dark: Bool = false, contrast: Bool = false,
        idiom: String = "universal"
    ) -> [String: Any] {
        var appearances: [[String: String]] = []
        if dark { appearances.append(["appearance": "luminosity", "value": "dark"]) }
        if contrast { appearances.append(["appearance": "contrast", "value": "high"]) }
        var entry: [String: Any] = [
            "color": ["color-space": space, "components": components], "idiom": idiom,
        ]
        if !appearances.isEmpty { entry["appearances"] = appearances }
        return entry
    }

    /// A catalog in `scratch` holding `sets` (a set's path in the catalog, and its `colors`, or
    /// `nil` for an image set).
    static func catalog(_ scratch: TemporaryDirectory, _ sets: [(String, [[String: Any]]?)]) throws -> URL {
        let root = scratch.url.appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try scratch.file("Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        for (path, colors) in sets {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(path), withIntermediateDirectories: true)
            let contents: [String: Any] =
                colors.map { ["colors": $0, "info": ["version": 1]] } ?? [
                    "images": [], "info": ["version": 1],
                ]
            try scratch.file(
                "Assets.xcassets/\(path)/Contents.json",
                bytes: Array(try JSONSerialization.data(withJSONObject: contents)))
        }
        return root
    }

    @Test func eachColourIsReadInEachSchemeFromTheFormsXcodeWrites() throws {
        let scratch = try TemporaryDirectory()
        let root = try Self.catalog(
            scratch,
            [
                (
                    "widgetText.colorset",
                    [
                        Self.colour(["red": "0x68", "green": "0x62", "blue": "0x74", "alpha": "1.000"]),
                        Self.colour(
                            ["red": "0xD5", "green": "0xC8", "blue": "0xFF", "alpha": "1.000"], dark: true),
                        // High contrast is not drawn.
                        Self.colour(
                            ["red": "0.0", "green": "0.0", "blue": "0.0", "alpha": "1.000"], contrast: true),
                    ]
                ),
                (
                    "Accent.colorset",
                    [Self.colour(["red": "0.573", "green": "0.361", "blue": "0.953", "alpha": "0.500"])]
                ),
                (
                    "Wide.colorset",
                    [Self.colour(["red": "255", "green": "128", "blue": "0"], space: "display-p3")]
                ),
                ("Ink.colorset", [Self.colour(["white": "0.200", "alpha": "1"], space: "gray-gamma-22")]),
                (
                    "Phone.colorset",
                    [
                        Self.colour(["red": "1.0", "green": "0", "blue": "0"]),
                        Self.colour(["red": "0", "green": "0", "blue": "1.0"], idiom: "iphone"),
                        Self.colour(["red": "0", "green": "1.0", "blue": "0"], idiom: "ipad"),
                    ]
                ),
                (
                    "Link.colorset",
                    [["idiom": "universal", "color": ["platform": "ios", "reference": "systemBlueColor"]]]
                ),
                ("Empty.colorset", [["idiom": "universal"]]),
                ("Brand", nil),
                ("Brand/Logo.imageset", nil),
            ])
        // A folder that provides a namespace puts its name before its sets'.
        try scratch.file(
            "Assets.xcassets/Brand/Contents.json", #"{"properties":{"provides-namespace":true}}"#)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Brand/Deep.colorset"), withIntermediateDirectories: true)
        try scratch.file(
            "Assets.xcassets/Brand/Deep.colorset/Contents.json",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":0,"green":0,"blue":0.5}}}]}"#
        )
        let catalog = try AssetCatalog(folder: root)
        #expect(
            catalog.colors == [
                .init(name: "Accent", light: "#925CF3", dark: nil, opacity: 0.5),
                .init(name: "Brand/Deep", light: "#000080", dark: nil, opacity: 1),
                .init(name: "Empty", light: nil, dark: nil, opacity: 1),
                .init(name: "Ink", light: "#333333", dark: nil, opacity: 1),
                .init(name: "Link", light: "blue", dark: nil, opacity: 1),
                .init(name: "Phone", light: "#0000FF", dark: nil, opacity: 1),
                .init(name: "Wide", light: "#FF8000", dark: nil, opacity: 1),
                .init(name: "widgetText", light: "#686274", dark: "#D5C8FF", opacity: 1),
            ])
        #expect(catalog.images == ["Brand/Logo"])
        #expect(catalog.leftOut.isEmpty)
    }

    @Test func theSymbolsAreXcodesAndTheColoursAreFoundByName() throws {
        let scratch = try TemporaryDirectory()
        let root = try Self.catalog(
            scratch,
            [
                ("AccentColor.colorset", [Self.colour(["red": "1", "green": "0", "blue": "0"])]),
                (
                    "widget-background.colorset",
                    [
                        Self.colour(["red": "1.0", "green": "1.0", "blue": "1.0"]),
                        Self.colour(["red": "0.0", "green": "0.0", "blue": "0.0"], dark: true),
                    ]
                ),
                ("red.colorset", [Self.colour(["red": "0.5", "green": "0", "blue": "0"])]),
                ("separator.colorset", [Self.colour(["red": "0.5", "green": "0.5", "blue": "0.5"])]),
                ("AvatarImage.imageset", nil),
            ])
        var leftOut: [String] = []
        let swift = try AssetCatalog(folder: root).swift(catalog: "Assets.xcassets", leftOut: &leftOut)
        for line in [
            "    static let accent = ColorResource(name: \"AccentColor\")",
            "    static let widgetBackground = ColorResource(name: \"widget-background\")",
            "    static let red = ColorResource(name: \"red\")",
            "    static var widgetBackground: Color { Color(ColorResource.widgetBackground) }",
            "    static var accent: UIColor { UIColor(resource: ColorResource.accent) }",
            "    static let avatar = ImageResource(name: \"AvatarImage\")",
            "enum _AssetCatalog_Assets: AssetCatalog {",
            "        \"widget-background\": AssetColor(light: \"#FFFFFF\", dark: \"#000000\"),",
            "        \"AccentColor\": AssetColor(light: \"#010000\"),",
        ] {
            #expect(swift.contains(line + "\n"), "\(line)\n---\n\(swift)")
        }
        // SwiftUI's and UIKit's own `red` are not shadowed; `separator` is SwiftUI's as a
        // `ShapeStyle` and UIKit's as a `UIColor`, not `Color`'s (Habitica's `Color.separator`).
        #expect(!swift.contains("static var red"))
        #expect(swift.components(separatedBy: "static var separator").count == 2)
        #expect(
            swift.contains(
                "extension Color {\n    static var accent: Color { Color(ColorResource.accent) }\n    static var separator: Color"
            ))
        #expect(leftOut.isEmpty)
    }

    @Test(arguments: [
        ("WidgetBackground", "Color", "widgetBackground"), ("AccentColor", "Color", "accent"),
        ("URLColor", "Color", "url"), ("dailies-widget-purple", "Color", "dailiesWidgetPurple"),
        ("1x", "Image", "_1x"), ("default", "Color", "`default`"),
        ("Folder/Inner Name", "Color", "innerName"),
        ("HeroImage", "Image", "hero"), ("Color", "Color", "color"),
    ])
    func aNameIsMadeASymbolAsXcodeMakesIt(_ name: String, _ suffix: String, _ symbol: String) {
        #expect(AssetCatalog.symbol(of: name, dropping: suffix) == symbol)
    }

    @Test func twoNamesOfOneSymbolLeaveTheSecondOutAndSaySo() throws {
        let scratch = try TemporaryDirectory()
        let root = try Self.catalog(
            scratch,
            [
                ("Brand.colorset", [Self.colour(["red": "1", "green": "0", "blue": "0"])]),
                ("BrandColor.colorset", [Self.colour(["red": "0", "green": "255", "blue": "0"])]),
                ("---.colorset", [Self.colour(["red": "0", "green": "0", "blue": "0xFF"])]),
                (
                    "Bad.colorset",
                    [
                        [
                            "idiom": "universal",
                            "color": ["color-space": "srgb", "components": ["red": "much"]],
                        ]
                    ]
                ),
            ])
        var leftOut: [String] = []
        let catalog = try AssetCatalog(folder: root)
        let swift = catalog.swift(catalog: "Assets.xcassets", leftOut: &leftOut)
        #expect(
            catalog.leftOut == [
                "\(root.path)/Bad.colorset/Contents.json: colors[0]: not a colour widgethost reads; it is left out"
            ])
        #expect(
            leftOut == [
                "the colour '---' makes no Swift name; it has no symbol (Color(\"---\") still finds it)",
                "the colour 'BrandColor' makes the symbol 'brand' another one makes; it is left out",
            ])
        // Both are still found by name.
        #expect(swift.contains("\"BrandColor\": AssetColor(light: \"#00FF00\"),"))
        #expect(swift.contains("\"---\": AssetColor(light: \"#0000FF\"),"))
    }

    /// A link back up the catalog read the catalog again inside itself, until the path was too long.
    @Test func aSymbolicLinkIsNotFollowedAndSaidSo() throws {
        let scratch = try TemporaryDirectory()
        let root = try Self.catalog(
            scratch, [("Ink.colorset", [Self.colour(["red": "0.0", "green": "0.0", "blue": "0.2"])])])
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Group"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Group/loop").path, withDestinationPath: "..")
        let catalog = try AssetCatalog(folder: root)
        #expect(catalog.colors.map(\.name) == ["Ink"])
        #expect(catalog.leftOut == ["\(root.path)/Group/loop: a symbolic link in a catalog is not followed"])
    }

    @Test func aFileThatIsNotJSONIsAnErrorNamingIt() throws {
        let scratch = try TemporaryDirectory()
        let root = try Self.catalog(
            scratch, [("Ok.colorset", [Self.colour(["red": "1", "green": "0", "blue": "0"])])])
        try scratch.file("Assets.xcassets/Ok.colorset/Contents.json", "{ not json")
        #expect(
            throws: AssetCatalogError(
                place: root.path + "/Ok.colorset/Contents.json", message: "the file is not a JSON object")
        ) {
            try AssetCatalog(folder: root)
        }
        #expect(throws: AssetCatalogError.self) {
            try AssetCatalog(folder: scratch.url.appendingPathComponent("Missing.xcassets"))
        }
    }
}
