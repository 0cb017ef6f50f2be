import CPangoCairo
public import Layout
public import WidgetHostKit

/// Draws a laid-out widget as a PNG with Cairo, its text with the typesetter that measured it
/// (the same fonts and shaping as the layout) and its symbols with librsvg (the HTML page's SVG):
/// `run --format png`'s pictures.
///
/// The picture is the family's size on the reference device times the scale, in whole pixels
/// (`systemSmall` at @2x: 340x340), transparent outside the widget's tile.
public struct PNGRenderer: Sendable {
    /// Pixels a point.
    public let scale: Double

    /// The scales a picture can be drawn at.
    public static let scales: ClosedRange<Double> = 1...4

    /// A renderer at `scale` pixels a point.
    /// - Throws: `png.invalid-scale` when `scale` is outside ``scales``.
    public init(scale: Double) throws(PNGRenderingError) {
        guard Self.scales.contains(scale) else {
            throw PNGRenderingError(
                code: .pngInvalidScale,
                message: "the scale '\(Self.format(scale))' is not between 1 and 4 (pixels a point)")
        }
        self.scale = scale
    }

    /// The name of a widget's picture in `run --format png`'s folder: `ID.FAMILY.png`, and
    /// `ID.FAMILY.dark.png` in the dark scheme. A `/`, `%` or control character of the id is
    /// written `%XX` (its byte in hex), so every id names one file of the folder and no two ids
    /// the same one.
    public static func fileName(id: String, family: WidgetFamily, colorScheme: ColorScheme) -> String {
        var name: [UInt8] = []
        for byte in id.utf8 {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") || byte < 0x20 || byte == 0x7F {
                let digits = Array("0123456789ABCDEF".utf8)
                name += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else {
                name.append(byte)
            }
        }
        return String(decoding: name, as: UTF8.self) + ".\(family.rawValue)"
            + (colorScheme == .dark ? ".dark" : "") + ".png"
    }

    /// The variable that names the librsvg to load instead of Debian's `librsvg-2.so.2`.
    public static var symbolLibraryVariable: String { LibRSVG.variable }

    /// What a picture with a symbol lacks when librsvg cannot be loaded (its symbols are then
    /// drawn as rounded squares' outlines), or `nil` when it can; loads it, once a process.
    static var symbolsUnavailable: String? {
        guard case .failure(let failure) = LibRSVG.loading else { return nil }
        return "symbols are drawn as outlines: librsvg could not be loaded (\(failure.reason)); "
            + "install it (Debian's librsvg2-2), or name it with \(symbolLibraryVariable)"
    }

    /// ``symbolsUnavailable``, once a picture of this process has drawn a symbol (nothing loads
    /// librsvg before one does).
    public static var symbolsDrawnAsOutlines: String? {
        LibRSVG.wasSymbolDrawn ? symbolsUnavailable : nil
    }

    /// The picture's size in pixels for `family`: its size in points times the scale, rounded up.
    public func pixelSize(of family: WidgetFamily) -> (width: Int, height: Int) {
        let size = Device.reference.size(of: family)
        // A hair under: 170 x 1.1 is 187.00000000000003, which is 187 pixels, not 188.
        return (Int((size.width * scale - 1e-9).rounded(.up)), Int((size.height * scale - 1e-9).rounded(.up)))
    }

    /// `layout` drawn as PNG bytes.
    /// - Throws: `png.drawing-failed` naming Cairo's step and its reason when Cairo cannot make
    ///   the picture or encode it (out of memory).
    public func png(of layout: WidgetLayout) throws(PNGRenderingError) -> [UInt8] {
        let pixels = pixelSize(of: layout.family)
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        else {
            throw Self.failure("create a \(pixels.width)x\(pixels.height) picture", CAIRO_STATUS_NO_MEMORY)
        }
        defer { cairo_surface_destroy(surface) }
        try Self.check(cairo_surface_status(surface), "create a \(pixels.width)x\(pixels.height) picture")
        guard let context = cairo_create(surface) else {
            throw Self.failure("create a drawing context", CAIRO_STATUS_NO_MEMORY)
        }
        defer { cairo_destroy(context) }
        try Self.check(cairo_status(context), "create a drawing context")
        cairo_scale(context, scale, scale)
        let bounds = Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
        LayoutPainter(context: context, bounds: bounds, scheme: layout.colorScheme).draw(layout)
        try Self.check(cairo_status(context), "draw the widget")
        cairo_surface_flush(surface)
        return try Self.encode(surface)
    }

    /// The surface's pixels as PNG bytes (``PNGEncoder``: Cairo's own writer is ten times slower).
    private static func encode(_ surface: OpaquePointer) throws(PNGRenderingError) -> [UInt8] {
        guard let data = cairo_image_surface_get_data(surface) else {
            throw failure("read the picture's pixels", cairo_surface_status(surface))
        }
        return PNGEncoder.encode(
            data, width: Int(cairo_image_surface_get_width(surface)),
            height: Int(cairo_image_surface_get_height(surface)),
            stride: Int(cairo_image_surface_get_stride(surface)))
    }

    private static func check(_ status: cairo_status_t, _ step: String) throws(PNGRenderingError) {
        guard status == CAIRO_STATUS_SUCCESS else { throw failure(step, status) }
    }

    private static func failure(_ step: String, _ status: cairo_status_t) -> PNGRenderingError {
        let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
        return PNGRenderingError(code: .pngDrawingFailed, message: "cannot \(step): \(reason)")
    }

    private static func format(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
