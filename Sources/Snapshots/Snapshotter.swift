public import Foundation
import JSON
public import Layout
public import Rendering
public import WidgetEngine
public import WidgetHostKit

/// Records or verifies the snapshots of evaluated widgets: for each widget, family and colour
/// scheme, its layout (the widget's object of `run --format layout`, indented) and its picture
/// (as `run --format png` draws it), laid out once and placed in each scheme.
///
/// Verifying compares the bytes first; only when they differ are the recorded layout parsed and
/// compared node by node (``LayoutComparison``) and the pictures decoded and compared pixel by
/// pixel (``PixelComparison``, within the tolerance). A failure leaves in ``failureFolder`` the
/// current layout and picture (`BASE.json`, `BASE.png`: copy them over the recorded ones to
/// accept them), the picture of the difference (`BASE.diff.png`) and the layout's changes
/// (`BASE.changes.txt`). Safe to call from every widget's task at once.
public struct Snapshotter: Sendable {
    /// Record or verify.
    public enum Mode: Sendable, Equatable {
        /// Write the snapshots (a file is rewritten only when its bytes change).
        case record
        /// Compare with the recorded snapshots; a pixel counts as changed when a channel moved by
        /// more than `tolerance` (0 to 255).
        case verify(tolerance: Int)
    }

    /// The recorded snapshots' folder.
    public let folder: SnapshotFolder
    /// Where a failure's files are written (made when the first failure needs it).
    public let failureFolder: URL
    /// Record or verify.
    public let mode: Mode
    /// The schemes each widget is drawn in.
    public let colorSchemes: [ColorScheme]
    /// The drawing of the pictures.
    public let renderer: PNGRenderer
    /// The device whose sizes are used.
    public let device: Device

    /// Creates a snapshotter.
    public init(
        folder: SnapshotFolder, failureFolder: URL, mode: Mode, colorSchemes: [ColorScheme],
        renderer: PNGRenderer, device: Device = .reference
    ) {
        self.folder = folder
        self.failureFolder = failureFolder
        self.mode = mode
        self.colorSchemes = colorSchemes
        self.renderer = renderer
        self.device = device
    }

    /// The snapshots of `result`, one outcome a colour scheme, in ``colorSchemes``' order.
    public func check(_ result: WidgetResult) -> [SnapshotOutcome] {
        let start = ContinuousClock.now
        let layouts: [WidgetLayout]
        switch result.outcome {
        case .failure(let failure):
            return colorSchemes.map { scheme in
                outcome(
                    result, scheme, .error,
                    details: ["the widget failed: \(failure.code): \(failure.message)"])
            }
        case .success(let evaluation):
            layouts = LayoutEngine.layouts(
                evaluation.current.view, family: result.family, colorSchemes: colorSchemes, device: device)
        }
        // The layout's cost is shared by the schemes.
        let shared = (ContinuousClock.now - start) / .seconds(1) / Double(colorSchemes.count)
        return zip(colorSchemes, layouts).map { scheme, layout in
            let start = ContinuousClock.now
            var outcome = check(result, layout: layout, scheme: scheme)
            outcome.seconds = shared + (ContinuousClock.now - start) / .seconds(1)
            return outcome
        }
    }

    /// The layout's file text: the widget's object of `run --format layout`, indented.
    public func layoutText(_ result: WidgetResult, layout: WidgetLayout) -> String {
        var tree = JSONTree()
        RunLayoutRenderer(colorScheme: layout.colorScheme, device: device)
            .write(result, layout: .success(layout), to: &tree)
        return tree.result.prettyDescription + "\n"
    }

    /// Records or verifies one scheme's snapshot.
    private func check(_ result: WidgetResult, layout: WidgetLayout, scheme: ColorScheme) -> SnapshotOutcome {
        let name = SnapshotFolder.baseName(id: result.instance.id, family: result.family, colorScheme: scheme)
        let json = Array(layoutText(result, layout: layout).utf8)
        let png: [UInt8]
        do throws(PNGRenderingError) {
            png = try renderer.png(of: layout)
        } catch {
            return outcome(result, scheme, .error, details: ["cannot draw the picture: \(error.message)"])
        }
        let jsonFile = folder.url.appendingPathComponent(name + ".json")
        let pngFile = folder.url.appendingPathComponent(name + ".png")
        let recordedJSON = try? Data(contentsOf: jsonFile)
        let recordedPNG = try? Data(contentsOf: pngFile)
        switch mode {
        case .record:
            guard recordedJSON.map(Array.init) != json || recordedPNG.map(Array.init) != png else {
                return outcome(result, scheme, .unchanged)
            }
            do {
                try Data(json).write(to: jsonFile, options: .atomic)
                try Data(png).write(to: pngFile, options: .atomic)
            } catch {
                return outcome(
                    result, scheme, .error,
                    details: ["cannot write the snapshot: \((error as NSError).localizedDescription)"])
            }
            return outcome(result, scheme, .recorded, files: [jsonFile.path, pngFile.path])
        case .verify(let tolerance):
            guard recordedJSON != nil || recordedPNG != nil else { return outcome(result, scheme, .missing) }
            var details: [String] = []
            var changes: [String] = []
            var diff: RasterImage?
            if let recordedJSON {
                if Array(recordedJSON) != json {
                    changes = layoutChanges(recorded: recordedJSON, current: json)
                    details += changes.isEmpty ? ["the layout's text differs"] : changes
                }
            } else {
                details.append("\(name).json is missing from the snapshot folder")
            }
            if let recordedPNG {
                if Array(recordedPNG) != png {
                    switch compare(recorded: Array(recordedPNG), current: png, tolerance: tolerance) {
                    case .same: break
                    case .changed(let sentence, let picture):
                        details.append(sentence)
                        diff = picture
                    case .unreadable(let problem): details.append(problem)
                    }
                }
            } else {
                details.append("\(name).png is missing from the snapshot folder")
            }
            guard !details.isEmpty else { return outcome(result, scheme, .passed) }
            // The first line says how much changed; the layout's changes follow it.
            if !changes.isEmpty {
                let pixels = details.last.flatMap { $0.contains("pixel") ? $0 : nil }
                details =
                    [
                        "\(changes.count) layout change\(changes.count == 1 ? "" : "s")"
                            + (pixels.map { "; " + $0 } ?? "")
                    ]
                    + changes
            }
            let files = writeFailure(name: name, json: json, png: png, diff: diff, changes: changes)
            return outcome(result, scheme, .failed, details: details + files.problems, files: files.written)
        }
    }

    /// The lines of ``LayoutComparison`` between the recorded layout's bytes and the current.
    private func layoutChanges(recorded: Data, current: [UInt8]) -> [String] {
        guard let old = try? JSONValue(parsing: Array(recorded)) else {
            return ["the recorded layout is not JSON (record it again with --record)"]
        }
        guard let new = try? JSONValue(parsing: current) else { return [] }
        return LayoutComparison(recorded: old, current: new).changes
    }

    /// How two pictures compare.
    private enum PictureDifference {
        /// The same within the tolerance.
        case same
        /// Different: a sentence saying how much, and the picture of the difference.
        case changed(String, RasterImage)
        /// One cannot be read: why.
        case unreadable(String)
    }

    /// How the recorded picture's bytes and the current differ.
    private func compare(recorded: [UInt8], current: [UInt8], tolerance: Int) -> PictureDifference {
        let old: RasterImage
        let new: RasterImage
        do throws(RasterImageError) {
            old = try RasterImage(png: recorded)
        } catch {
            return .unreadable("the recorded picture is not a PNG: \(error.reason)")
        }
        do throws(RasterImageError) {
            new = try RasterImage(png: current)
        } catch {
            return .unreadable("the current picture cannot be read back: \(error.reason)")
        }
        let comparison = PixelComparison(recorded: old, current: new, tolerance: tolerance)
        guard !comparison.matches else { return .same }
        var sentence =
            "\(comparison.changedPixels) pixel\(comparison.changedPixels == 1 ? "" : "s") changed"
        if let bounds = comparison.changedBounds {
            sentence += " in \(bounds.width)x\(bounds.height) at (\(bounds.x), \(bounds.y))"
        }
        if comparison.sizesDiffer {
            sentence += "; the picture is \(new.width)x\(new.height), recorded \(old.width)x\(old.height)"
        }
        let picture = PixelComparison.diffImage(recorded: old, current: new, tolerance: tolerance)
        return .changed(sentence, picture)
    }

    /// Writes a failure's files into ``failureFolder``: the files written and what could not be.
    private func writeFailure(
        name: String, json: [UInt8], png: [UInt8], diff: RasterImage?, changes: [String]
    ) -> (written: [String], problems: [String]) {
        var files: [(String, [UInt8])] = [(name + ".json", json), (name + ".png", png)]
        if let diff { files.append((name + ".diff.png", diff.png)) }
        if !changes.isEmpty {
            files.append((name + ".changes.txt", Array((changes.joined(separator: "\n") + "\n").utf8)))
        }
        do {
            try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
            // Never committed by accident when the folder is inside a repository's snapshots.
            let ignore = failureFolder.appendingPathComponent(".gitignore")
            if !FileManager.default.fileExists(atPath: ignore.path) {
                try Data("# Written by widgethost snapshot: what failed, not snapshots to keep.\n*\n".utf8)
                    .write(to: ignore, options: .atomic)
            }
            var written: [String] = []
            for (file, bytes) in files {
                let url = failureFolder.appendingPathComponent(file)
                try Data(bytes).write(to: url, options: .atomic)
                written.append(url.path)
            }
            return (written, [])
        } catch {
            return ([], ["cannot write the failure's files: \((error as NSError).localizedDescription)"])
        }
    }

    /// An outcome of `result` in `scheme`.
    private func outcome(
        _ result: WidgetResult, _ scheme: ColorScheme, _ status: SnapshotOutcome.Status,
        details: [String] = [],
        files: [String] = []
    ) -> SnapshotOutcome {
        SnapshotOutcome(
            name: SnapshotFolder.baseName(id: result.instance.id, family: result.family, colorScheme: scheme),
            id: result.instance.id, kind: result.instance.kind, family: result.family, colorScheme: scheme,
            status: status, details: details, files: files)
    }

    /// Removes the files an earlier run left in `folder` for failures: snapshots' names (`ID.FAMILY`,
    /// `ID.FAMILY.dark`) with `.json`, `.png`, `.diff.png` or `.changes.txt`, nothing else.
    public static func prepareFailureFolder(_ folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            var stem = name
            for suffix in [".diff.png", ".changes.txt"] where stem.hasSuffix(suffix) {
                stem = String(stem.dropLast(suffix.count)) + ".png"
            }
            guard !SnapshotFolder.snapshotBaseNames(in: [stem]).isEmpty else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
