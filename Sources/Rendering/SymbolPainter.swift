import CPangoCairo
import Foundation
import Glibc
import Layout
import Synchronization

/// Draws SF Symbols on a Cairo context from the SVG the HTML page draws them with
/// (``HTMLVocabulary/symbols``), with librsvg: the same outlines in both pictures.
///
/// A symbol's SVG document is parsed once for each pair of colours and kept (a batch draws the
/// same few symbols thousands of times); librsvg's handles are not safe to share between threads,
/// so they are used under a lock.
///
/// librsvg is loaded when the first symbol is drawn (``LibRSVG``), not when widgethost starts:
/// with the libraries it brings (GIO, GdkPixbuf, libxml2) it was a fifth of the start of every
/// command, and only a PNG with a symbol uses it.
final class SymbolPainter: Sendable {
    /// The painter every PNG uses.
    static let shared = SymbolPainter()

    /// What a symbol the table lacks is drawn as: a rounded square's outline.
    static let placeholder =
        "<rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" rx=\"4\" fill=\"none\" stroke=\"currentColor\" "
        + "stroke-width=\"2\"/>"

    private struct Key: Hashable {
        var name: String
        var color: String
        var cutOut: String
    }

    private struct Handles: ~Copyable {
        var parsed: [Key: OpaquePointer] = [:]

        deinit {
            for handle in parsed.values { g_object_unref(UnsafeMutableRawPointer(handle)) }
        }
    }

    /// The parsed documents, bounded: emptied when they reach `cacheLimit`.
    private let handles = Mutex(Handles())

    private static let cacheLimit = 512

    /// Draws `name` fitted to `frame` (centred, its aspect kept) in `color`, its cut-outs (the
    /// check of `checkmark.circle.fill`) in `cutOut`, the colour behind it.
    /// - Returns: Whether librsvg drew it (if not, nothing was drawn).
    @discardableResult
    func draw(
        _ name: String, in frame: Rect, color: RGBA, cutOut: RGBA, on context: OpaquePointer
    ) -> Bool {
        let key = Key(name: name, color: color.description, cutOut: cutOut.description)
        // The caller's context (its address: a pointer is not Sendable), drawn on while the lock
        // is held, by this thread only.
        let address = Int(bitPattern: context)
        guard let library = LibRSVG.loaded else { return false }
        return handles.withLock { handles in
            guard let context = OpaquePointer(bitPattern: address) else { return false }
            guard let handle = Self.handle(for: key, in: &handles, library: library) else { return false }
            // librsvg's RsvgRectangle: four doubles, x, y, width, height.
            var viewport = (frame.x, frame.y, frame.width, frame.height)
            var error: UnsafeMutablePointer<GError>?
            let drawn = withUnsafePointer(to: &viewport) {
                library.renderDocument(handle, context, UnsafeRawPointer($0), &error)
            }
            if let error { g_error_free(error) }
            return drawn != 0
        }
    }

    private static func handle(for key: Key, in handles: inout Handles, library: LibRSVG) -> OpaquePointer? {
        if let known = handles.parsed[key] { return known }
        let snippet = HTMLVocabulary.symbols[key.name] ?? placeholder
        let document =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\" viewBox=\"0 0 24 24\">"
            + snippet.replacingOccurrences(of: "currentColor", with: key.color)
            .replacingOccurrences(of: "var(--card)", with: key.cutOut)
            + "</svg>"
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(document.utf8)
        let handle = bytes.withUnsafeBufferPointer {
            library.newFromData($0.baseAddress, gsize($0.count), &error)
        }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        if handles.parsed.count >= cacheLimit {
            for old in handles.parsed.values { g_object_unref(UnsafeMutableRawPointer(old)) }
            handles.parsed.removeAll(keepingCapacity: true)
        }
        handles.parsed[key] = handle
        return handle
    }
}

/// The two functions of librsvg (`librsvg-2.so.2`, Debian's librsvg2-2, or the library
/// `WIDGETHOST_LIBRSVG` names) the symbols are drawn with, found with `dlopen` and `dlsym` the
/// first time a symbol is drawn.
///
/// Their C declarations, from `librsvg/rsvg.h` (stable since librsvg 2.46):
///
///     RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
///     gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr,
///                                          const RsvgRectangle *viewport, GError **error);
struct LibRSVG: @unchecked Sendable {
    typealias NewFromData =
        @convention(c) (
            UnsafePointer<UInt8>?, gsize, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
        ) -> OpaquePointer?
    typealias RenderDocument =
        @convention(c) (
            OpaquePointer?, OpaquePointer?, UnsafeRawPointer?,
            UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
        ) -> gboolean

    /// The library's file name, as the dynamic loader finds it.
    static let fileName = "librsvg-2.so.2"

    /// The variable that names another library to load (a path, or a file name the dynamic
    /// loader looks for), as `WIDGETHOST_LIBFAKETIME` does libfaketime.
    static let variable = "WIDGETHOST_LIBRSVG"

    let newFromData: NewFromData
    let renderDocument: RenderDocument

    /// The library once loaded (for the life of the process: it is never closed), or why it
    /// could not be; a symbol is then drawn as its placeholder outline.
    static let loading: Result<LibRSVG, LoadFailure> = {
        let environment = ProcessInfo.processInfo.environment[variable] ?? ""
        let name = environment.isEmpty ? fileName : environment
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(
                LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "'\(name)' was not found"))
        }
        guard let new = dlsym(library, "rsvg_handle_new_from_data"),
            let render = dlsym(library, "rsvg_handle_render_document")
        else {
            return .failure(
                LoadFailure(reason: "'\(name)' lacks rsvg_handle_render_document (librsvg 2.46 or later)"))
        }
        return .success(
            LibRSVG(
                newFromData: unsafeBitCast(new, to: NewFromData.self),
                renderDocument: unsafeBitCast(render, to: RenderDocument.self)))
    }()

    /// The library, or `nil` when it could not be loaded; asking is what loads it.
    static var loaded: LibRSVG? {
        wasNeeded.store(true, ordering: .relaxed)
        return try? loading.get()
    }

    /// Whether a symbol has been drawn, so that the library was needed.
    private static let wasNeeded = Atomic(false)

    /// Whether a symbol has been drawn (librsvg asked for) in this process.
    static var wasSymbolDrawn: Bool { wasNeeded.load(ordering: .relaxed) }

    /// Why the library could not be loaded, as the dynamic loader says.
    struct LoadFailure: Error {
        var reason: String
    }
}
