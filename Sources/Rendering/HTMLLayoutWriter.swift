import Layout
import WidgetHostKit

/// Writes a laid-out widget (the ``LayoutNode`` tree the layout engine computed) as HTML that the
/// browser only draws: every node is an absolutely positioned element at its frame, relative to
/// its parent's (`left`, `top`, `width`, `height` in CSS pixels, one a point), so the browser
/// lays nothing out. A text's lines are the engine's, each on its own line (`white-space:pre`);
/// a background is a fill in its shape; a `clipShape` clips; symbols, switches and progress views
/// are drawn in their frames.
///
/// Light and dark have the same geometry and different colours: the writer walks the two trees
/// together and writes each colour twice, as custom properties the stylesheet picks from by
/// `prefers-color-scheme` (`--b`/`--bd` a background, `--f`/`--fd` a foreground, `--s`/`--sd` a
/// strikethrough's line, on an element of class `fb`, `ff` or `fs`). Every value in a style is a
/// number formatted here or a colour's ``RGBA/description``: nothing a view says reaches CSS.
struct HTMLLayoutWriter {
    /// Text drawn for symbols the page has no SVG of (the bundles' fallbacks).
    var symbols: [String: String]
    /// The view's controls in `tap`'s order: what each runs or opens, and whether it is disabled.
    var controls: [HTMLControl]

    /// The HTML of the widget's content (the root's children) and the style the card itself
    /// takes (the root's background, light and dark).
    func content(light: LayoutNode, dark: LayoutNode) -> (html: String, cardStyle: String) {
        var html = HTMLBytes()
        html.reserveCapacity(8192)
        var scratch = Scratch()
        writeChildren(of: light, dark: dark, insideControl: false, scratch: &scratch, to: &html)
        var cardStyle = ""
        Self.colour("b", light.background, dark.background, to: &cardStyle)
        return (html.string, cardStyle)
    }

    /// The text of one element as it is put together, kept from one element to the next so that
    /// each is written without allocating its own: an element's tag is written before its
    /// children are, so they can take the same.
    private struct Scratch {
        /// The `class` attribute's names.
        var classes = HTMLBytes()
        /// The other attributes, each with its leading space.
        var attributes = HTMLBytes()
        /// The `style` attribute's declarations.
        var style = HTMLBytes()
        /// What the element holds before its children (a text, a symbol's SVG, a knob).
        var content = HTMLBytes()

        /// Empties each, keeping its room.
        mutating func reset() {
            classes.removeAll()
            attributes.removeAll()
            style.removeAll()
            content.removeAll()
        }
    }

    /// Appends the children of `light`, each with the colours of `dark`'s child at its index (or
    /// its own when the dark tree has no such child: the two trees have the same shape; this only
    /// keeps a mismatch from failing), at its frame relative to `light`'s. The children are read
    /// where they are, not copied.
    private func writeChildren(
        of light: LayoutNode, dark: LayoutNode, insideControl: Bool, scratch: inout Scratch,
        to output: inout HTMLBytes
    ) {
        light.children.withUnsafeBufferPointer { children in
            dark.children.withUnsafeBufferPointer { darkChildren in
                for index in children.indices {
                    // The dark child passed as it is, not through a value made of one or the other.
                    if index < darkChildren.count {
                        write(
                            children[index], dark: darkChildren[index], in: light.frame,
                            insideControl: insideControl, scratch: &scratch, to: &output)
                    } else {
                        write(
                            children[index], dark: children[index], in: light.frame,
                            insideControl: insideControl, scratch: &scratch, to: &output)
                    }
                }
            }
        }
    }

    /// Appends `node` (light), with `dark`'s colours, at its frame relative to `parent`.
    private func write(
        _ node: LayoutNode, dark: LayoutNode, in parent: Rect, insideControl: Bool, scratch: inout Scratch,
        to output: inout HTMLBytes
    ) {
        scratch.reset()
        var tag = "div"
        scratch.classes += "n"
        Self.geometry(node.frame, in: parent, to: &scratch.style)
        var drawn = ""
        var isControl = false

        if let background = node.background {
            scratch.classes += " fb"
            Self.colour("b", background, dark.background, to: &scratch.style)
            Self.radius(node.shape, node.frame.size, to: &scratch.style)
        }
        if node.type == "clipShape" {
            scratch.style += ";overflow:hidden"
            if node.background == nil { Self.radius(node.shape, node.frame.size, to: &scratch.style) }
        }
        if node.opacity < 1 {
            scratch.style += ";opacity:"
            Self.appendNumber(max(node.opacity, 0), decimals: 3, to: &scratch.style)
        }

        if let number = node.control {
            let control = control(number)
            isControl = true
            // The class names a control's kind from the writer's own words, whatever the type says.
            scratch.classes +=
                node.type == "link"
                ? " control link" : node.type == "toggle" ? " control toggle" : " control button"
            scratch.attributes += " data-control=\"\(number)\""
            if let intent = control.intentType {
                scratch.attributes += " data-intent=\""
                HTMLText.append(intent, to: &scratch.attributes)
                scratch.attributes += "\""
            }
            if insideControl {
                // A control inside another is not an element the parser nests: a span with a role.
                tag = "span"
                scratch.attributes += node.type == "link" ? " role=\"link\"" : " role=\"button\""
            } else if node.type == "link" {
                tag = "a"
            } else {
                tag = "button"
                scratch.attributes += " type=\"button\""
            }
            if node.type == "link", let url = control.url, HTMLText.isSafeLink(url) {
                scratch.attributes += " href=\""
                HTMLText.append(url, to: &scratch.attributes)
                scratch.attributes += "\""
            }
            if node.type == "toggle" {
                scratch.attributes += " role=\"switch\" aria-checked=\"\(Self.isOn(node))\""
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

        if let lines = node.lines {
            tag = isControl ? tag : "span"
            scratch.classes += " t"
            text(node, dark: dark, to: &scratch.style, classes: &scratch.classes)
            HTMLText.append(lines.joined(separator: "\n"), to: &scratch.content)
        } else {
            switch node.type {
            case "image":
                tag = isControl ? tag : "span"
                image(
                    node, dark: dark, attributes: &scratch.attributes, style: &scratch.style,
                    classes: &scratch.classes,
                    content: &scratch.content)
            case "switch":
                switchTrack(
                    node, dark: dark, isOn: node.isOn ?? false, style: &scratch.style,
                    classes: &scratch.classes)
                scratch.content += Self.knob(in: node.frame.size, isOn: node.isOn ?? false)
            case "progress":
                scratch.attributes += " role=\"progressbar\""
                if let value = node.value {
                    scratch.attributes +=
                        " aria-valuenow=\"" + Self.number(min(max(value, 0), 1) * 100, decimals: 1)
                        + "\""
                }
                drawn = progress(node, dark: dark)
            default:
                break
            }
        }

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
        writeChildren(
            of: node, dark: dark, insideControl: insideControl || isControl, scratch: &scratch, to: &output)
        output += drawn
        output += "</"
        output += tag
        output += ">"
    }

    /// The control numbered `number` as `tap` numbers it (from 1), as the view has it.
    private func control(_ number: Int) -> HTMLControl {
        number >= 1 && number <= controls.count ? controls[number - 1] : HTMLControl(isDisabled: false)
    }

    /// Whether `node` or a node under it is a text.
    private static func hasText(_ node: LayoutNode) -> Bool {
        if node.lines != nil { return true }
        return node.children.withUnsafeBufferPointer { children in
            children.contains { hasText($0) }
        }
    }

    /// A toggle's state: its own, or its switch's.
    private static func isOn(_ node: LayoutNode) -> Bool {
        node.isOn ?? node.allNodes.first { $0.type == "switch" }?.isOn ?? false
    }

    /// A text's font, line height, alignment, colour and strikethrough.
    private func text(
        _ node: LayoutNode, dark: LayoutNode, to style: inout HTMLBytes, classes: inout HTMLBytes
    ) {
        let font = node.font ?? TextStyles.body
        style += ";font-size:"
        Self.appendPx(font.size, to: &style)
        if font.weight != 400 {
            style += ";font-weight:"
            style += String(min(max(font.weight, 100), 900))
        }
        style += ";line-height:"
        Self.appendPx(node.lineHeight ?? font.lineHeight, to: &style)
        switch node.textAlignment {
        case "center": style += ";text-align:center"
        case "trailing": style += ";text-align:right"
        default: break
        }
        if let foreground = node.foreground {
            classes += " ff"
            Self.colour("f", foreground, dark.foreground, to: &style)
        }
        if let strikethrough = node.strikethrough {
            classes += " fs"
            style += ";text-decoration:line-through"
            Self.colour("s", strikethrough, dark.strikethrough, to: &style)
        }
    }

    /// A symbol: its SVG sized to the frame, else the bundle's text for it, else a square titled
    /// with its name.
    private func image(
        _ node: LayoutNode, dark: LayoutNode, attributes: inout HTMLBytes, style: inout HTMLBytes,
        classes: inout HTMLBytes, content: inout HTMLBytes
    ) {
        let name = node.systemName ?? ""
        attributes += " role=\"img\" aria-label=\""
        HTMLText.append(name, to: &attributes)
        attributes += "\""
        classes += " i"
        if let foreground = node.foreground {
            classes += " ff"
            Self.colour("f", foreground, dark.foreground, to: &style)
        }
        if let svg = HTMLVocabulary.symbols[name] {
            content += "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">" + svg + "</svg>"
        } else if let text = symbols[name] {
            style += ";font-size:" + Self.px(node.font?.size ?? node.frame.height * 0.8)
            style += ";line-height:" + Self.px(node.frame.height)
            HTMLText.append(text, to: &content)
        } else {
            classes += " unknown"
            attributes += " title=\""
            HTMLText.append(name, to: &attributes)
            attributes += "\""
        }
    }

    /// An iOS switch's track: the tint when on, the fill colour when off, a capsule.
    private func switchTrack(
        _ node: LayoutNode, dark: LayoutNode, isOn: Bool, style: inout HTMLBytes, classes: inout HTMLBytes
    ) {
        classes += " sw fb"
        let light = isOn ? node.foreground ?? Palette.resolve("green", scheme: .light) : Self.track(.light)
        let darkColour = isOn ? dark.foreground ?? Palette.resolve("green", scheme: .dark) : Self.track(.dark)
        Self.colour("b", light, darkColour, to: &style)
        style += ";border-radius:" + Self.px(min(node.frame.width, node.frame.height) / 2)
    }

    /// A switch's knob: a white disc 2 points inside the track, at its end when on.
    private static func knob(in size: Size, isOn: Bool) -> String {
        let diameter = max(size.height - 4, 0)
        let left = isOn ? max(size.width - 2 - diameter, 0) : 2
        return "<i class=\"k\" style=\"left:" + px(left) + ";top:2px;width:" + px(diameter) + ";height:"
            + px(diameter) + "\"></i>"
    }

    /// The colour of an empty track (a switch that is off, a progress view's remainder).
    private static func track(_ scheme: ColorScheme) -> RGBA? {
        Palette.resolve("fill", scheme: scheme)
    }

    /// A progress view's own drawing, after its label: a bar along the bottom of its frame when
    /// the frame is wide, a ring in it otherwise; a fraction of it in the tint, or a moving part
    /// of it when indeterminate.
    private func progress(_ node: LayoutNode, dark: LayoutNode) -> String {
        let size = node.frame.size
        var fill = ""
        Self.colour(
            "f", node.foreground ?? Palette.accent(.light), dark.foreground ?? Palette.accent(.dark),
            to: &fill)
        var track = ""
        Self.colour("b", Self.track(.light), Self.track(.dark), to: &track)
        let fraction = node.value.map { min(max($0, 0), 1) }
        if size.width >= 2 * size.height || size.height <= 8 {
            let thickness = min(4, size.height)
            var output = "<div class=\"n bar fb\" style=\"left:0px;top:" + Self.px(size.height - thickness)
            output += ";width:" + Self.px(size.width) + ";height:" + Self.px(thickness)
            output += ";border-radius:" + Self.px(thickness / 2) + track + "\">"
            // The filled part: from the start, or a third in the middle when indeterminate.
            let width = size.width * (fraction ?? 1.0 / 3)
            let left = fraction == nil ? (size.width - width) / 2 : 0
            output += "<div class=\"n ff\" style=\"left:" + Self.px(left) + ";top:0px;width:" + Self.px(width)
            output += ";height:" + Self.px(thickness) + ";background:currentColor;border-radius:"
            output += Self.px(thickness / 2) + fill + "\"></div></div>"
            return output
        }
        let diameter = min(size.width, size.height)
        let stroke = max(2, (diameter / 10).rounded())
        let radius = max((diameter - stroke) / 2, 0)
        var output = "<svg class=\"n ring ff\" viewBox=\"0 0 " + Self.number(diameter, decimals: 2) + " "
        output +=
            Self.number(diameter, decimals: 2) + "\" style=\"left:" + Self.px((size.width - diameter) / 2)
        output += ";top:" + Self.px((size.height - diameter) / 2) + ";width:" + Self.px(diameter)
        output += ";height:" + Self.px(diameter) + fill + track + "\" aria-hidden=\"true\">"
        let circle =
            "<circle cx=\"" + Self.number(diameter / 2, decimals: 2) + "\" cy=\""
            + Self.number(diameter / 2, decimals: 2) + "\" r=\"" + Self.number(radius, decimals: 2)
            + "\" fill=\"none\" stroke-width=\"" + Self.number(stroke, decimals: 2) + "\" pathLength=\"100\""
        output += circle + " class=\"track\"/>"
        let share = (fraction ?? 0.25) * 100
        output += circle + " stroke=\"currentColor\" stroke-linecap=\"round\" stroke-dasharray=\""
        output += Self.number(share, decimals: 1) + " 100\" transform=\"rotate(-90 "
        output +=
            Self.number(diameter / 2, decimals: 2) + " " + Self.number(diameter / 2, decimals: 2) + ")\"/>"
        return output + "</svg>"
    }

    /// `left`, `top`, `width` and `height` of `frame` relative to `parent`.
    private static func geometry(_ frame: Rect, in parent: Rect, to style: inout some HTMLOutput) {
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
    private static func radius(_ shape: LayoutShape?, _ size: Size, to style: inout some HTMLOutput) {
        guard let shape else { return }
        let radius = shape.cornerRadius(in: size)
        guard radius > 0 else { return }
        style.write(";border-radius:")
        appendPx(radius, to: &style)
    }

    /// Appends `;--NAME:LIGHT;--NAMEd:DARK`: a colour in both schemes (the light one for dark
    /// when the dark tree has none).
    static func colour(_ name: String, _ light: RGBA?, _ dark: RGBA?, to style: inout some HTMLOutput) {
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
    static func hex(_ colour: RGBA, to output: inout some HTMLOutput) {
        let digits: StaticString = "0123456789ABCDEF"
        let count = colour.alpha >= 1 ? 7 : 9
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for index in 0..<(count - 1) / 2 {
                let component =
                    index == 0
                    ? colour.red : index == 1 ? colour.green : index == 2 ? colour.blue : colour.alpha
                let byte = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255).rounded())
                buffer[1 + 2 * index] = digits.utf8Start[byte >> 4]
                buffer[2 + 2 * index] = digits.utf8Start[byte & 0xF]
            }
            output.write(utf8: UnsafeBufferPointer(rebasing: buffer[..<count]))
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
    static func appendPx(_ value: Double, to output: inout some HTMLOutput) {
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
    static func appendNumber(_ value: Double, decimals: Int, to output: inout some HTMLOutput) {
        guard value.isFinite else {
            output.write("0")
            return
        }
        var scale: UInt = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((min(max(value, -1e6), 1e6) * Double(scale)).rounded())
        let magnitude = scaled.magnitude
        var whole = magnitude / scale
        var fraction = magnitude % scale
        var digits = decimals
        while fraction > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // At most a sign, 7 digits of whole points (a million), a point and the decimals.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10 + decimals) { buffer in
            var end = buffer.count
            if fraction > 0 {
                for _ in 0..<digits {
                    end -= 1
                    buffer[end] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                end -= 1
                buffer[end] = UInt8(ascii: ".")
            }
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
            if scaled < 0 {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            output.write(utf8: UnsafeBufferPointer(rebasing: buffer[end...]))
        }
    }
}
