import CPangoCairo
import Foundation
import Layout
import WidgetHostKit

/// Draws a ``WidgetLayout`` on a Cairo context whose unit is the point: the tile, then each node
/// as ``LayoutNode`` says (its background in its shape, its children, then what it draws itself),
/// clipped to the picture.
///
/// Whatever the layout holds, the drawing stays bounded: coordinates that are not numbers are
/// drawn at 0, lengths are clamped to ``coordinateLimit``, fonts to ``FontSpec/maximumSize``,
/// colours to 0...1, and nodes deeper than ``depthLimit`` are not drawn.
struct LayoutPainter {
    /// The Cairo context (`cairo_t`), scaled to points.
    let context: OpaquePointer
    /// The picture's size in points; nothing outside it is drawn.
    let bounds: Size
    /// The colour scheme, for the colours a node leaves unset.
    let scheme: ColorScheme

    /// The largest coordinate drawn, in points (far inside Cairo's 24.8 fixed point at scale 4).
    static let coordinateLimit = 100_000.0
    /// The deepest node drawn (a view tree is far shallower; the limit keeps the stack bounded).
    static let depthLimit = 1_000

    /// Draws the widget: its tile (the root's background in the family's corner radius: the lock
    /// screen's accessory families on the dark backdrop the layout gives them, so that their
    /// light content reads), everything clipped to the tile's shape.
    func draw(_ layout: WidgetLayout) {
        let radius = Device.reference.cornerRadius(of: layout.family)
        let tile = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        addPath(.roundedRectangle(cornerRadius: radius), tile)
        cairo_clip(context)
        let behind = Palette.resolve("systemBackground", scheme: scheme) ?? RGBA(red: 1, green: 1, blue: 1)
        var root = layout.root
        var cutOut = behind
        if let background = root.background.map(Self.clamped), background.alpha > 0 {
            cutOut = background.over(behind)
            addPath(.roundedRectangle(cornerRadius: radius), tile)
            fill(background)
        }
        root.background = nil
        draw(root, behind: cutOut, depth: 0)
    }

    /// Draws `node` and its subtree; `behind` is the opaque colour under it (a symbol's cut-outs).
    private func draw(_ node: LayoutNode, behind: RGBA, depth: Int) {
        guard depth < Self.depthLimit else { return }
        let opacity = node.opacity.isNaN ? 1 : min(max(node.opacity, 0), 1)
        guard opacity > 0 else { return }
        let frame = Self.clamped(node.frame)
        // Scaled, turned and moved about the anchor (`scaleEffect`, `rotationEffect`, `offset`):
        // what the subtree draws, not where it is laid out. Scaled to nothing (`scaleEffect(0)`),
        // nothing is drawn: Cairo takes no matrix that cannot be inverted.
        let effects = Self.effects(of: node, in: frame)
        if let scale = node.scale, min(abs(scale.width), abs(scale.height)) < 1e-6 { return }
        // Nor is a subtree that nested effects scale down to nothing, all of them together.
        if var local = effects {
            var current = cairo_matrix_t()
            cairo_get_matrix(context, &current)
            var combined = cairo_matrix_t()
            cairo_matrix_multiply(&combined, &local, &current)
            let determinant = combined.xx * combined.yy - combined.xy * combined.yx
            guard determinant.isFinite, abs(determinant) > 1e-12 else { return }
        }
        let shape = node.shape.map(Self.clamped) ?? .rectangle
        let grouped = opacity < 1
        if grouped { cairo_push_group(context) }
        // With a shadow, the subtree is drawn as a layer of its own, cast under it once drawn.
        let shadow = node.shadow.flatMap(Self.drawable)
        if shadow != nil { cairo_push_group(context) }
        if var effects {
            cairo_save(context)
            cairo_transform(context, &effects)
        }
        var behind = behind
        if let background = node.background.map(Self.clamped), background.alpha > 0 {
            addPath(shape, frame)
            fill(background)
            behind = background.over(behind)
        }
        let clips = node.type == "clipShape"
        if clips {
            cairo_save(context)
            addPath(shape, frame)
            cairo_clip(context)
        }
        for child in node.children {
            draw(child, behind: behind, depth: depth + 1)
        }
        if clips { cairo_restore(context) }
        if isVisible(frame) { drawContent(of: node, in: frame, behind: behind) }
        if effects != nil { cairo_restore(context) }
        if let shadow, let layer = cairo_pop_group(context) {
            cast(shadow, of: layer, around: Self.drawn(frame, effects: effects))
            cairo_set_source(context, layer)
            cairo_paint(context)
            cairo_pattern_destroy(layer)
        }
        if grouped {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    /// What `node` draws itself: a text's lines, a symbol, a switch, a progress view.
    private func drawContent(of node: LayoutNode, in frame: Rect, behind: RGBA) {
        if let lines = node.lines {
            drawText(lines, of: node, in: frame)
        } else if let name = node.systemName {
            let color = node.foreground.map(Self.clamped) ?? label
            if !SymbolPainter.shared.draw(name, in: frame, color: color, cutOut: behind, on: context) {
                addPath(
                    .roundedRectangle(cornerRadius: min(frame.width, frame.height) / 6), inset(frame, 0.15))
                stroke(color, width: min(frame.width, frame.height) / 12)
            }
        } else if node.type == "switch" {
            drawSwitch(isOn: node.isOn ?? false, tint: node.foreground.map(Self.clamped), in: frame)
        } else if node.type == "progress" {
            let tint = node.foreground.map(Self.clamped) ?? Palette.accent(scheme)
            if let value = node.value {
                drawProgress(value.isNaN ? 0 : min(max(value, 0), 1), tint: tint, in: frame)
            } else {
                drawSpinner(tint: node.foreground.map(Self.clamped), in: frame)
            }
        }
    }

    // MARK: - Text

    /// A text's lines, each on its own line height, aligned in the frame; lines outside the
    /// picture are skipped.
    private func drawText(_ lines: [String], of node: LayoutNode, in frame: Rect) {
        let font = node.font ?? TextStyles.body  // the typesetter takes it as Pango can (FontSpec.drawable)
        // Effects nested in effects can scale a text past any size worth drawing (FreeType draws
        // no glyph past 65,535 pixels; one of 4,096 already covers the largest picture): such a
        // text is not drawn. Scaled far, or squeezed, its glyphs are filled as outlines: Cairo's
        // rendered glyphs then failed the whole picture, out of memory.
        let (largest, smallest) = deviceScales()
        guard font.drawable.size * largest < Self.largestGlyph else { return }
        let asOutlines = font.drawable.size * largest > 512 || largest > smallest * 4
        let measured = Typesetter.shared.layout(lines.first ?? "", font: font, width: nil, maxLines: 1)
        let lineHeight = Self.clamped(
            node.lineHeight ?? measured.lineHeight, to: 0...FontSpec.maximumSize * 2)
        let ascent = Self.clamped(node.ascent ?? measured.ascent, to: 0...FontSpec.maximumSize * 2)
        let color = node.foreground.map(Self.clamped) ?? label
        let strikethrough = node.strikethrough.map(Self.clamped)
        let alignment: Double
        switch node.textAlignment {
        case "center": alignment = 0.5
        case "trailing": alignment = 1
        default: alignment = 0
        }
        let visible = visibleArea()
        for (index, line) in lines.enumerated() {
            let top = frame.y + Double(index) * lineHeight
            // Below what is drawn on: so is every line after it.
            if top > visible.maxY { break }
            if top + lineHeight < visible.y || line.isEmpty { continue }
            Typesetter.shared.draw(
                line, font: font, in: (frame.x, frame.width), alignment: alignment, baseline: top + ascent,
                color: color, strikethrough: strikethrough, on: context, asOutlines: asOutlines)
        }
    }

    // MARK: - Controls

    /// iOS's switch: a capsule track (the tint when on, a grey fill when off) and a white knob
    /// inset 2 points, at the trailing end when on.
    private func drawSwitch(isOn: Bool, tint: RGBA?, in frame: Rect) {
        let off = RGBA(
            red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: scheme == .light ? 0.16 : 0.32)
        let green = Palette.resolve("green", scheme: scheme) ?? RGBA(red: 0.2, green: 0.78, blue: 0.35)
        addPath(.capsule, frame)
        fill(isOn ? (tint ?? green) : off)
        let diameter = max(min(frame.height, frame.width) - 4, 0)
        let x = isOn ? frame.maxX - 2 - diameter : frame.x + 2
        let knob = Rect(x: x, y: frame.y + (frame.height - diameter) / 2, width: diameter, height: diameter)
        // The knob's shadow, faint, as iOS draws it.
        addPath(.circle, Rect(x: knob.x - 0.5, y: knob.y, width: diameter + 1, height: diameter + 1.5))
        fill(RGBA(red: 0, green: 0, blue: 0, alpha: 0.12))
        addPath(.circle, knob)
        fill(RGBA(red: 1, green: 1, blue: 1))
    }

    /// A determinate progress view: a bar (a frame wider than tall and at most 8 points high:
    /// a 4-point capsule track of the tint at a fifth, the value's part in the tint) or a ring.
    private func drawProgress(_ value: Double, tint: RGBA, in frame: Rect) {
        if frame.width > frame.height, frame.height <= 8 {
            let height = min(frame.height, 4)
            let track = Rect(
                x: frame.x, y: frame.y + (frame.height - height) / 2, width: frame.width, height: height)
            addPath(.capsule, track)
            fill(tint.opacity(0.2))
            guard value > 0 else { return }
            addPath(
                .capsule,
                Rect(x: track.x, y: track.y, width: max(track.width * value, height), height: height))
            fill(tint)
            return
        }
        let diameter = min(frame.width, frame.height)
        let width = max(diameter * 0.12, 1.5)
        let radius = max(diameter / 2 - width / 2, 0)
        let center = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        cairo_new_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
        stroke(tint.opacity(0.2), width: width)
        guard value > 0 else { return }
        cairo_new_path(context)
        cairo_arc(context, center.x, center.y, radius, -.pi / 2, -.pi / 2 + 2 * .pi * value)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        stroke(tint, width: width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    }

    /// An indeterminate progress view: iOS's spinner, eight short rounded strokes in a circle,
    /// fading around it.
    private func drawSpinner(tint: RGBA?, in frame: Rect) {
        let color =
            tint ?? Palette.resolve("gray", scheme: scheme) ?? RGBA(red: 0.56, green: 0.56, blue: 0.58)
        let diameter = min(frame.width, frame.height)
        let width = max(diameter * 0.09, 1)
        let outer = diameter / 2 - width / 2
        let inner = diameter * 0.22
        let center = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        for spoke in 0..<8 {
            let angle = -Double.pi / 2 + Double(spoke) * .pi / 4
            cairo_new_path(context)
            cairo_move_to(context, center.x + cos(angle) * inner, center.y + sin(angle) * inner)
            cairo_line_to(context, center.x + cos(angle) * outer, center.y + sin(angle) * outer)
            stroke(color.opacity(1 - Double(spoke) * 0.1), width: width)
        }
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    }

    // MARK: - Paths and paint

    /// The label colour, for text and symbols that set none.
    private var label: RGBA { Palette.resolve("primary", scheme: scheme) ?? RGBA(red: 0, green: 0, blue: 0) }

    /// Whether any of `frame` is inside the picture.
    /// The most pixels a glyph of a text drawn is high.
    static let largestGlyph = 4_096.0

    /// How many pixels a point is at most and at least, whichever way it points, as the context
    /// is scaled and turned now (the singular values of its matrix).
    private func deviceScales() -> (largest: Double, smallest: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let sum =
            matrix.xx * matrix.xx + matrix.xy * matrix.xy + matrix.yx * matrix.yx + matrix.yy * matrix.yy
        let determinant = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx)
        let largest = ((sum + max(sum * sum - 4 * determinant * determinant, 0).squareRoot()) / 2)
            .squareRoot()
        guard largest.isFinite, largest > 0 else { return (.infinity, 0) }
        return (largest, determinant / largest)
    }

    /// Whether `frame` reaches what can still be drawn on: the picture, inside the clips drawn
    /// through, as the context is scaled, turned and moved now.
    private func isVisible(_ frame: Rect) -> Bool {
        let visible = visibleArea()
        return frame.maxX >= visible.x && frame.maxY >= visible.y && frame.x <= visible.maxX
            && frame.y <= visible.maxY
    }

    /// What can still be drawn on, in the context's coordinates now (the clip's extents).
    private func visibleArea() -> Rect {
        var left = 0.0
        var top = 0.0
        var right = 0.0
        var bottom = 0.0
        cairo_clip_extents(context, &left, &top, &right, &bottom)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Replaces the current path with `shape` at `frame`.
    private func addPath(_ shape: LayoutShape, _ frame: Rect) {
        cairo_new_path(context)
        let radius = shape.cornerRadius(in: frame.size)
        guard radius > 0 else {
            cairo_rectangle(context, frame.x, frame.y, frame.width, frame.height)
            return
        }
        if case .circle = shape {
            cairo_arc(context, frame.x + frame.width / 2, frame.y + frame.height / 2, radius, 0, 2 * .pi)
            return
        }
        let (x, y, maxX, maxY) = (frame.x, frame.y, frame.maxX, frame.maxY)
        cairo_new_sub_path(context)
        cairo_arc(context, maxX - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(context, maxX - radius, maxY - radius, radius, 0, .pi / 2)
        cairo_arc(context, x + radius, maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(context, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(context)
    }

    /// Fills the current path in `color`.
    private func fill(_ color: RGBA) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_fill(context)
    }

    /// Strokes the current path in `color`, `width` points wide.
    private func stroke(_ color: RGBA, width: Double) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(context, width)
        cairo_stroke(context)
    }

    /// `frame` with `fraction` of its width and height taken from each side.
    private func inset(_ frame: Rect, _ fraction: Double) -> Rect {
        let dx = frame.width * fraction
        let dy = frame.height * fraction
        return Rect(
            x: frame.x + dx, y: frame.y + dy, width: frame.width - 2 * dx, height: frame.height - 2 * dy)
    }

    // MARK: - Bad input

    /// `value` in `range`; not a number: the range's lower bound.
    static func clamped(_ value: Double, to range: ClosedRange<Double>) -> Double {
        value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }

    /// `rect` inside ``coordinateLimit``, its lengths never negative.
    static func clamped(_ rect: Rect) -> Rect {
        let limit = coordinateLimit
        return Rect(
            x: clamped(rect.x, to: -limit...limit), y: clamped(rect.y, to: -limit...limit),
            width: clamped(rect.width, to: 0...limit), height: clamped(rect.height, to: 0...limit))
    }

    /// `color` with every component in 0...1.
    static func clamped(_ color: RGBA) -> RGBA {
        RGBA(
            red: clamped(color.red, to: 0...1), green: clamped(color.green, to: 0...1),
            blue: clamped(color.blue, to: 0...1), alpha: clamped(color.alpha, to: 0...1))
    }

    /// `shape` with a corner radius that is a number, never negative.
    static func clamped(_ shape: LayoutShape) -> LayoutShape {
        guard case .roundedRectangle(let radius) = shape else { return shape }
        return .roundedRectangle(cornerRadius: clamped(radius, to: 0...coordinateLimit))
    }

}

// MARK: - Shadows

extension LayoutPainter {
    /// `shadow` with numbers Cairo takes and a colour that shows, or `nil` when it casts nothing.
    static func drawable(_ shadow: LayoutShadow) -> LayoutShadow? {
        let color = clamped(shadow.color)
        guard color.alpha > 0 else { return nil }
        return LayoutShadow(
            color: color, radius: clamped(shadow.radius, to: 0...100),
            x: clamped(shadow.x, to: -1_000...1_000),
            y: clamped(shadow.y, to: -1_000...1_000))
    }

    /// The matrix that draws `node`'s subtree, laid out in `frame`, scaled, turned and moved
    /// about its anchor, or nil when it has no effect. Numbers no view gives are kept within
    /// what Cairo takes.
    static func effects(of node: LayoutNode, in frame: Rect) -> cairo_matrix_t? {
        guard node.scale != nil || node.rotation != nil || node.offset != nil else { return nil }
        func factor(_ value: Double?) -> Double {
            value.map { $0.isFinite ? clamped($0, to: -100...100) : 1 } ?? 1
        }
        let scaleX = factor(node.scale?.width)
        let scaleY = factor(node.scale?.height)
        let degrees = node.rotation.map { $0.isFinite ? $0.truncatingRemainder(dividingBy: 360) : 0 } ?? 0
        let moveX = clamped(node.offset?.width ?? 0, to: -1_000...1_000)
        let moveY = clamped(node.offset?.height ?? 0, to: -1_000...1_000)
        let anchorX = frame.x + frame.width * clamped(node.anchor?.x ?? 0.5, to: -100...100)
        let anchorY = frame.y + frame.height * clamped(node.anchor?.y ?? 0.5, to: -100...100)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, anchorX + moveX, anchorY + moveY)
        cairo_matrix_rotate(&matrix, degrees * .pi / 180)
        cairo_matrix_scale(&matrix, scaleX, scaleY)
        cairo_matrix_translate(&matrix, -anchorX, -anchorY)
        return matrix
    }

    /// Where a subtree laid out in `frame` may draw once `effects` move it: the frame itself at
    /// least (a scale under 1 is not a reason to read less).
    static func drawn(_ frame: Rect, effects: cairo_matrix_t?) -> Rect {
        guard var effects else { return frame }
        var xs = [frame.x, frame.maxX]
        var ys = [frame.y, frame.maxY]
        for (cornerX, cornerY) in [
            (frame.x, frame.y), (frame.maxX, frame.y), (frame.x, frame.maxY), (frame.maxX, frame.maxY),
        ] {
            var x = cornerX
            var y = cornerY
            cairo_matrix_transform_point(&effects, &x, &y)
            xs.append(x)
            ys.append(y)
        }
        let x = xs.min() ?? frame.x
        let y = ys.min() ?? frame.y
        return Rect(x: x, y: y, width: (xs.max() ?? frame.maxX) - x, height: (ys.max() ?? frame.maxY) - y)
    }

    /// Casts `shadow` of the subtree drawn in `layer` (a group's pattern) on the context, under
    /// what is drawn next: the layer's coverage around `frame`, blurred by a Gaussian of half the
    /// radius (three box blurs, as browsers approximate CSS's `drop-shadow`), moved by the offset,
    /// in the shadow's colour.
    fileprivate func cast(_ shadow: LayoutShadow, of layer: OpaquePointer, around frame: Rect) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(layer, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        // The blur and the offset in device pixels (the context is scaled to points).
        var sigma = shadow.radius / 2
        var unused = 0.0
        cairo_user_to_device_distance(context, &sigma, &unused)
        sigma = abs(sigma)
        var moveX = shadow.x
        var moveY = shadow.y
        cairo_user_to_device_distance(context, &moveX, &moveY)
        // The region read: the frame's corners in device pixels, with room for the blur.
        var xs: [Double] = []
        var ys: [Double] = []
        for (x, y) in [
            (frame.x, frame.y), (frame.maxX, frame.y), (frame.x, frame.maxY),
            (frame.maxX, frame.maxY),
        ] {
            var (deviceX, deviceY) = (x, y)
            cairo_user_to_device(context, &deviceX, &deviceY)
            xs.append(deviceX)
            ys.append(deviceY)
        }
        let margin = (3 * sigma).rounded(.up) + 1
        let left = max(0, Int(((xs.min() ?? 0) + offsetX - margin).rounded(.down)))
        let top = max(0, Int(((ys.min() ?? 0) + offsetY - margin).rounded(.down)))
        let right = min(width, Int(((xs.max() ?? 0) + offsetX + margin).rounded(.up)))
        let bottom = min(height, Int(((ys.max() ?? 0) + offsetY + margin).rounded(.up)))
        guard right > left, bottom > top else { return }
        let regionWidth = right - left
        let regionHeight = bottom - top
        // Cairo's ARGB32 is a native 32-bit word a pixel, alpha in its top byte.
        var coverage = [Float](repeating: 0, count: regionWidth * regionHeight)
        for row in 0..<regionHeight {
            let words = UnsafeRawPointer(data + (top + row) * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<regionWidth {
                coverage[row * regionWidth + column] = Float(words[left + column] >> 24)
            }
        }
        ShadowBlur.blur(&coverage, width: regionWidth, height: regionHeight, sigma: sigma)
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(regionWidth), Int32(regionHeight))
        else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS,
            let bytes = cairo_image_surface_get_data(mask)
        else { return }
        let maskStride = Int(cairo_image_surface_get_stride(mask))
        for row in 0..<regionHeight {
            for column in 0..<regionWidth {
                bytes[row * maskStride + column] = UInt8(
                    min(max(coverage[row * regionWidth + column], 0), 255).rounded())
            }
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_rgba(
            context, shadow.color.red, shadow.color.green, shadow.color.blue, shadow.color.alpha)
        cairo_mask_surface(context, mask, Double(left) - offsetX + moveX, Double(top) - offsetY + moveY)
        cairo_restore(context)
    }
}

/// A Gaussian blur of a plane of coverage, approximated by three box blurs of widths chosen for
/// the standard deviation (the approximation browsers use for CSS's blurs).
enum ShadowBlur {
    /// The widths of the three boxes for `sigma` (odd, so each is centred).
    static func boxes(sigma: Double) -> [Int] {
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let lowerCount = Int(
            ((12 * sigma * sigma - passes * Double(lower * lower) - 4 * passes * Double(lower) - 3 * passes)
                / (-4 * Double(lower) - 4)).rounded())
        return (0..<3).map { $0 < lowerCount ? lower : upper }
    }

    /// Blurs `plane` (`width` by `height`, row by row) in place; nothing for a blur under half a
    /// pixel. What lies outside the plane counts as nothing.
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma >= 0.5, width > 0, height > 0 else { return }
        var scratch = [Float](repeating: 0, count: plane.count)
        for box in boxes(sigma: sigma) where box > 1 {
            let radius = box / 2
            pass(
                from: plane, to: &scratch, count: height, length: width, step: 1, line: width, radius: radius)
            pass(
                from: scratch, to: &plane, count: width, length: height, step: width, line: 1, radius: radius)
        }
    }

    /// One box blur along lines: `count` lines of `length` values `step` apart, each line
    /// starting `line` after the previous one.
    private static func pass(
        from source: [Float], to target: inout [Float], count: Int, length: Int, step: Int, line: Int,
        radius: Int
    ) {
        let scale = 1 / Float(2 * radius + 1)
        for index in 0..<count {
            let start = index * line
            var sum: Float = 0
            for offset in 0...min(radius, length - 1) { sum += source[start + offset * step] }
            for position in 0..<length {
                target[start + position * step] = sum * scale
                let entering = position + radius + 1
                let leaving = position - radius
                if entering < length { sum += source[start + entering * step] }
                if leaving >= 0 { sum -= source[start + leaving * step] }
            }
        }
    }
}
