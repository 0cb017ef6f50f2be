import CPangoCairo

extension Typesetter {
    /// Draws one line of text on a Cairo context in the font, the shaping and the fallback fonts it
    /// was measured with (the typesetter's own Pango layout, under its lock), never wrapped.
    ///
    /// Pango's font map is at 72 dots an inch, so the line is laid out in points: the context's
    /// transformation (a PNG's scale) decides the pixels.
    /// - Parameters:
    ///   - line: The text; only its first line is drawn.
    ///   - font: Its font.
    ///   - box: The left edge and the width of what the line is aligned within.
    ///   - alignment: Where the line sits in the box: 0 at its left edge, 0.5 centred, 1 at its
    ///     right edge (a line wider than the box overflows the other way).
    ///   - baseline: The baseline's distance from the context's origin.
    ///   - color: The glyphs' colour (colour glyphs, emoji, keep their own).
    ///   - strikethrough: The colour of a line through the text at the font's strikethrough
    ///     position and thickness, if it has one.
    ///   - context: A `cairo_t`.
    ///   - asOutlines: Whether the glyphs are filled as paths rather than drawn from rendered
    ///     glyphs: where a context is scaled far, or squeezed, Cairo's glyph rendering can fail
    ///     the whole picture (colour glyphs then draw in `color`).
    /// - Returns: The drawn line's left edge and width.
    @discardableResult
    public func draw(
        _ line: String, font: FontSpec, in box: (x: Double, width: Double), alignment: Double,
        baseline: Double, color: RGBA, strikethrough: RGBA? = nil, on context: OpaquePointer,
        asOutlines: Bool = false
    ) -> (x: Double, width: Double) {
        withLayout(font: font) { pangoContext, layout in
            pango_layout_set_width(layout, -1)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
            var bytes = Array(line.utf8)
            if let newline = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                bytes.removeSubrange(newline...)
            }
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count))
                }
            }
            guard let first = pango_layout_get_line_readonly(layout, 0) else { return (box.x, 0) }
            let scale = Double(PANGO_SCALE)
            var logical = PangoRectangle()
            pango_layout_line_get_extents(first, nil, &logical)
            let width = Double(logical.width) / scale
            let x = box.x + (box.width - width) * alignment
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(context, x, baseline)
            if asOutlines {
                pango_cairo_layout_line_path(context, first)
                cairo_fill(context)
            } else {
                pango_cairo_show_layout_line(context, first)
            }
            if let strikethrough, let description = pango_layout_get_font_description(layout) {
                let metrics = pango_context_get_metrics(pangoContext, description, nil)
                let position = Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale
                let thickness = Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / scale
                pango_font_metrics_unref(metrics)
                cairo_set_source_rgba(
                    context, strikethrough.red, strikethrough.green, strikethrough.blue, strikethrough.alpha)
                cairo_rectangle(context, x, baseline - position, width, max(thickness, 0.5))
                cairo_fill(context)
            }
            return (x, width)
        }
    }
}
