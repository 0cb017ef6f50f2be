import CPangoCairo
import CRSVG
import Foundation
import Layout
import Synchronization

/// Draws SF Symbols on a Cairo context from the SVG the HTML page draws them with
/// (``HTMLVocabulary/symbols``), with librsvg: the same outlines in both pictures.
///
/// A symbol's SVG document is parsed once for each pair of colours and kept (a batch draws the
/// same few symbols thousands of times); librsvg's handles are not safe to share between threads,
/// so they are used under a lock.
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
        var parsed: [Key: UnsafeMutablePointer<RsvgHandle>] = [:]

        deinit {
            for handle in parsed.values { g_object_unref(handle) }
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
        return handles.withLock { handles in
            guard let context = OpaquePointer(bitPattern: address) else { return false }
            guard let handle = Self.handle(for: key, in: &handles) else { return false }
            var viewport = RsvgRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            var error: UnsafeMutablePointer<GError>?
            let drawn = rsvg_handle_render_document(handle, context, &viewport, &error)
            if let error { g_error_free(error) }
            return drawn != 0
        }
    }

    private static func handle(for key: Key, in handles: inout Handles) -> UnsafeMutablePointer<RsvgHandle>? {
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
            rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
        }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        if handles.parsed.count >= cacheLimit {
            for old in handles.parsed.values { g_object_unref(old) }
            handles.parsed.removeAll(keepingCapacity: true)
        }
        handles.parsed[key] = handle
        return handle
    }
}
