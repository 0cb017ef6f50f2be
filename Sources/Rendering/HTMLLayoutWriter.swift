import Layout
import WidgetHostKit

/// Writes a laid-out widget (the ``LayoutNode`` tree the layout engine computed) as HTML that the
/// browser only draws: every node is an absolutely positioned element at its frame, relative to
/// its parent's (`left`, `top`, `width`, `height` in CSS pixels, one a point), so the browser
/// lays nothing out. A text's lines are the engine's, each on its own line (`white-space:pre`);
/// a background is a fill in its shape; a `clipShape` clips; symbols, switches and progress views
/// are drawn in their frames.
///
/// Light and dark have the same geometry and different colours: the writer walks the light tree
/// with the dark colours of its nodes (``LayoutColours``, placed with it) and writes each colour
/// twice, as custom properties the stylesheet picks from by
/// `prefers-color-scheme` (`--b`/`--bd` a background, `--f`/`--fd` a foreground, `--s`/`--sd` a
/// strikethrough's line, on an element of class `fb`, `ff` or `fs`). Every value in a style is a
/// number formatted here or a colour's ``RGBA/description``: nothing a view says reaches CSS.
struct HTMLLayoutWriter {
    /// Text drawn for symbols the page has no SVG of (the bundles' fallbacks).
    var symbols: [String: String]
    /// The view's controls in `tap`'s order: what each runs or opens, and whether it is disabled.
    var controls: [HTMLControl]
    /// The dark scheme's colours of the light tree's nodes, depth first, a node before its
    /// children (the root's first); a node without its own (a page of one scheme) has its own.
    var dark: [LayoutColours] = []

    /// Appends the HTML of the widget's content (the root's children) to `output`.
    func writeContent(of root: LayoutNode, to output: inout HTMLBytes) {
        var scratch = Scratch()
        // The root is node 0; its children are numbered from 1.
        scratch.next = 1
        withUnsafePointer(to: root) { root in
            writeChildren(of: root, insideControl: false, scratch: &scratch, to: &output)
        }
    }

    /// Appends the style the card itself takes (the root's background, light and dark).
    func writeCardStyle(of root: LayoutNode, to output: inout HTMLBytes) {
        let dark = dark.first?.background ?? root.background
        Self.colour("b", root.background, dark, to: &output)
    }

    /// The dark colours of `node`, the node numbered `index` depth first (its own when there
    /// are none for it).
    private func darkColours(of node: UnsafePointer<LayoutNode>, at index: Int) -> LayoutColours {
        dark.indices.contains(index)
            ? dark[index]
            : LayoutColours(
                foreground: node.pointee.foreground, background: node.pointee.background,
                strikethrough: node.pointee.strikethrough)
    }

    /// The text of one element as it is put together, kept from one element to the next so that
    /// each is written without allocating its own: an element's tag is written before its
    /// children are, so they can take the same.
    private struct Scratch: ~Copyable {
        /// The `class` attribute's names.
        var classes = HTMLBytes(capacity: 64)
        /// The other attributes, each with its leading space.
        var attributes = HTMLBytes(capacity: 256)
        /// The `style` attribute's declarations.
        var style = HTMLBytes(capacity: 512)
        /// What the element holds before its children (a text, a symbol's SVG, a knob).
        var content = HTMLBytes(capacity: 512)
        /// The number of the next node written, depth first (its dark colours' index).
        var next = 0

        /// Empties each, keeping its room.
        mutating func reset() {
            classes.removeAll()
            attributes.removeAll()
            style.removeAll()
            content.removeAll()
        }
    }

    /// Appends the children of `parent`, each at its frame relative to `parent`'s. The nodes
    /// are read where they are, through pointers (a node passed as a value is copied first).
    private func writeChildren(
        of parent: UnsafePointer<LayoutNode>, insideControl: Bool, scratch: inout Scratch,
        to output: inout HTMLBytes
    ) {
        parent.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in children.indices {
                write(
                    first + index, in: parent.pointee.frame, insideControl: insideControl, scratch: &scratch,
                    to: &output)
            }
        }
    }

    /// Appends `node` (light), with its dark colours, at its frame relative to `parent`.
    private func write(
        _ node: UnsafePointer<LayoutNode>, in parent: Rect, insideControl: Bool, scratch: inout Scratch,
        to output: inout HTMLBytes
    ) {
        scratch.reset()
        let dark = darkColours(of: node, at: scratch.next)
        scratch.next += 1
        var tag: StaticString = "div"
        scratch.classes += "n"
        Self.geometry(node.pointee.frame, in: parent, to: &scratch.style)
        var isControl = false
        let type = NodeType(node.pointee.type)

        if let background = node.pointee.background {
            scratch.classes += " fb"
            Self.colour("b", background, dark.background, to: &scratch.style)
            Self.radius(node.pointee.shape, node.pointee.frame.size, to: &scratch.style)
        }
        if type == .clipShape {
            scratch.style += ";overflow:hidden"
            if node.pointee.background == nil {
                Self.radius(node.pointee.shape, node.pointee.frame.size, to: &scratch.style)
            }
        }
        if node.pointee.opacity < 1 {
            scratch.style += ";opacity:"
            Self.appendNumber(max(node.pointee.opacity, 0), decimals: 3, to: &scratch.style)
        }
        if let shadow = node.pointee.shadow {
            // CSS's drop-shadow blurs by a Gaussian of half its radius, as the PNG does.
            scratch.classes += " fh"
            scratch.style += ";--hx:"
            Self.appendNumber(shadow.x, decimals: 2, to: &scratch.style)
            scratch.style += "px;--hy:"
            Self.appendNumber(shadow.y, decimals: 2, to: &scratch.style)
            scratch.style += "px;--hr:"
            Self.appendNumber(max(shadow.radius, 0), decimals: 2, to: &scratch.style)
            scratch.style += "px"
            Self.colour("h", shadow.color, shadow.pairedColor, to: &scratch.style)
        }
        let offset = node.pointee.offset
        let rotation = node.pointee.rotation
        let scale = node.pointee.scale
        if offset != nil || rotation != nil || scale != nil {
            // Scaled, turned (about the anchor, the centre of the node's box unless one is
            // given: CSS's default origin, as SwiftUI's), then moved; CSS applies the functions
            // from the last.
            if let anchor = node.pointee.anchor {
                scratch.style += ";transform-origin:"
                Self.appendNumber(anchor.x * 100, decimals: 2, to: &scratch.style)
                scratch.style += "% "
                Self.appendNumber(anchor.y * 100, decimals: 2, to: &scratch.style)
                scratch.style += "%"
            }
            scratch.style += ";transform:"
            if let offset {
                scratch.style += "translate("
                Self.appendNumber(offset.width, decimals: 2, to: &scratch.style)
                scratch.style += "px,"
                Self.appendNumber(offset.height, decimals: 2, to: &scratch.style)
                scratch.style += "px)"
            }
            if let rotation {
                scratch.style += "rotate("
                Self.appendNumber(rotation, decimals: 2, to: &scratch.style)
                scratch.style += "deg)"
            }
            if let scale {
                scratch.style += "scale("
                Self.appendNumber(scale.width, decimals: 3, to: &scratch.style)
                if scale.height != scale.width {
                    scratch.style += ","
                    Self.appendNumber(scale.height, decimals: 3, to: &scratch.style)
                }
                scratch.style += ")"
            }
        }

        if let number = node.pointee.control {
            let control = control(number)
            isControl = true
            // The class names a control's kind from the writer's own words, whatever the type says.
            scratch.classes +=
                type == .link ? " control link" : type == .toggle ? " control toggle" : " control button"
            scratch.attributes += " data-control=\""
            Self.appendInteger(number, to: &scratch.attributes)
            scratch.attributes += "\""
            if let intent = control.intentType {
                scratch.attributes += " data-intent=\""
                HTMLText.append(intent, to: &scratch.attributes)
                scratch.attributes += "\""
            }
            if insideControl {
                // A control inside another is not an element the parser nests: a span with a role.
                tag = "span"
                scratch.attributes += type == .link ? " role=\"link\"" : " role=\"button\""
            } else if type == .link {
                tag = "a"
            } else {
                tag = "button"
                scratch.attributes += " type=\"button\""
            }
            if type == .link, let url = control.url, HTMLText.isSafeLink(url) {
                scratch.attributes += " href=\""
                HTMLText.append(url, to: &scratch.attributes)
                scratch.attributes += "\""
            }
            if type == .toggle {
                scratch.attributes += " role=\"switch\" aria-checked=\""
                scratch.attributes += Self.isOn(node) ? "true\"" : "false\""
            }
            if control.isDisabled { scratch.attributes += " data-disabled=\"\"" }
            if !Self.hasText(node),
                let label = control.intentType ?? control.url
            {
                // Nothing of it reads as text: its intent or URL names it.
                scratch.attributes += " aria-label=\""
                HTMLText.append(label, to: &scratch.attributes)
                scratch.attributes += "\""
            }
        }

        if let lines = node.pointee.lines {
            tag = isControl ? tag : "span"
            scratch.classes += " t"
            text(node, dark: dark, to: &scratch.style, classes: &scratch.classes)
            // The lines one to a line, each escaped (a line break is written as it is).
            for (index, line) in lines.enumerated() {
                if index > 0 { scratch.content.write(byte: UInt8(ascii: "\n")) }
                HTMLText.append(line, to: &scratch.content)
            }
        } else {
            switch type {
            case .image:
                tag = isControl ? tag : "span"
                image(node, dark: dark, scratch: &scratch)
            case .switch:
                switchTrack(
                    node, dark: dark, isOn: node.pointee.isOn ?? false, style: &scratch.style,
                    classes: &scratch.classes)
                Self.knob(in: node.pointee.frame.size, isOn: node.pointee.isOn ?? false, to: &scratch.content)
            case .progress:
                scratch.attributes += " role=\"progressbar\""
                if let value = node.pointee.value {
                    scratch.attributes += " aria-valuenow=\""
                    Self.appendNumber(min(max(value, 0), 1) * 100, decimals: 1, to: &scratch.attributes)
                    scratch.attributes += "\""
                }
            default:
                break
            }
        }

        output.reserve(
            scratch.classes.count + scratch.attributes.count + scratch.style.count + scratch.content.count
                + 2 * tag.utf8CodeUnitCount + 24)
        output += "<"
        output += tag
        output += " class=\""
        output += scratch.classes
        output += "\""
        output += scratch.attributes
        output += " style=\""
        output += scratch.style
        output += "\">"
        output += scratch.content
        writeChildren(of: node, insideControl: insideControl || isControl, scratch: &scratch, to: &output)
        if node.pointee.lines == nil, type == .progress { progress(node, dark: dark, to: &output) }
        output += "</"
        output += tag
        output += ">"
    }

    /// The node types the writer tells apart, read once from a node's `type`.
    private enum NodeType {
        case clipShape, link, toggle, image, `switch`, progress, other

        init(_ type: String) {
            switch type {
            case "clipShape": self = .clipShape
            case "link": self = .link
            case "toggle": self = .toggle
            case "image": self = .image
            case "switch": self = .switch
            case "progress": self = .progress
            default: self = .other
            }
        }
    }

    /// The control numbered `number` as `tap` numbers it (from 1), as the view has it.
    private func control(_ number: Int) -> HTMLControl {
        number >= 1 && number <= controls.count ? controls[number - 1] : HTMLControl(isDisabled: false)
    }

    /// Whether `node` or a node under it is a text.
    private static func hasText(_ node: UnsafePointer<LayoutNode>) -> Bool {
        if node.pointee.lines != nil { return true }
        return node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return false }
            return children.indices.contains { hasText(first + $0) }
        }
    }

    /// A toggle's state: its own, or its switch's (the first switch under it, depth first).
    private static func isOn(_ node: UnsafePointer<LayoutNode>) -> Bool {
        node.pointee.isOn ?? firstSwitch(in: node).flatMap { $0 } ?? false
    }

    /// The state of `node`, or of the first node under it depth first, whose type is `switch`
    /// (`nil` when there is none; `.some(nil)` when it has none).
    private static func firstSwitch(in node: UnsafePointer<LayoutNode>) -> Bool?? {
        if node.pointee.type == "switch" { return .some(node.pointee.isOn) }
        return node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return nil }
            for index in children.indices {
                if let found = firstSwitch(in: first + index) { return found }
            }
            return nil
        }
    }

    /// A text's font, line height, alignment, colour and strikethrough.
    private func text(
        _ node: UnsafePointer<LayoutNode>, dark: LayoutColours, to style: inout HTMLBytes,
        classes: inout HTMLBytes
    ) {
        let font = node.pointee.font ?? TextStyles.body
        style += ";font-size:"
        Self.appendPx(font.size, to: &style)
        if font.weight != 400 {
            style += ";font-weight:"
            Self.appendInteger(min(max(font.weight, 100), 900), to: &style)
        }
        style += ";line-height:"
        Self.appendPx(node.pointee.lineHeight ?? font.lineHeight, to: &style)
        switch node.pointee.textAlignment {
        case "center": style += ";text-align:center"
        case "trailing": style += ";text-align:right"
        default: break
        }
        if let foreground = node.pointee.foreground {
            classes += " ff"
            Self.colour("f", foreground, dark.foreground, to: &style)
        }
        if let strikethrough = node.pointee.strikethrough {
            classes += " fs"
            style += ";text-decoration:line-through"
            Self.colour("s", strikethrough, dark.strikethrough, to: &style)
        }
    }

    /// A symbol: its SVG sized to the frame, else the bundle's text for it, else a square titled
    /// with its name.
    private func image(_ node: UnsafePointer<LayoutNode>, dark: LayoutColours, scratch: inout Scratch) {
        let name = node.pointee.systemName ?? ""
        scratch.attributes += " role=\"img\" aria-label=\""
        HTMLText.append(name, to: &scratch.attributes)
        scratch.attributes += "\""
        scratch.classes += " i"
        if let foreground = node.pointee.foreground {
            scratch.classes += " ff"
            Self.colour("f", foreground, dark.foreground, to: &scratch.style)
        }
        if let svg = HTMLVocabulary.symbols[name] {
            scratch.content += "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">"
            scratch.content.write(string: svg)
            scratch.content += "</svg>"
        } else if let text = symbols[name] {
            scratch.style += ";font-size:"
            Self.appendPx(node.pointee.font?.size ?? node.pointee.frame.height * 0.8, to: &scratch.style)
            scratch.style += ";line-height:"
            Self.appendPx(node.pointee.frame.height, to: &scratch.style)
            HTMLText.append(text, to: &scratch.content)
        } else {
            scratch.classes += " unknown"
            scratch.attributes += " title=\""
            HTMLText.append(name, to: &scratch.attributes)
            scratch.attributes += "\""
        }
    }

    /// An iOS switch's track: the tint when on, the fill colour when off, a capsule.
    private func switchTrack(
        _ node: UnsafePointer<LayoutNode>, dark: LayoutColours, isOn: Bool, style: inout HTMLBytes,
        classes: inout HTMLBytes
    ) {
        classes += " sw fb"
        let light =
            isOn ? node.pointee.foreground ?? Palette.resolve("green", scheme: .light) : Self.track(.light)
        let darkColour = isOn ? dark.foreground ?? Palette.resolve("green", scheme: .dark) : Self.track(.dark)
        Self.colour("b", light, darkColour, to: &style)
        style += ";border-radius:"
        Self.appendPx(min(node.pointee.frame.width, node.pointee.frame.height) / 2, to: &style)
    }

    /// A switch's knob: a white disc 2 points inside the track, at its end when on.
    private static func knob(in size: Size, isOn: Bool, to output: inout HTMLBytes) {
        let diameter = max(size.height - 4, 0)
        let left = isOn ? max(size.width - 2 - diameter, 0) : 2
        output += "<i class=\"k\" style=\"left:"
        appendPx(left, to: &output)
        output += ";top:2px;width:"
        appendPx(diameter, to: &output)
        output += ";height:"
        appendPx(diameter, to: &output)
        output += "\"></i>"
    }

    /// The colour of an empty track (a switch that is off, a progress view's remainder).
    private static func track(_ scheme: ColorScheme) -> RGBA? {
        Palette.resolve("fill", scheme: scheme)
    }

    /// A progress view's own drawing, after its label: a bar along the bottom of its frame when
    /// the frame is wide, a ring in it otherwise; a fraction of it in the tint, or a moving part
    /// of it when indeterminate.
    private func progress(_ node: UnsafePointer<LayoutNode>, dark: LayoutColours, to output: inout HTMLBytes)
    {
        let size = node.pointee.frame.size
        var fill = HTMLBytes()
        Self.colour(
            "f", node.pointee.foreground ?? Palette.accent(.light), dark.foreground ?? Palette.accent(.dark),
            to: &fill)
        var track = HTMLBytes()
        Self.colour("b", Self.track(.light), Self.track(.dark), to: &track)
        let fraction = node.pointee.value.map { min(max($0, 0), 1) }
        if size.width >= 2 * size.height || size.height <= 8 {
            let thickness = min(4, size.height)
            output += "<div class=\"n bar fb\" style=\"left:0px;top:"
            Self.appendPx(size.height - thickness, to: &output)
            output += ";width:"
            Self.appendPx(size.width, to: &output)
            output += ";height:"
            Self.appendPx(thickness, to: &output)
            output += ";border-radius:"
            Self.appendPx(thickness / 2, to: &output)
            output += track
            output += "\">"
            // The filled part: from the start, or a third in the middle when indeterminate.
            let width = size.width * (fraction ?? 1.0 / 3)
            let left = fraction == nil ? (size.width - width) / 2 : 0
            output += "<div class=\"n ff\" style=\"left:"
            Self.appendPx(left, to: &output)
            output += ";top:0px;width:"
            Self.appendPx(width, to: &output)
            output += ";height:"
            Self.appendPx(thickness, to: &output)
            output += ";background:currentColor;border-radius:"
            Self.appendPx(thickness / 2, to: &output)
            output += fill
            output += "\"></div></div>"
            return
        }
        let diameter = min(size.width, size.height)
        let stroke = max(2, (diameter / 10).rounded())
        let radius = max((diameter - stroke) / 2, 0)
        output += "<svg class=\"n ring ff\" viewBox=\"0 0 "
        Self.appendNumber(diameter, decimals: 2, to: &output)
        output += " "
        Self.appendNumber(diameter, decimals: 2, to: &output)
        output += "\" style=\"left:"
        Self.appendPx((size.width - diameter) / 2, to: &output)
        output += ";top:"
        Self.appendPx((size.height - diameter) / 2, to: &output)
        output += ";width:"
        Self.appendPx(diameter, to: &output)
        output += ";height:"
        Self.appendPx(diameter, to: &output)
        output += fill
        output += track
        output += "\" aria-hidden=\"true\">"
        var circle = HTMLBytes()
        circle += "<circle cx=\""
        Self.appendNumber(diameter / 2, decimals: 2, to: &circle)
        circle += "\" cy=\""
        Self.appendNumber(diameter / 2, decimals: 2, to: &circle)
        circle += "\" r=\""
        Self.appendNumber(radius, decimals: 2, to: &circle)
        circle += "\" fill=\"none\" stroke-width=\""
        Self.appendNumber(stroke, decimals: 2, to: &circle)
        circle += "\" pathLength=\"100\""
        output += circle
        output += " class=\"track\"/>"
        let share = (fraction ?? 0.25) * 100
        output += circle
        output += " stroke=\"currentColor\" stroke-linecap=\"round\" stroke-dasharray=\""
        Self.appendNumber(share, decimals: 1, to: &output)
        output += " 100\" transform=\"rotate(-90 "
        Self.appendNumber(diameter / 2, decimals: 2, to: &output)
        output += " "
        Self.appendNumber(diameter / 2, decimals: 2, to: &output)
        output += ")\"/>"
        output += "</svg>"
    }

    /// `left`, `top`, `width` and `height` of `frame` relative to `parent`.
    private static func geometry(_ frame: Rect, in parent: Rect, to style: inout HTMLBytes) {
        style.write("left:")
        appendPx(frame.x - parent.x, to: &style)
        style.write(";top:")
        appendPx(frame.y - parent.y, to: &style)
        style.write(";width:")
        appendPx(frame.width, to: &style)
        style.write(";height:")
        appendPx(frame.height, to: &style)
    }

    /// `border-radius` of `shape` in a frame of `size`, when it has corners to round.
    private static func radius(_ shape: LayoutShape?, _ size: Size, to style: inout HTMLBytes) {
        guard let shape else { return }
        let radius = shape.cornerRadius(in: size)
        guard radius > 0 else { return }
        style.write(";border-radius:")
        appendPx(radius, to: &style)
    }

    /// Appends `;--NAME:LIGHT;--NAMEd:DARK`: a colour in both schemes (the light one for dark
    /// when the dark tree has none).
    static func colour(
        _ name: StaticString, _ light: RGBA?, _ dark: RGBA?, to style: inout some HTMLOutput & ~Copyable
    ) {
        guard let light else { return }
        style.write(";--")
        style.write(name)
        style.write(":")
        hex(light, to: &style)
        style.write(";--")
        style.write(name)
        style.write("d:")
        hex(dark ?? light, to: &style)
    }

    /// Appends `colour` as ``RGBA/description`` writes it (`#RRGGBB`, or `#RRGGBBAA` when not
    /// opaque), without the strings it makes on the way: the page writes a few colours a node.
    static func hex(_ colour: RGBA, to output: inout some HTMLOutput & ~Copyable) {
        let digits: StaticString = "0123456789ABCDEF"
        let count = colour.alpha >= 1 ? 7 : 9
        output.write(upTo: count) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for index in 0..<(count - 1) / 2 {
                let component =
                    index == 0
                    ? colour.red : index == 1 ? colour.green : index == 2 ? colour.blue : colour.alpha
                let byte = component.isNaN ? 0 : roundedToInt(min(max(component, 0), 1) * 255)
                buffer[1 + 2 * index] = digits.utf8Start[byte >> 4]
                buffer[2 + 2 * index] = digits.utf8Start[byte & 0xF]
            }
            return count
        }
    }

    /// `value` points as CSS pixels: at most two decimals, never exponent notation, a value
    /// that is not finite as 0 and a huge one bounded.
    static func px(_ value: Double) -> String {
        var output = ""
        appendPx(value, to: &output)
        return output
    }

    /// Appends `value` points as ``px(_:)`` writes them.
    static func appendPx(_ value: Double, to output: inout some HTMLOutput & ~Copyable) {
        appendNumber(value, decimals: 2, to: &output)
        output.write("px")
    }

    /// `value` with at most `decimals` decimals (trailing zeros dropped), bounded to a million
    /// either way, a value that is not finite as 0.
    static func number(_ value: Double, decimals: Int) -> String {
        var output = ""
        appendNumber(value, decimals: decimals, to: &output)
        return output
    }

    /// Appends `value` as ``number(_:decimals:)`` writes it, its digits put together on the
    /// stack (a page writes four or more numbers an element).
    static func appendNumber(_ value: Double, decimals: Int, to output: inout some HTMLOutput & ~Copyable) {
        guard value.isFinite else {
            output.write("0")
            return
        }
        var scale: UInt = 1
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        let scaled = roundedToInt(min(max(value, -1e6), 1e6) * Double(scale))
        let magnitude = scaled.magnitude
        var whole: UInt
        var fraction: UInt
        if decimals == 2 {
            // Points, most of the page's numbers: divided by a constant, not by `scale`.
            (whole, fraction) = hundredths(magnitude)
        } else {
            (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: scale)
        }
        var digits = decimals
        while fraction > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // At most a sign, 7 digits of whole points (a million), a point and the decimals,
        // written in place: the whole digits counted first, then each put at its place.
        var wholeDigits = 1
        var rest = whole
        while rest >= 10 {
            rest /= 10
            wholeDigits += 1
        }
        let length = (scaled < 0 ? 1 : 0) + wholeDigits + (fraction > 0 ? 1 + digits : 0)
        output.write(upTo: length) { start in
            var end = length
            if fraction > 0 {
                for _ in 0..<digits {
                    end -= 1
                    start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                end -= 1
                start[end] = UInt8(ascii: ".")
            }
            repeat {
                end -= 1
                start[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            if scaled < 0 {
                end -= 1
                start[end] = UInt8(ascii: "-")
            }
            return length
        }
    }

    /// `value` rounded to the nearest integer, halves away from zero, as `Int(value.rounded())`
    /// gives it, without the call to the C library's `round` that is: the integer part is cut
    /// off by the conversion, and what is left (`value` less it, exact for a value under 2^52)
    /// says whether to round away. `value` is finite and well inside `Int`'s range.
    @inline(__always)
    private static func roundedToInt(_ value: Double) -> Int {
        let whole = Int(value)
        let rest = value - Double(whole)
        if rest >= 0.5 { return whole + 1 }
        if rest <= -0.5 { return whole - 1 }
        return whole
    }

    /// `magnitude` divided by 100 and its remainder, a function of its own so that the division
    /// by the constant is a multiplication (folded into its caller, it became a division by a
    /// variable shared with the other scales).
    @inline(never)
    private static func hundredths(_ magnitude: UInt) -> (UInt, UInt) {
        magnitude.quotientAndRemainder(dividingBy: 100)
    }

    /// Appends `value` in decimal digits, as `String(value)` writes it.
    static func appendInteger(_ value: Int, to output: inout some HTMLOutput & ~Copyable) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var end = buffer.count
            var magnitude = value.magnitude
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            output.write(utf8: UnsafeBufferPointer(rebasing: buffer[end...]))
        }
    }
}
