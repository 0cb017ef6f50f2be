public import Foundation

/// What an Xcode asset catalog (`Assets.xcassets`, a folder of `Contents.json` files) holds, as far
/// as widget code names it: its colour sets, resolved to a colour for each scheme, and its image
/// sets.
public struct AssetCatalog: Sendable, Equatable {
    /// A colour set.
    public struct Color: Sendable, Equatable {
        /// Its name, as `Color("Name")` gives it (`Folder/Name` in a folder that provides a
        /// namespace).
        public var name: String
        /// The colour of the light scheme (`#RRGGBB` or a system style's name); `nil` when the set
        /// gives none.
        public var light: String?
        /// The colour of the dark scheme, where the set has a dark appearance.
        public var dark: String?
        /// The light colour's alpha, from 0 to 1.
        public var opacity: Double
    }

    /// The colour sets, by name.
    public var colors: [Color]
    /// The image sets' names.
    public var images: [String]
    /// What the catalog holds that is not read (a colour that is not a colour), each with its
    /// place: for the build to warn about.
    public var leftOut: [String] = []
}

extension AssetCatalog {
    /// The catalog in the folder at `url`.
    /// - Throws: ``AssetCatalogError`` naming the first `Contents.json` that is not JSON, or a
    ///   folder that cannot be read.
    public init(folder url: URL) throws(AssetCatalogError) {
        colors = []
        images = []
        try read(url, namespace: "")
        colors.sort { $0.name < $1.name }
        images.sort()
    }

    private mutating func read(_ folder: URL, namespace: String) throws(AssetCatalogError) {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw AssetCatalogError(place: folder.path, message: "the folder cannot be read")
        }
        for entry in entries {
            let url = folder.appendingPathComponent(entry)
            // A link may lead back up the catalog, and round again.
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
                leftOut.append("\(url.path): a symbolic link in a catalog is not followed")
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue
            else {
                continue
            }
            let base = (entry as NSString).deletingPathExtension
            switch (entry as NSString).pathExtension {
            case "colorset":
                colors.append(try color(named: namespace + base, in: url))
            case "imageset":
                images.append(namespace + base)
            case "":
                // A folder groups its sets; one that provides a namespace puts its name before theirs.
                let contents = try Self.json(url.appendingPathComponent("Contents.json"), optional: true)
                let properties = contents?["properties"] as? [String: Any]
                let provides = properties?["provides-namespace"] as? Bool == true
                try read(url, namespace: provides ? namespace + entry + "/" : namespace)
            default:
                continue
            }
        }
    }

    /// The colour set `name` in the folder `url`: its universal (or iPhone) appearances without high
    /// contrast, light and dark.
    private mutating func color(named name: String, in url: URL) throws(AssetCatalogError) -> Color {
        let file = url.appendingPathComponent("Contents.json")
        let contents = try Self.json(file, optional: false) ?? [:]
        var light: (style: String, alpha: Double)?
        var dark: (style: String, alpha: Double)?
        for (index, entry) in ((contents["colors"] as? [Any]) ?? []).enumerated() {
            guard let entry = entry as? [String: Any], let colour = entry["color"] as? [String: Any] else {
                continue
            }
            let idiom = entry["idiom"] as? String ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            let appearances = (entry["appearances"] as? [[String: Any]]) ?? []
            guard !appearances.contains(where: { $0["appearance"] as? String == "contrast" }) else {
                continue
            }
            let isDark = appearances.contains {
                $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark"
            }
            guard let resolved = Self.resolve(colour) else {
                leftOut.append(
                    "\(file.path): colors[\(index)]: not a colour widgethost reads; it is left out")
                continue
            }
            // iPhone's own appearance wins over the universal one.
            if isDark {
                if dark == nil || idiom == "iphone" { dark = resolved }
            } else if light == nil || idiom == "iphone" {
                light = resolved
            }
        }
        return Color(name: name, light: light?.style, dark: dark?.style, opacity: light?.alpha ?? 1)
    }

    /// A colour's `#RRGGBB` (or system style) and alpha: sRGB, Display P3 (taken as sRGB), their
    /// extended forms (clamped), gray, or a system colour by reference.
    private static func resolve(_ colour: [String: Any]) -> (style: String, alpha: Double)? {
        if let reference = colour["reference"] as? String {
            return systemStyles[reference].map { ($0, 1) }
        }
        guard let components = colour["components"] as? [String: Any] else { return nil }
        // Alpha is written from 0 to 1 whatever form the colour takes (`"1.000"`, `"1"`).
        let alpha = components["alpha"].flatMap { component($0, fraction: true) } ?? 1
        let rgb: [Double]
        if let white = components["white"].flatMap({ component($0) }) {
            rgb = [white, white, white]
        } else {
            let parts = ["red", "green", "blue"].compactMap { components[$0].flatMap { component($0) } }
            guard parts.count == 3 else { return nil }
            rgb = parts
        }
        let hex = rgb.map { value -> String in
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return ("#" + hex.joined(), min(max(alpha, 0), 1))
    }

    /// A component as Xcode writes it: `"0.573"` (0 to 1), `"0x74"` or `"116"` (0 to 255, unless
    /// `fraction`), or a JSON number.
    private static func component(_ value: Any, fraction: Bool = false) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue.isFinite ? number.doubleValue : nil }
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        if text.lowercased().hasPrefix("0x") {
            return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
        }
        if fraction || text.contains(".") { return Double(text).flatMap { $0.isFinite ? $0 : nil } }
        return UInt8(text).map { Double($0) / 255 }
    }

    /// The system colours a set may refer to, by the style widgethost draws them as.
    private static let systemStyles: [String: String] = {
        var styles: [String: String] = [
            "labelColor": "label", "secondaryLabelColor": "secondaryLabel",
            "systemBackgroundColor": "systemBackground",
            "secondarySystemBackgroundColor": "secondarySystemBackground",
            "tertiarySystemBackgroundColor": "tertiarySystemBackground", "systemGrayColor": "systemGray",
            "whiteColor": "white", "blackColor": "black", "clearColor": "clear",
        ]
        for name in [
            "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink",
            "brown",
        ] {
            styles["system" + name.prefix(1).uppercased() + name.dropFirst() + "Color"] = name
        }
        return styles
    }()

    /// The JSON object of the file at `url`; `nil` for a missing file that may be missing.
    private static func json(_ url: URL, optional: Bool) throws(AssetCatalogError) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            if optional { return nil }
            throw AssetCatalogError(place: url.path, message: "the file cannot be read")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let dictionary = object as? [String: Any]
        else {
            throw AssetCatalogError(place: url.path, message: "the file is not a JSON object")
        }
        return dictionary
    }
}

/// An asset catalog that cannot be read: which file, and why.
public struct AssetCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder.
    public var place: String
    /// What is wrong.
    public var message: String

    /// `place: message`.
    public var description: String { "\(place): \(message)" }
}
