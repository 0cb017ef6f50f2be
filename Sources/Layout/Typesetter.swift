import CPangoCairo
import Synchronization

/// A text as the layout draws it: its lines (the last cut with `…` when the text did not fit),
/// the width of its widest line and the height of its lines, in points.
public struct TextLayout: Sendable, Hashable {
    /// The lines drawn, in order.
    public var lines: [String]
    /// Whether text was left out (the last line ends with `…`).
    public var truncated: Bool
    /// The widest line's width.
    public var width: Double
    /// One line's height (the font's leading).
    public var lineHeight: Double
    /// The distance from a line's top to its baseline.
    public var ascent: Double

    /// The lines' size.
    public var size: Size { Size(width: width, height: Double(lines.count) * lineHeight) }
}

/// Measures and breaks text as it will be drawn, with Pango (HarfBuzz shaping, fontconfig's
/// fallback across fonts, the Unicode line-breaking rules, and a dictionary for Thai, Lao and
/// Khmer, which put no spaces between words). The family is Inter, the stand-in for SF Pro
/// (Debian's fonts-inter: a neo-grotesque drawn for screens, close to SF Pro's widths), with
/// Noto for what Inter lacks (Thai, Korean, Japanese, Chinese, emoji: fonts-noto-core,
/// fonts-noto-cjk, fonts-noto-color-emoji).
///
/// Measuring the same text in the same font at the same width gives the same answer from a cache,
/// so a batch that draws the same titles many times shapes each once.
public final class Typesetter: Sendable {
    /// The typesetter every layout uses.
    public static let shared = Typesetter()

    /// The font families asked for, in order; fontconfig falls back from them by script (to
    /// Noto Color Emoji for emoji). The emoji font is not named: Pango would take its digits,
    /// which it also has (as keycaps), over Inter's.
    public static let families = "Inter, Noto Sans, Noto Sans Thai, Noto Sans CJK JP"

    /// What a measure is kept by. The text is compared and hashed as its UTF-8 bytes, which are
    /// what Pango shapes: hashing a `String` normalizes it first (Unicode's canonical
    /// equivalence), which for Thai, Korean or Japanese costs more than the lookup.
    private struct Key: Hashable {
        var text: String
        var font: FontSpec
        var width: Double?
        var maxLines: Int

        /// Whether the two are the same measure: the same bytes, font, width and line limit.
        static func == (left: Key, right: Key) -> Bool {
            left.font == right.font && left.width == right.width && left.maxLines == right.maxLines
                && left.text.utf8.count == right.text.utf8.count
                && left.text.utf8.elementsEqual(right.text.utf8)
        }

        /// Hashes the text's bytes, the font, the width and the line limit.
        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(font)
            hasher.combine(width)
            hasher.combine(maxLines)
        }
    }

    /// Pango's units in a point: it measures and breaks lines in 1/1024 of a point.
    static let unitsPerPoint = Double(PANGO_SCALE)

    /// `width` as the typesetter breaks lines at it: rounded down to Pango's unit, so a text
    /// offered exactly its own width fits on its line.
    static func breakingWidth(_ width: Double) -> Double {
        (width * unitsPerPoint).rounded(.down) / unitsPerPoint
    }

    private struct State: ~Copyable {
        var context: OpaquePointer
        var layout: OpaquePointer
        var descriptions: [FontSpec: OpaquePointer] = [:]
        var cache: [Key: TextLayout] = [:]
    }

    /// Pango's objects are not thread safe: one context and one layout, used under the lock.
    private let state: Mutex<State>

    /// The cache's bound: it is emptied when it holds more.
    private static let cacheLimit = 200_000

    private init() {
        let fontMap = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        let context = pango_font_map_create_context(fontMap)!
        // Positions in whole points would round every glyph's advance: keep them exact, as
        // Core Text does.
        pango_context_set_round_glyph_positions(context, 0)
        let layout = pango_layout_new(context)!
        state = Mutex(State(context: context, layout: layout))
    }

    /// `text` in `font`, broken into lines no wider than `width` (`nil`: no width, so only its
    /// own line breaks break it) and at most `maxLines` (0: no limit), the last cut with `…`
    /// when more remains.
    /// - Complexity: O(n) in the text's length the first time; O(1) for a text measured before.
    public func layout(_ text: String, font: FontSpec, width: Double?, maxLines: Int) -> TextLayout {
        let font = font.drawable
        let key = Key(text: text, font: font, width: width.map(Self.breakingWidth), maxLines: maxLines)
        return state.withLock { state in
            if let known = state.cache[key] { return known }
            // A text of one line that fits the width is its unbroken measure: most texts offered
            // a width are, and the stacks offer several.
            if let width = key.width, !text.containsLineBreak {
                let natural = Key(text: text, font: font, width: nil, maxLines: 0)
                let whole = state.cache[natural] ?? Self.measure(natural, in: &state)
                state.cache[natural] = whole
                if whole.width <= width { return whole }
            }
            let measured = Self.measure(key, in: &state)
            if state.cache.count >= Self.cacheLimit { state.cache.removeAll(keepingCapacity: true) }
            state.cache[key] = measured
            return measured
        }
    }

    /// Forgets every text measured (for benchmarks that measure a first run's shaping).
    public func removeCachedLayouts() {
        state.withLock { $0.cache.removeAll() }
    }

    /// The width of `text` on one line in `font`.
    public func width(of text: String, font: FontSpec) -> Double {
        layout(text, font: font, width: nil, maxLines: 1).width
    }

    /// Runs `body` with Pango's context and layout set to `font`, under the lock that guards them
    /// (for drawing text in the fonts it was measured in: `Typesetter+Drawing.swift`).
    func withLayout<Result>(
        font: FontSpec, _ body: (_ context: OpaquePointer, _ layout: OpaquePointer) -> sending Result
    ) -> sending Result {
        state.withLock { state in
            let description = Self.description(for: font.drawable, in: &state)
            pango_layout_set_font_description(state.layout, description)
            // Pango's objects stay in the lock's region: `body` uses them only while it holds it.
            nonisolated(unsafe) let (context, layout) = (state.context, state.layout)
            return body(context, layout)
        }
    }

    private static func measure(_ key: Key, in state: inout State) -> TextLayout {
        let layout = state.layout
        let description = Self.description(for: key.font, in: &state)
        pango_layout_set_font_description(layout, description)
        let scale = Double(PANGO_SCALE)
        if let width = key.width, width.isFinite {
            pango_layout_set_width(layout, Int32(clamping: Int((max(width, 0) * scale).rounded(.down))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, key.maxLines > 0 ? -Int32(clamping: key.maxLines) : Int32.min)
        let bytes = Array(key.text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count))
            }
        }
        var lines: [String] = []
        var widest = 0.0
        let count = Int(pango_layout_get_line_count(layout))
        for index in 0..<count {
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            widest = max(widest, Double(logical.width) / scale)
            let start = Int(line.pointee.start_index)
            var end = start + Int(line.pointee.length)
            var ellipsis = false
            if pango_layout_is_ellipsized(layout) != 0, index == count - 1 {
                // Pango's ellipsis is the run that covers the end of the line: the text shown is
                // what the runs before it cover.
                var run = line.pointee.runs
                var last = start
                while let node = run {
                    if let item = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item
                    {
                        let offset = Int(item.pointee.offset)
                        if offset + Int(item.pointee.length) >= end { last = max(last, offset) }
                    }
                    run = node.pointee.next
                }
                end = last
                ellipsis = true
            }
            var drawn = String(
                decoding: bytes[min(start, bytes.count)..<min(max(end, start), bytes.count)], as: UTF8.self)
            // A line break or the space where a line wraps is not drawn.
            while let last = drawn.last, last.isNewline || (last == " " && (ellipsis || index < count - 1)) {
                drawn.removeLast()
            }
            if ellipsis { drawn += "…" }
            lines.append(drawn)
        }
        if lines.isEmpty { lines = [""] }
        let metrics = pango_context_get_metrics(state.context, description, nil)
        let ascent = Double(pango_font_metrics_get_ascent(metrics)) / scale
        let height = Double(pango_font_metrics_get_height(metrics)) / scale
        pango_font_metrics_unref(metrics)
        let lineHeight = key.font.lineHeight
        return TextLayout(
            lines: lines, truncated: pango_layout_is_ellipsized(layout) != 0, width: widest,
            lineHeight: lineHeight, ascent: ascent + max(0, (lineHeight - height) / 2))
    }

    private static func description(for font: FontSpec, in state: inout State) -> OpaquePointer {
        if let known = state.descriptions[font] { return known }
        // A view can ask for any size: the descriptions kept are bounded (Pango copies the one a
        // layout is given, so freeing them here is safe).
        if state.descriptions.count >= 256 {
            for kept in state.descriptions.values { pango_font_description_free(kept) }
            state.descriptions.removeAll(keepingCapacity: true)
        }
        let description = pango_font_description_from_string(Self.families)!
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(
            description, PangoWeight(rawValue: UInt32(min(max(font.weight, 100), 900))))
        state.descriptions[font] = description
        return description
    }
}

extension String {
    /// Whether a character of the string is a line break (`Character.isNewline`: LF, VT, FF,
    /// CR, NEL, U+2028, U+2029), found among its scalars: each of those always begins a
    /// character (Unicode's grapheme rules break before a control), and a character is a line
    /// break by its first scalar, so no characters need be put together.
    var containsLineBreak: Bool {
        unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
            default: return false
            }
        }
    }
}
