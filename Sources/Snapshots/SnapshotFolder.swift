public import Foundation
import JSON
import Rendering
public import WidgetHostKit

/// A folder of recorded snapshots, as `widgethost snapshot --record` writes it: the manifest
/// (``manifestName``: the date, scale and device they were taken at) and, for each widget, family
/// and colour scheme, its layout (`BASE.json`, the widget's object of `run --format layout`,
/// indented) and its picture (`BASE.png`, as `run --format png` draws it). `BASE` is
/// ``baseName(id:family:colorScheme:)``: `ID.FAMILY`, `ID.FAMILY.dark` in the dark scheme.
public struct SnapshotFolder: Sendable {
    /// The folder.
    public let url: URL

    /// The manifest's file name.
    public static let manifestName = "widgethost-snapshots.json"

    /// When, at what scale and on which device the snapshots of a folder were taken.
    public struct Manifest: Sendable, Equatable {
        /// The date providers were asked at (`--at`).
        public var date: Date
        /// Pixels a point of the pictures.
        public var scale: Double
        /// The reference device whose family sizes were used.
        public var device: String

        /// Creates a manifest.
        public init(date: Date, scale: Double, device: String) {
            self.date = date
            self.scale = scale
            self.device = device
        }

        /// The manifest as its file holds it (indented JSON and a newline).
        public var text: String {
            JSONValue.object([
                .init("version", .int(1)),
                .init("at", .string(ISO8601.string(from: date))),
                .init("scale", scale == scale.rounded() ? .int(Int(scale)) : .double(scale)),
                .init("device", .string(device)),
            ]).prettyDescription + "\n"
        }

        /// The manifest read from its file's `text`.
        /// - Throws: why the text is not a manifest (a sentence).
        public init(parsing text: String) throws(SnapshotFolderError) {
            let value: JSONValue
            do throws(JSONParseError) {
                value = try JSONValue(parsing: text)
            } catch {
                throw .unreadableManifest("it is not JSON: \(error)")
            }
            guard value["version"]?.intValue == 1 else {
                throw .unreadableManifest("its \"version\" is not 1 (written by another widgethost?)")
            }
            guard let at = value["at"]?.stringValue, let date = try? StrictISO8601.date(from: at) else {
                throw .unreadableManifest("its \"at\" is not an ISO 8601 date")
            }
            guard let scale = value["scale"]?.doubleValue, PNGRenderer.scales.contains(scale) else {
                throw .unreadableManifest("its \"scale\" is not a number from 1 to 4")
            }
            guard let device = value["device"]?.stringValue else {
                throw .unreadableManifest("its \"device\" is not a string")
            }
            self.init(date: date, scale: scale, device: device)
        }
    }

    /// The folder at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The file name of a snapshot without its extension: `ID.FAMILY`, or `ID.FAMILY.dark` in
    /// the dark scheme, the id written as `run --format png` writes it in file names.
    public static func baseName(id: String, family: WidgetFamily, colorScheme: ColorScheme) -> String {
        String(PNGRenderer.fileName(id: id, family: family, colorScheme: colorScheme).dropLast(4))
    }

    /// The base names of `names` (files of a folder) that are snapshots: `BASE.json` or
    /// `BASE.png` whose `BASE` ends in a family (and `.dark`).
    public static func snapshotBaseNames(in names: [String]) -> Set<String> {
        var bases = Set<String>()
        for name in names where name != manifestName {
            let base: Substring
            if name.hasSuffix(".json") {
                base = name.dropLast(5)
            } else if name.hasSuffix(".png") {
                base = name.dropLast(4)
            } else {
                continue
            }
            let family = base.hasSuffix(".dark") ? base.dropLast(5) : base
            guard let dot = family.lastIndex(of: "."),
                WidgetFamily(rawValue: String(family[family.index(after: dot)...])) != nil
            else { continue }
            bases.insert(String(base))
        }
        return bases
    }

    /// The manifest, or `nil` when the folder has none.
    /// - Throws: the folder is missing, not a folder, or its manifest cannot be read.
    public func manifest() throws(SnapshotFolderError) -> Manifest? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw .missing(url.path)
        }
        guard isFolder.boolValue else { throw .notAFolder(url.path) }
        let file = url.appendingPathComponent(Self.manifestName)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadableManifest((error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableManifest("it is not UTF-8 text")
        }
        return try Manifest(parsing: text)
    }

    /// Writes `manifest` (unless the folder already holds these very bytes).
    public func write(_ manifest: Manifest) throws(SnapshotFolderError) {
        let file = url.appendingPathComponent(Self.manifestName)
        let bytes = Data(manifest.text.utf8)
        if (try? Data(contentsOf: file)) == bytes { return }
        do {
            try bytes.write(to: file, options: .atomic)
        } catch {
            throw .unwritable(file.path, (error as NSError).localizedDescription)
        }
    }

    /// The names of the files in the folder.
    public func fileNames() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    }
}

/// Why a snapshot folder cannot be used: a sentence naming the folder or file.
public enum SnapshotFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder does not exist.
    case missing(String)
    /// The path is a file, not a folder.
    case notAFolder(String)
    /// The manifest cannot be read: why.
    case unreadableManifest(String)
    /// A file cannot be written: its path, why.
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .missing(let path): "the snapshot folder '\(path)' does not exist"
        case .notAFolder(let path): "'\(path)' is not a folder"
        case .unreadableManifest(let why): "cannot read \(SnapshotFolder.manifestName): \(why)"
        case .unwritable(let path, let why): "cannot write '\(path)': \(why)"
        }
    }
}
