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
        var html = ""
        html.reserveCapacity(4096)
        for (index, child) in light.children.enumerated() {
            write(
                child, dark: Self.child(dark, index, or: child), in: light.frame, insideControl: false,
                to: &html)
        }
        var cardStyle = ""
        Self.colour("b", light.background, dark.background, to: &cardStyle)
        return (html, cardStyle)
    }

    /// The `index`th child of `dark`, or `light` when the dark tree has no such child (the two
    /// trees have the same shape; this only keeps a mismatch from failing).
    private static func child(_ dark: LayoutNode, _ index: Int, or light: LayoutNode) -> LayoutNode {
        index < dark.children.count ? dark.children[index] : light
    }

    /// Appends `node` (light), with `dark`'s colours, at its frame relative to `parent`.
    private func write(
        _ node: LayoutNode, dark: LayoutNode, in parent: Rect, insideControl: Bool, to output: inout String
    ) {
        var tag = "div"
        var classes = "n"
        var attributes = ""
        var style = ""
        Self.geometry(node.frame, in: parent, to: &style)
        var content = ""
        var drawn = ""
        var isControl = false

        if let background = node.background {
            classes += " fb"
            Self.colour("b", background, dark.background, to: &style)
            Self.radius(node.shape, node.frame.size, to: &style)
        }
        if node.type == "clipShape" {
            style += ";overflow:hidden"
            if node.background == nil { Self.radius(node.shape, node.frame.size, to: &style) }
        }
        if node.opacity < 1 {
            style += ";opacity:"
            style += Self.number(max(node.opacity, 0), decimals: 3)
        }

        if let index = node.control {
            // The layout counts controls from 0; `tap` and `data-control` from 1.
            let number = index + 1
            let control = control(number)
            isControl = true
            // The class names a control's kind from the writer's own words, whatever the type says.
            classes +=
                node.type == "link"
                ? " control link" : node.type == "toggle" ? " control toggle" : " control button"
            attributes += " data-control=\"\(number)\""
            if let intent = control.intentType {
                attributes += " data-intent=\""
                HTMLText.append(intent, to: &attributes)
                attributes += "\""
            }
            if insideControl {
                // A control inside another is not an element the parser nests: a span with a role.
                tag = "span"
                attributes += node.type == "link" ? " role=\"link\"" : " role=\"button\""
            } else if node.type == "link" {
                tag = "a"
            } else {
                tag = "button"
                attributes += " type=\"button\""
            }
            if node.type == "link", let url = control.url, HTMLText.isSafeLink(url) {
                attributes += " href=\""
                HTMLText.append(url, to: &attributes)
                attributes += "\""
            }
            if node.type == "toggle" {
                attributes += " role=\"switch\" aria-checked=\"\(Self.isOn(node))\""
            }
            if control.isDisabled { attributes += " data-disabled=\"\"" }
            if !Self.hasText(node),
                let label = control.intentType ?? control.url
            {
                // Nothing of it reads as text: its intent or URL names it.
                attributes += " aria-label=\""
                HTMLText.append(label, to: &attributes)
                attributes += "\""
            }
        }

        if let lines = node.lines {
            tag = isControl ? tag : "span"
            classes += " t"
            text(node, dark: dark, to: &style, classes: &classes)
            HTMLText.append(lines.joined(separator: "\n"), to: &content)
        } else {
            switch node.type {
            case "image":
                tag = isControl ? tag : "span"
                image(
                    node, dark: dark, attributes: &attributes, style: &style, classes: &classes,
                    content: &content)
            case "switch":
                switchTrack(node, dark: dark, isOn: node.isOn ?? false, style: &style, classes: &classes)
                content = Self.knob(in: node.frame.size, isOn: node.isOn ?? false)
            case "progress":
                attributes += " role=\"progressbar\""
                if let value = node.value {
                    attributes +=
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
        output += classes
        output += "\""
        output += attributes
        output += " style=\""
        output += style
        output += "\">"
        output += content
        for (index, child) in node.children.enumerated() {
            write(
                child, dark: Self.child(dark, index, or: child), in: node.frame,
                insideControl: insideControl || isControl, to: &output)
        }
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
        for child in node.children where hasText(child) { return true }
        return false
    }

    /// A toggle's state: its own, or its switch's.
    private static func isOn(_ node: LayoutNode) -> Bool {
        node.isOn ?? node.allNodes.first { $0.type == "switch" }?.isOn ?? false
    }

    /// A text's font, line height, alignment, colour and strikethrough.
    private func text(_ node: LayoutNode, dark: LayoutNode, to style: inout String, classes: inout String) {
        let font = node.font ?? TextStyles.body
        style += ";font-size:" + Self.px(font.size)
        if font.weight != 400 { style += ";font-weight:\(min(max(font.weight, 100), 900))" }
        style += ";line-height:" + Self.px(node.lineHeight ?? font.lineHeight)
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
        _ node: LayoutNode, dark: LayoutNode, attributes: inout String, style: inout String,
        classes: inout String, content: inout String
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
            content = "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">" + svg + "</svg>"
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
        _ node: LayoutNode, dark: LayoutNode, isOn: Bool, style: inout String, classes: inout String
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
    private static func geometry(_ frame: Rect, in parent: Rect, to style: inout String) {
        style += "left:"
        style += px(frame.x - parent.x)
        style += ";top:"
        style += px(frame.y - parent.y)
        style += ";width:"
        style += px(frame.width)
        style += ";height:"
        style += px(frame.height)
    }

    /// `border-radius` of `shape` in a frame of `size`, when it has corners to round.
    private static func radius(_ shape: LayoutShape?, _ size: Size, to style: inout String) {
        guard let shape else { return }
        let radius = shape.cornerRadius(in: size)
        guard radius > 0 else { return }
        style += ";border-radius:"
        style += px(radius)
    }

    /// Appends `;--NAME:LIGHT;--NAMEd:DARK`: a colour in both schemes (the light one for dark
    /// when the dark tree has none).
    static func colour(_ name: String, _ light: RGBA?, _ dark: RGBA?, to style: inout String) {
        guard let light else { return }
        style += ";--"
        style += name
        style += ":"
        hex(light, to: &style)
        style += ";--"
        style += name
        style += "d:"
        hex(dark ?? light, to: &style)
    }

    /// Appends `colour` as ``RGBA/description`` writes it (`#RRGGBB`, or `#RRGGBBAA` when not
    /// opaque), without the strings it makes on the way: the page writes a few colours a node.
    static func hex(_ colour: RGBA, to output: inout String) {
        let digits: StaticString = "0123456789ABCDEF"
        var bytes: (UInt64, UInt8) = (0, 0)
        let count = colour.alpha >= 1 ? 7 : 9
        withUnsafeMutableBytes(of: &bytes) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for index in 0..<(count - 1) / 2 {
                let component =
                    index == 0
                    ? colour.red : index == 1 ? colour.green : index == 2 ? colour.blue : colour.alpha
                let byte = component.isNaN ? 0 : Int((min(max(component, 0), 1) * 255).rounded())
                buffer[1 + 2 * index] = digits.utf8Start[byte >> 4]
                buffer[2 + 2 * index] = digits.utf8Start[byte & 0xF]
            }
            output += String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// `value` points as CSS pixels: at most two decimals, never exponent notation, a value
    /// that is not finite as 0 and a huge one bounded.
    static func px(_ value: Double) -> String {
        number(value, decimals: 2) + "px"
    }

    /// `value` with at most `decimals` decimals (trailing zeros dropped), bounded to a million
    /// either way, a value that is not finite as 0.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((min(max(value, -1e6), 1e6) * Double(scale)).rounded())
        let magnitude = scaled.magnitude
        var output = scaled < 0 ? "-" : ""
        output += String(magnitude / UInt(scale))
        var fraction = magnitude % UInt(scale)
        guard fraction > 0 else { return output }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        output += "." + String(repeating: "0", count: digits - text.count) + text
        return output
    }
}
