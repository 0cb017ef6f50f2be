import WidgetHostKit

/// Writes a view tree (a drawn ``ViewNode``, or its JSON as `run --format json` prints it: see
/// ``HTMLViewSource``) as HTML laid out as SwiftUI lays it out: stacks are flex boxes with SwiftUI's
/// default alignment (centre) and spacing (8 points), a `Spacer` takes the free room of its stack,
/// and a stack that holds something flexible along an axis fills its parent along that axis, as
/// SwiftUI's stacks do. Modifiers apply in their order: `padding` then `background` colours the
/// padding, `background` then `padding` does not. Controls are numbered depth first, as `tap`
/// counts them (`data-control="N"`).
struct HTMLViewWriter {
    /// Text drawn for symbols the page has no SVG of (the bundles' fallbacks).
    var symbols: [String: String]
    /// The next control's number.
    private var counter = 0

    init(symbols: [String: String]) {
        self.symbols = symbols
    }

    /// Which axes a view fills: a spacer along its stack's axis, a stack holding something that
    /// fills, a frame with an infinite maximum.
    struct Flexibility {
        var horizontal = false
        var vertical = false
    }

    /// The text properties a box has set already: the first of a kind wins.
    private struct TextProperties: OptionSet {
        let rawValue: UInt8
        static let fontSize = TextProperties(rawValue: 1 << 0)
        static let fontWeight = TextProperties(rawValue: 1 << 1)
        static let color = TextProperties(rawValue: 1 << 2)
        static let textDecoration = TextProperties(rawValue: 1 << 3)
        static let textDecorationColor = TextProperties(rawValue: 1 << 4)
        static let lines = TextProperties(rawValue: 1 << 5)
    }

    /// One element being built: the modifiers wrap it in further elements as they need. Its
    /// classes and styles are kept as they are written (space- and semicolon-separated), and
    /// only the innermost box has content: the others wrap it.
    private struct Box {
        var tag = "div"
        var classes = ""
        var attributes = ""
        var styles = ""
        var content = ""
        var hasPadding = false
        var hasBackground = false
        var textProperties: TextProperties = []

        init(classes: String = "") {
            self.classes = classes
        }

        mutating func addClass(_ name: String) {
            if !classes.isEmpty { classes += " " }
            classes += name
        }

        mutating func addStyle(_ css: String) {
            if !styles.isEmpty { styles += ";" }
            styles += css
        }

        /// Appends the opening tag, with `extraStyle` after the box's own styles.
        func open(extraStyle: String, to output: inout String) {
            output += "<"
            output += tag
            if !classes.isEmpty {
                output += " class=\""
                output += classes
                output += "\""
            }
            output += attributes
            if !styles.isEmpty || !extraStyle.isEmpty {
                output += " style=\""
                output += styles
                if !styles.isEmpty && !extraStyle.isEmpty { output += ";" }
                output += extraStyle
                output += "\""
            }
            output += ">"
        }

        /// Appends the closing tag.
        func close(to output: inout String) {
            output += "</"
            output += tag
            output += ">"
        }
    }

    /// The HTML of `view`, the root of a card, and the card's own style (`containerBackground`).
    mutating func root(_ view: some HTMLViewSource) -> (html: String, cardStyle: String) {
        counter = 0
        var cardStyle = ""
        for modifier in view.viewModifiers where modifier.modifierType == "containerBackground" {
            if let style = Self.style(of: modifier) { cardStyle = "background:" + style }
        }
        var html = ""
        html.reserveCapacity(4096)
        _ = write(view, to: &html) { flexibility in Self.placement(flexibility, inRow: false) }
        return (html, cardStyle)
    }

    /// The style a child with `flexibility` needs in its parent stack (a row when `inRow`).
    static func placement(_ flexibility: Flexibility, inRow: Bool) -> String {
        let along = inRow ? flexibility.horizontal : flexibility.vertical
        let across = inRow ? flexibility.vertical : flexibility.horizontal
        switch (along, across) {
        case (true, true): return "flex:1 1 0;align-self:stretch"
        case (true, false): return "flex:1 1 0"
        case (false, true): return "align-self:stretch"
        case (false, false): return ""
        }
    }

    /// Appends the HTML of `node` to `output`, with the style its parent gives what it fills
    /// (`placement`), and returns what it fills.
    mutating func write<View: HTMLViewSource>(
        _ node: View, to output: inout String, placement: (Flexibility) -> String = { _ in "" }
    ) -> Flexibility {
        var box = Box()
        var flexibility = Flexibility()
        let type = node.viewType
        let children = node.viewChildren
        switch type {
        case "vstack", "hstack", "zstack":
            // A zstack's layers one below another, as a vstack: the page has no layers yet.
            let inRow = type == "hstack"
            box.classes = inRow ? "h" : "v"
            if let spacing = node.viewNumber("spacing"), spacing >= 0, spacing < 10_000 {
                box.addStyle("gap:" + HTMLVocabulary.points(spacing))
            }
            if let alignment = node.viewString("alignment"),
                let align = (inRow ? Self.rowAlignment : Self.columnAlignment)[alignment]
            {
                box.addStyle("align-items:" + align)
            }
            for child in children {
                let childType = child.viewType
                let childFlex = write(child, to: &box.content) { flex in Self.placement(flex, inRow: inRow) }
                if childType == "spacer" {
                    if inRow { flexibility.horizontal = true } else { flexibility.vertical = true }
                } else {
                    flexibility.horizontal = flexibility.horizontal || childFlex.horizontal
                    flexibility.vertical = flexibility.vertical || childFlex.vertical
                }
            }
        case "text":
            box.tag = "span"
            box.classes = "t"
            HTMLText.append(node.viewText ?? "", to: &box.content)
        case "image":
            box.tag = "span"
            box.classes = "i"
            let name = node.viewSystemName ?? ""
            box.attributes = " role=\"img\" aria-label=\"" + HTMLText.escaped(name) + "\""
            if let svg = HTMLVocabulary.symbols[name] {
                box.content = "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">" + svg + "</svg>"
            } else if let text = symbols[name] {
                HTMLText.append(text, to: &box.content)
            } else {
                box.addClass("unknown")
                box.attributes += " title=\"" + HTMLText.escaped(name) + "\""
            }
        case "progress":
            box.classes = "progress"
            box.attributes = " role=\"progressbar\""
            for child in children { _ = write(child, to: &box.content) }
            if let value = node.viewValue {
                let percent = (min(max(value, 0), 1) * 1000).rounded() / 10
                box.attributes += " aria-valuenow=\"\(percent)\""
                box.content += "<div class=\"bar\"><div style=\"width:\(percent)%\"></div></div>"
            } else {
                box.addClass("indeterminate")
                box.content += "<div class=\"bar\"><div></div></div>"
            }
            flexibility.horizontal = true
        case "spacer":
            box.classes = "s"
            if let length = node.viewNumber("minLength"), length >= 0, length < 10_000 {
                box.addStyle("min-width:" + HTMLVocabulary.points(length))
                box.addStyle("min-height:" + HTMLVocabulary.points(length))
            }
            flexibility = Flexibility(horizontal: true, vertical: true)
        case "button", "toggle", "link":
            counter += 1
            let number = counter
            box.classes = "control " + type
            box.attributes = " data-control=\"\(number)\""
            if let intent = node.viewIntentType {
                box.attributes += " data-intent=\"" + HTMLText.escaped(intent) + "\""
            }
            if type == "link" {
                box.tag = "a"
                let url = node.viewURL ?? ""
                if HTMLText.isSafeLink(url) { box.attributes += " href=\"" + HTMLText.escaped(url) + "\"" }
            } else {
                box.tag = "button"
                box.attributes += " type=\"button\""
            }
            var label = ""
            // A label is laid out in a row; what fills in it makes the control fill, as a
            // button around a stack with a spacer does in SwiftUI.
            for child in children {
                let childFlex = write(child, to: &label) { flex in Self.placement(flex, inRow: true) }
                flexibility.horizontal = flexibility.horizontal || childFlex.horizontal
                flexibility.vertical = flexibility.vertical || childFlex.vertical
            }
            if type == "toggle" {
                let isOn = node.viewIsOn ?? false
                box.attributes += " role=\"switch\" aria-checked=\"\(isOn)\""
                label += "<span class=\"switch\"></span>"
            } else if label.isEmpty {
                HTMLText.append(node.viewIntentType ?? node.viewURL ?? "", to: &label)
            }
            box.content = label
        default:
            box.classes = "unknown-view"
            HTMLText.append(type, to: &box.content)
        }
        if type != "spacer", let url = node.viewURL, type != "link" {
            box.attributes += " data-widget-url=\"" + HTMLText.escaped(url) + "\""
        }
        var boxes = [box]
        for modifier in node.viewModifiers { apply(modifier, to: &boxes, flexibility: &flexibility) }
        // Innermost first: each box holds the ones before it; the outermost takes the placement.
        let last = boxes.count - 1
        for index in stride(from: last, through: 0, by: -1) {
            boxes[index].open(extraStyle: index == last ? placement(flexibility) : "", to: &output)
        }
        output += boxes[0].content
        for box in boxes { box.close(to: &output) }
        return flexibility
    }

    /// A vstack's alignments (SwiftUI's `HorizontalAlignment`) as CSS.
    private static let columnAlignment: [String: String] = [
        "leading": "flex-start", "center": "center", "trailing": "flex-end",
    ]

    /// An hstack's alignments (SwiftUI's `VerticalAlignment`) as CSS.
    private static let rowAlignment: [String: String] = [
        "top": "flex-start", "center": "center", "bottom": "flex-end", "firstTextBaseline": "baseline",
        "lastTextBaseline": "last baseline",
    ]

    private static let frameAlignment: [String: (horizontal: String, vertical: String)] = [
        "center": ("center", "center"), "leading": ("flex-start", "center"),
        "trailing": ("flex-end", "center"),
        "top": ("center", "flex-start"), "bottom": ("center", "flex-end"),
        "topLeading": ("flex-start", "flex-start"), "topTrailing": ("flex-end", "flex-start"),
        "bottomLeading": ("flex-start", "flex-end"), "bottomTrailing": ("flex-end", "flex-end"),
    ]

    /// Applies one modifier: a text property to the outermost box (the first of a kind wins, as
    /// the innermost modifier does in SwiftUI), a layout modifier to it or to a new box around it.
    private func apply(
        _ modifier: some HTMLModifierSource, to boxes: inout [Box], flexibility: inout Flexibility
    ) {
        guard let type = modifier.modifierType else { return }
        func textProperty(_ property: TextProperties, _ css: String) {
            guard !boxes[boxes.count - 1].textProperties.contains(property) else { return }
            boxes[boxes.count - 1].textProperties.insert(property)
            boxes[boxes.count - 1].addStyle(css)
        }
        func style(_ css: String) { boxes[boxes.count - 1].addStyle(css) }
        func wrap() {
            boxes.append(Box(classes: "m"))
        }
        switch type {
        case "font":
            if let style = modifier["style"]?.stringValue, let font = HTMLVocabulary.fontStyles[style] {
                textProperty(.fontSize, "font-size:\(font.size)px")
                if font.weight != 400 { textProperty(.fontWeight, "font-weight:\(font.weight)") }
            } else if let size = modifier["size"]?.finiteNumber, size > 0, size < 1000 {
                textProperty(.fontSize, "font-size:" + HTMLVocabulary.points(size))
            }
            if let weight = modifier["weight"]?.stringValue, let css = HTMLVocabulary.weights[weight] {
                textProperty(.fontWeight, "font-weight:\(css)")
            }
        case "fontWeight":
            if let weight = modifier["weight"]?.stringValue, let css = HTMLVocabulary.weights[weight] {
                textProperty(.fontWeight, "font-weight:\(css)")
            }
        case "foregroundStyle":
            if let style = Self.style(of: modifier) { textProperty(.color, "color:" + style) }
        case "strikethrough":
            if modifier["isActive"]?.boolValue ?? true {
                textProperty(.textDecoration, "text-decoration:line-through")
                if let colour = modifier["color"]?.stringValue.flatMap({ HTMLVocabulary.css(style: $0) }) {
                    textProperty(.textDecorationColor, "text-decoration-color:" + colour)
                }
            }
        case "lineLimit":
            if let limit = modifier["limit"]?.intValue, limit >= 1, limit < 10_000 {
                textProperty(.lines, "--lines:\(limit)")
            } else if modifier["limit"] == nil {
                textProperty(.lines, "--lines:none")
            }
        case "padding":
            let length = modifier["length"]?.finiteNumber.map { min(max($0, 0), 10_000) } ?? 16
            let css = HTMLVocabulary.points(length)
            var edges: [String] = []
            let names: [String]
            if case .array(let items)? = modifier["edges"] {
                names = items.compactMap(\.stringValue)
            } else {
                names = [modifier["edges"]?.stringValue ?? "all"]
            }
            for name in names {
                switch name {
                case "horizontal": edges += ["left", "right"]
                case "vertical": edges += ["top", "bottom"]
                case "top": edges += ["top"]
                case "bottom": edges += ["bottom"]
                case "leading": edges += ["left"]
                case "trailing": edges += ["right"]
                case "all": edges += ["top", "right", "bottom", "left"]
                default: break
                }
            }
            if boxes[boxes.count - 1].hasPadding || boxes[boxes.count - 1].hasBackground { wrap() }
            boxes[boxes.count - 1].hasPadding = true
            for edge in edges { style("padding-" + edge + ":" + css) }
        case "background":
            guard let style = Self.style(of: modifier) else { return }
            if boxes[boxes.count - 1].hasBackground { wrap() }
            boxes[boxes.count - 1].hasBackground = true
            boxes[boxes.count - 1].addStyle("background:" + style)
            if let radius = Self.radius(of: modifier) {
                boxes[boxes.count - 1].addStyle("border-radius:" + radius)
            }
        case "cornerRadius", "clipShape":
            let radius =
                type == "cornerRadius"
                ? modifier["radius"]?.finiteNumber.flatMap {
                    $0 >= 0 && $0 < 10_000 ? HTMLVocabulary.points($0) : nil
                }
                : Self.radius(of: modifier)
            guard let radius else { return }
            wrap()
            style("border-radius:" + radius)
            style("overflow:hidden")
        case "frame":
            wrap()
            var styles = ["display:flex"]
            let alignment =
                Self.frameAlignment[modifier["alignment"]?.stringValue ?? "center"] ?? ("center", "center")
            styles += ["justify-content:" + alignment.horizontal, "align-items:" + alignment.vertical]
            for (key, css) in [
                ("width", "width"), ("height", "height"), ("minWidth", "min-width"),
                ("minHeight", "min-height"), ("maxWidth", "max-width"), ("maxHeight", "max-height"),
            ] {
                guard let value = modifier[key] else { continue }
                if value.stringValue == "infinity" {
                    if key == "maxWidth" { flexibility.horizontal = true }
                    if key == "maxHeight" { flexibility.vertical = true }
                } else if let number = value.finiteNumber, number >= 0, number < 100_000 {
                    styles.append(css + ":" + HTMLVocabulary.points(number))
                    if key == "width" { flexibility.horizontal = false }
                    if key == "height" { flexibility.vertical = false }
                    if key == "width" || key == "height" { styles.append("flex-shrink:0") }
                }
            }
            for css in styles { style(css) }
        case "opacity":
            if let value = modifier["value"]?.finiteNumber, value >= 0, value <= 1 {
                wrap()
                style("opacity:" + String((value * 1000).rounded() / 1000))
            }
        case "contentTransition":
            if let transition = modifier["transition"]?.stringValue, Self.transitions.contains(transition) {
                boxes[boxes.count - 1].attributes += " data-content-transition=\"" + transition + "\""
            }
        case "invalidatableContent":
            if modifier["isActive"]?.boolValue ?? true {
                boxes[boxes.count - 1].attributes += " data-invalidatable=\"\""
            }
        case "widgetAccentable":
            if modifier["isActive"]?.boolValue ?? true {
                boxes[boxes.count - 1].attributes += " data-accentable=\"\""
            }
        case "buttonStyle", "toggleStyle":
            // An environment, as in SwiftUI: it styles the controls inside too (see the stylesheet).
            let styles = type == "buttonStyle" ? Self.buttonStyles : Self.toggleStyles
            if let style = modifier["style"]?.stringValue, styles.contains(style) {
                let name = type == "buttonStyle" ? "button" : "toggle"
                boxes[boxes.count - 1].attributes += " data-\(name)-style=\"" + style + "\""
            }
        case "labelsHidden":
            boxes[boxes.count - 1].attributes += " data-labels-hidden=\"\""
        case "disabled":
            if modifier["isActive"]?.boolValue ?? true {
                boxes[boxes.count - 1].attributes += " data-disabled=\"\""
            }
        case "scaleEffect":
            // A drawing effect: the layout keeps the unscaled size, as SwiftUI's does.
            if let scale = modifier["scale"]?.finiteNumber, scale >= 0, scale <= 100 {
                style("transform:scale(" + String((scale * 1000).rounded() / 1000) + ")")
            }
        case "shadow":
            let colour =
                modifier["color"]?.stringValue.flatMap {
                    HTMLVocabulary.css(style: $0, opacity: modifier["opacity"]?.finiteNumber)
                } ?? "rgba(0,0,0,.33)"
            func length(_ key: String) -> String? {
                guard let value = modifier[key]?.finiteNumber ?? (key == "radius" ? nil : 0),
                    abs(value) < 10_000
                else { return nil }
                return HTMLVocabulary.points(value)
            }
            if let radius = length("radius"), let x = length("x"), let y = length("y") {
                style("filter:drop-shadow(\(x) \(y) \(radius) \(colour))")
            }
        case "animation":
            if let curve = modifier["curve"]?.stringValue, Self.curves.contains(curve) {
                boxes[boxes.count - 1].attributes += " data-animation=\"" + curve + "\""
            }
        default:
            // containerBackground is the card's (see root); an unknown modifier is not drawn.
            break
        }
    }

    private static let buttonStyles: Set<String> = [
        "automatic", "plain", "borderless", "bordered", "borderedProminent",
    ]
    private static let toggleStyles: Set<String> = ["automatic", "switch", "button"]
    private static let curves: Set<String> = [
        "default", "linear", "easeIn", "easeOut", "easeInOut", "spring", "bouncy", "smooth", "snappy",
    ]

    private static let transitions: Set<String> = [
        "identity", "opacity", "interpolate", "numericText", "symbolEffect",
    ]

    /// The CSS colour of a modifier's `style` (and `opacity`), when it is one.
    private static func style(of modifier: some HTMLModifierSource) -> String? {
        guard let name = modifier["style"]?.stringValue else { return nil }
        return HTMLVocabulary.css(style: name, opacity: modifier["opacity"]?.finiteNumber)
    }

    /// The corner radius of a modifier's `shape` (`roundedRectangle` with `cornerRadius`,
    /// `capsule`, `circle`, `containerRelative`).
    private static func radius(of modifier: some HTMLModifierSource) -> String? {
        switch modifier["shape"]?.stringValue {
        case "roundedRectangle":
            guard let radius = modifier["cornerRadius"]?.finiteNumber, radius >= 0, radius < 10_000 else {
                return nil
            }
            return HTMLVocabulary.points(radius)
        case "capsule": return "9999px"
        case "circle": return "50%"
        case "containerRelative": return "12px"
        default: return nil
        }
    }
}
