public import Foundation
import Layout
import Synchronization
public import WidgetEngine
public import WidgetHostKit

/// `run --format png --output DIR`: one PNG a widget in `folder`, named by
/// ``PNGRenderer/fileName(id:family:colorScheme:)``, drawn from the widget's layout; the output
/// lists the files written, one a line, in configuration order. A failed widget has no file (its
/// failure is reported as `run` reports failures); a file that cannot be written is kept in
/// ``problems``, reported once the run is done. Each picture is drawn and written on its
/// widget's own task, so a batch draws on every core.
public struct RunPNGRenderer: RunRenderer {
    /// The folder the files go to.
    public let folder: URL
    /// The colour scheme drawn.
    public let colorScheme: ColorScheme
    /// The drawing.
    public let renderer: PNGRenderer
    /// The files that could not be written, with why.
    public let problems = Problems()

    /// What went wrong writing files, kept across the widgets' tasks.
    public final class Problems: Sendable {
        private let list = Mutex<[String]>([])
        private let notes = Mutex<[String]>([])

        /// Keeps `problem`.
        func add(_ problem: String) { list.withLock { $0.append(problem) } }

        /// Keeps `warning` (what the layout changed to lay a view out), once when `once`.
        func warn(_ warning: String, once: Bool = false) {
            notes.withLock { notes in
                if !once || !notes.contains(warning) { notes.append(warning) }
            }
        }

        /// Every problem kept.
        public var all: [String] { list.withLock { $0 } }

        /// Every warning kept.
        public var warnings: [String] { notes.withLock { $0 } }
    }

    /// Creates the renderer.
    public init(folder: URL, colorScheme: ColorScheme, renderer: PNGRenderer) {
        self.folder = folder
        self.colorScheme = colorScheme
        self.renderer = renderer
    }

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        results.map { String(decoding: draw($0), as: UTF8.self) }.joined()
    }

    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        RunPNGStreamWriter(renderer: self)
    }

    /// Draws `result` into its file; the line naming the file, or nothing.
    func draw(_ result: WidgetResult) -> [UInt8] {
        guard case .success(let evaluation) = result.outcome else { return [] }
        let layout = LayoutEngine.layout(
            evaluation.current.view, family: result.family, colorScheme: colorScheme)
        for warning in layout.warnings { problems.warn("widget '\(result.instance.id)': \(warning)") }
        let file = folder.appendingPathComponent(
            PNGRenderer.fileName(id: result.instance.id, family: result.family, colorScheme: colorScheme))
        do {
            let bytes = try renderer.png(of: layout)
            // Once a picture has drawn a symbol without librsvg, as an outline.
            if let missing = PNGRenderer.symbolsDrawnAsOutlines { problems.warn(missing, once: true) }
            try Data(bytes).write(to: file, options: .atomic)
        } catch let error as PNGRenderingError {
            problems.add("cannot draw \(file.path): \(error.message)")
            return []
        } catch {
            problems.add("cannot write \(file.path): \((error as NSError).localizedDescription)")
            return []
        }
        return Array((file.path + "\n").utf8)
    }
}

/// `run --format png` a result at a time.
struct RunPNGStreamWriter: RunStreamWriter {
    let renderer: RunPNGRenderer

    func header() -> [UInt8] { [] }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] { renderer.draw(result) }

    func footer(count: Int) -> [UInt8] { [] }
}
