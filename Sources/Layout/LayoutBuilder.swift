import JSON
import WidgetHostKit

/// Builds the tree of ``LayoutElement``s from a view: each vocabulary view becomes its element,
/// each modifier that places or draws wraps it, each that is inherited (font, colour, line
/// limit, control styles) goes into the environment of what it modifies.
struct LayoutBuilder {
    var context: LayoutContext

    /// One step of the way from the view's root to a node, as warnings name it.
    enum PathComponent {
        case child(Int)
        case modifier(Int)
        /// A modifier's view (`overlay`'s).
        case view
    }

    /// The padding of a bordered button's label on its fill, as iOS draws a regular control.
    static let buttonPadding = EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)

    /// The way to the node being built (kept as steps, written out only for a warning).
    var path: [PathComponent] = []

    /// How many modifiers' views (`overlay`'s, `background`'s) the node being built is in.
    var modifierViews = 0

    /// The next control's number, as `tap` counts controls: the view's own, depth first. A
    /// control in a modifier's view is drawn but has none (`tap` does not reach it).
    mutating func nextControlNumber() -> Int? {
        guard modifierViews == 0 else { return nil }
        defer { context.nextControl += 1 }
        return context.nextControl
    }

    /// The node being built, as warnings name it: `view.children[1].modifiers[0]`.
    var currentPath: String {
        var text = "view"
        for component in path {
            switch component {
            case .child(let index): text += ".children[\(index)]"
            case .modifier(let index): text += ".modifiers[\(index)]"
            case .view: text += ".view"
            }
        }
        return text
    }

    /// The element of `view` at `path`, in `environment`.
    mutating func element<View: LayoutViewSource>(
        _ view: UnsafePointer<View>, environment inherited: LayoutEnvironment, axis: Axis? = nil
    ) -> LayoutElement {
        let modifiers = view.pointee.viewModifiers
        var environment = inherited
        // Outermost first, so that the modifier nearest the view is applied last and wins.
        for (index, modifier) in modifiers.enumerated().reversed() {
            path.append(.modifier(index))
            apply(modifier, to: &environment)
            path.removeLast()
        }
        var element = base(view, environment: environment, axis: axis)
        var priority: Double?
        for (index, modifier) in modifiers.enumerated() {
            path.append(.modifier(index))
            defer { path.removeLast() }
            switch modifier.modifierKind {
            case .padding:
                element = wrap(element, .padding(padding(modifier)))
            case .frame:
                element = wrap(element, frame(modifier))
            case .overlay,
                .background where modifier["view"] != nil:
                guard let layer = modifier["view"] else { continue }
                path.append(.view)
                modifierViews += 1
                let drawn = withUnsafePointer(to: layer) { self.element($0, environment: environment) }
                modifierViews -= 1
                path.removeLast()
                element = LayoutElement(
                    .layer(
                        alignment: Alignment(modifier["alignment"]?.stringValue),
                        isOverlay: modifier.modifierKind == .overlay),
                    children: [element, drawn], environment: element.environment)
            case .background:
                guard let style = modifier["style"]?.stringValue,
                    let colour = resolve(style, opacity: modifier["opacity"]?.finiteNumber)
                else { continue }
                element = wrap(element, .background(colour, shape(modifier) ?? .rectangle))
            case .cornerRadius:
                let radius = max(0, modifier["radius"]?.finiteNumber ?? 0)
                element = wrap(element, .clip(.roundedRectangle(cornerRadius: radius)))
            case .clipShape:
                element = wrap(element, .clip(shape(modifier) ?? .rectangle))
            case .opacity:
                element.opacity *= min(max(modifier["value"]?.finiteNumber ?? 1, 0), 1)
            case .shadow:
                // A drawing effect too: the frame stays. iOS's default colour is black at a third.
                let style = modifier["color"]?.stringValue ?? "black"
                let opacity = modifier["opacity"]?.finiteNumber ?? (modifier["color"] == nil ? 0.33 : 1)
                guard let paint = resolve(style, opacity: opacity) else { continue }
                // Cast by the view as drawn so far: by a node of its own where this one is
                // already scaled, turned, moved or shadowed (a node casts before its effects).
                if element.effects != LayoutElement.Effects() {
                    element = wrap(element, .effect("shadow"))
                }
                element.effects.shadow = LayoutElement.Effects.Shadow(
                    paint: paint, radius: min(max(modifier["radius"]?.finiteNumber ?? 0, 0), 100),
                    x: min(max(modifier["x"]?.finiteNumber ?? 0, -1_000), 1_000),
                    y: min(max(modifier["y"]?.finiteNumber ?? 0, -1_000), 1_000))
            case .offset, .rotationEffect, .scaleEffect:
                // Drawing effects, as in SwiftUI: the frame stays where it was, the subtree is
                // drawn scaled, turned and moved.
                element = effect(modifier, on: element)
            case .fixedSize:
                element = wrap(
                    element,
                    .fixedSize(
                        horizontal: modifier["horizontal"]?.boolValue ?? true,
                        vertical: modifier["vertical"]?.boolValue ?? true))
            case .layoutPriority:
                priority = modifier["value"]?.finiteNumber
            case .containerBackground:
                if let style = modifier["style"]?.stringValue,
                    let colour = resolve(style, opacity: modifier["opacity"]?.finiteNumber)
                {
                    context.containerBackground = colour
                }
            default:
                break
            }
        }
        if let priority { element.priority = priority }
        return element
    }

    /// The element of the view itself, before its modifiers.
    private mutating func base<View: LayoutViewSource>(
        _ view: UnsafePointer<View>, environment: LayoutEnvironment, axis: Axis?
    ) -> LayoutElement {
        let type = view.pointee.viewType
        switch view.pointee.viewKind {
        case .vstack, .hstack:
            let stackAxis: Axis = view.pointee.viewKind == .vstack ? .vertical : .horizontal
            var spacing = view.pointee.viewNumber("spacing")
            if let given = spacing, given < 0 || given > 10_000 {
                context.warnings.append("\(currentPath): spacing \(Points.format(given)) is laid out as 0")
                spacing = 0
            }
            return LayoutElement(
                .stack(
                    stackAxis, alignment: AlignmentPosition(view.pointee.viewString("alignment")),
                    spacing: spacing),
                children: children(of: view, environment: environment, axis: stackAxis),
                environment: environment)
        case .zstack:
            return LayoutElement(
                .zstack(alignment: Alignment(view.pointee.viewString("alignment"))),
                children: children(of: view, environment: environment, axis: nil),
                environment: environment)
        case .text:
            var string = view.pointee.viewText ?? ""
            // No more characters than UTF-8 bytes: most texts are counted by their bytes alone.
            if string.utf8.count > LayoutContext.maximumTextLength,
                string.count > LayoutContext.maximumTextLength
            {
                context.warnings.append(
                    "\(currentPath): a text of \(string.count) characters is laid out as its first "
                        + "\(LayoutContext.maximumTextLength)")
                string = String(string.prefix(LayoutContext.maximumTextLength))
            }
            return LayoutElement(.text(string), environment: environment)
        case .image:
            return LayoutElement(
                .image(systemName: view.pointee.viewSystemName), environment: environment)
        case .spacer:
            var minimum = view.pointee.viewNumber("minLength")
            if let given = minimum, given < 0 || given > 10_000 {
                context.warnings.append(
                    "\(currentPath): a spacer's minLength \(Points.format(given)) is laid out as 0")
                minimum = 0
            }
            return LayoutElement(
                .spacer(minLength: minimum, axis: axis), environment: environment)
        case .button, .link:
            return control(view, type: type, environment: environment)
        case .toggle:
            return toggle(view, environment: environment)
        case .progress:
            let tint = environment.foreground ?? environment.tint ?? Palette.paint(Palette.accent)
            let bar = LayoutElement(
                .progress(value: view.pointee.viewValue.map { min(max($0, 0), 1) }, tint: tint),
                environment: environment)
            let label = children(of: view, environment: environment, axis: .vertical)
            guard !label.isEmpty else { return bar }
            return LayoutElement(
                .stack(.vertical, alignment: .start, spacing: 4), children: label + [bar],
                environment: environment)
        case nil:
            // An unknown type is drawn as a vstack of its children, or as a text when it has only
            // text (the vocabulary check's rule).
            if view.pointee.viewChildren.isEmpty, let text = view.pointee.viewText {
                return LayoutElement(.text(text), environment: environment)
            }
            return LayoutElement(
                .stack(.vertical, alignment: .center, spacing: nil),
                children: children(of: view, environment: environment, axis: .vertical),
                environment: environment)
        }
    }

    private mutating func children<View: LayoutViewSource>(
        of view: UnsafePointer<View>, environment: LayoutEnvironment, axis: Axis?
    ) -> [LayoutElement] {
        let views = view.pointee.viewChildren
        var elements: [LayoutElement] = []
        elements.reserveCapacity(views.count)
        // Each child read where it is, not copied out of the array.
        views.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for index in children.indices {
                path.append(.child(index))
                elements.append(element(first + index, environment: environment, axis: axis))
                path.removeLast()
            }
        }
        return elements
    }

    /// A button or link: its label (its children, or its `text`), styled as iOS styles it: a
    /// bordered button (the widget default) on a tinted rounded fill, a prominent one on the
    /// tint, a plain one as its label; a link's label in the tint.
    private mutating func control<View: LayoutViewSource>(
        _ view: UnsafePointer<View>, type: String, environment: LayoutEnvironment
    ) -> LayoutElement {
        let number = nextControlNumber()
        let style = type == "link" ? "plain" : (environment.buttonStyle ?? "automatic")
        var inner = environment
        switch style {
        case "borderedProminent":
            if inner.foreground == nil { inner.foreground = Paint(RGBA(red: 1, green: 1, blue: 1)) }
        case "automatic", "bordered", "borderless":
            if inner.foreground == nil {
                inner.foreground = environment.tint ?? Palette.paint(Palette.accentText)
            }
        default:
            if type == "link", inner.foreground == nil {
                inner.foreground = environment.tint ?? Palette.paint(Palette.accentText)
            }
        }
        var label = labelElement(view, environment: inner)
        switch style {
        case "automatic", "bordered":
            label = wrap(label, .padding(Self.buttonPadding))
            label = wrap(
                label,
                .background(
                    (environment.tint ?? Palette.paint(Palette.accent)).opacity(0.15),
                    .roundedRectangle(cornerRadius: 8)))
        case "borderedProminent":
            label = wrap(label, .padding(Self.buttonPadding))
            label = wrap(
                label,
                .background(
                    environment.tint ?? Palette.paint(Palette.accentFill), .roundedRectangle(cornerRadius: 8))
            )
        default:
            break
        }
        return LayoutElement(
            .control(type: type, number: number), children: [label], environment: environment)
    }

    /// A toggle: its label beside a switch (iOS's switch style, the default), the switch alone
    /// when the labels are hidden, a bordered button filled with the tint when on (the button
    /// style), or what a style of the widget's own drew in its place (`custom`: its children, no
    /// switch).
    private mutating func toggle<View: LayoutViewSource>(
        _ view: UnsafePointer<View>, environment: LayoutEnvironment
    ) -> LayoutElement {
        let number = nextControlNumber()
        let isOn = view.pointee.viewIsOn ?? false
        if environment.toggleStyle == "custom" {
            return LayoutElement(
                .control(type: "toggle", number: number),
                children: [labelElement(view, environment: environment)],
                environment: environment)
        }
        if environment.toggleStyle == "button" {
            var inner = environment
            if inner.foreground == nil {
                inner.foreground =
                    isOn
                    ? Paint(RGBA(red: 1, green: 1, blue: 1))
                    : environment.tint ?? Palette.paint(Palette.accentText)
            }
            var label = labelElement(view, environment: inner)
            label = wrap(label, .padding(Self.buttonPadding))
            let fill =
                isOn
                ? environment.tint ?? Palette.paint(Palette.accentFill)
                : (environment.tint ?? Palette.paint(Palette.accent)).opacity(0.15)
            label = wrap(label, .background(fill, .roundedRectangle(cornerRadius: 8)))
            return LayoutElement(
                .control(type: "toggle", number: number), children: [label], environment: environment)
        }
        let tint = environment.tint ?? Palette.paint("green") ?? Palette.paint(Palette.accent)
        let toggleSwitch = LayoutElement(
            .toggleSwitch(isOn: isOn, tint: tint), environment: environment)
        let content: LayoutElement
        if environment.labelsHidden {
            content = toggleSwitch
        } else {
            let label = labelElement(view, environment: environment)
            content = LayoutElement(
                .stack(.horizontal, alignment: .center, spacing: nil),
                children: [
                    label,
                    LayoutElement(
                        .spacer(minLength: nil, axis: .horizontal), environment: environment),
                    toggleSwitch,
                ],
                environment: environment)
        }
        return LayoutElement(
            .control(type: "toggle", number: number), children: [content], environment: environment)
    }

    /// A control's label: its children (stacked vertically when more than one), else its text.
    private mutating func labelElement<View: LayoutViewSource>(
        _ view: UnsafePointer<View>, environment: LayoutEnvironment
    ) -> LayoutElement {
        let label = children(of: view, environment: environment, axis: .vertical)
        if label.count == 1 { return label[0] }
        if label.isEmpty {
            guard let text = view.pointee.viewText else {
                return LayoutElement(.empty, environment: environment)
            }
            return LayoutElement(.text(text), environment: environment)
        }
        return LayoutElement(
            .stack(.vertical, alignment: .center, spacing: nil), children: label, environment: environment)
    }

    private func wrap(_ element: LayoutElement, _ kind: LayoutElement.Kind) -> LayoutElement {
        LayoutElement(kind, children: [element], environment: element.environment)
    }

    /// `element` with a `scaleEffect`, `rotationEffect` or `offset` added: to its own effects
    /// where they still apply in a node's order (scaled, then turned, about one anchor, then
    /// moved, its shadow cast before them all), or else on an element of its own around it.
    private func effect<Modifier: LayoutModifierSource>(_ modifier: Modifier, on element: LayoutElement)
        -> LayoutElement
    {
        func value(_ name: String, _ bounds: ClosedRange<Double>, default fallback: Double) -> Double {
            min(max(modifier[name]?.finiteNumber ?? fallback, bounds.lowerBound), bounds.upperBound)
        }
        // Anchors far outside the frame are allowed, as in SwiftUI, within reason.
        let anchor = UnitPoint(
            x: value("anchorX", -100...100, default: 0.5), y: value("anchorY", -100...100, default: 0.5))
        let kind = modifier.modifierKind ?? .scaleEffect
        let before = element.effects
        let fits: Bool
        switch kind {
        case .offset:
            fits = true
        case .rotationEffect:
            fits = !before.isMoved && (!before.isScaledOrTurned || before.anchor == anchor)
        default:
            fits =
                !before.isMoved && before.degrees == 0
                && (!before.isScaledOrTurned || before.anchor == anchor)
        }
        let target = fits && before.shadow == nil ? element : wrap(element, .effect(kind.rawValue))
        switch kind {
        case .offset:
            target.effects.offset.width += value("x", -1_000...1_000, default: 0)
            target.effects.offset.height += value("y", -1_000...1_000, default: 0)
        case .rotationEffect:
            target.effects.degrees = (target.effects.degrees + (modifier["degrees"]?.finiteNumber ?? 0))
                .truncatingRemainder(dividingBy: 360)
            target.effects.anchor = target.effects.isScaledOrTurned ? anchor : .center
        default:
            // A negative factor mirrors; beyond 100 nothing is seen anyway.
            let uniform = value("scale", -100...100, default: 1)
            target.effects.scale.width *= value("x", -100...100, default: uniform)
            target.effects.scale.height *= value("y", -100...100, default: uniform)
            target.effects.anchor = target.effects.isScaledOrTurned ? anchor : .center
        }
        return target
    }

    // MARK: - Modifiers

    /// Applies an inherited modifier (`font`, `foregroundStyle`, `lineLimit`, ...) to `environment`.
    private mutating func apply<Modifier: LayoutModifierSource>(
        _ modifier: Modifier, to environment: inout LayoutEnvironment
    ) {
        switch modifier.modifierKind {
        case .font:
            var font = modifier["style"]?.stringValue.flatMap { TextStyles.fonts[$0] } ?? environment.font
            if let size = modifier["size"]?.finiteNumber {
                font.size = size
            }
            if font.size <= 0 || font.size > FontSpec.maximumSize {
                let size = font.size
                font.size = min(max(size, 1), FontSpec.maximumSize)
                context.warnings.append(
                    "\(currentPath): a font of \(Points.format(size)) points is laid out at \(Points.format(font.size))"
                )
            }
            if let weight = modifier["weight"]?.stringValue.flatMap({ TextStyles.weights[$0] }) {
                font.weight = weight
            }
            environment.font = font
            environment.weight = nil
        case .fontWeight:
            if let weight = modifier["weight"]?.stringValue.flatMap({ TextStyles.weights[$0] }) {
                environment.weight = weight
            }
        case .foregroundStyle:
            if let style = modifier["style"]?.stringValue,
                let colour = resolve(style, opacity: modifier["opacity"]?.finiteNumber)
            {
                environment.foreground = colour
            }
        case .lineLimit:
            if let limit = modifier["limit"]?.finiteNumber, limit >= 1 {
                environment.lineLimit = Int(min(limit, 10_000))
            }
        case .minimumScaleFactor:
            if let factor = modifier["factor"]?.finiteNumber {
                environment.minimumScaleFactor = min(max(factor, 0.01), 1)
            }
        case .strikethrough:
            environment.strikethrough = modifier["isActive"]?.boolValue ?? true
            environment.strikethroughColor = modifier["color"]?.stringValue.flatMap {
                resolve($0, opacity: nil)
            }
        case .buttonStyle:
            environment.buttonStyle = modifier["style"]?.stringValue
        case .toggleStyle:
            environment.toggleStyle = modifier["style"]?.stringValue
        case .tint:
            if let style = modifier["style"]?.stringValue,
                let colour = resolve(style, opacity: modifier["opacity"]?.finiteNumber)
            {
                environment.tint = colour
            }
        case .labelsHidden:
            environment.labelsHidden = true
        case .disabled:
            environment.disabled = modifier["isActive"]?.boolValue ?? true
        default:
            break
        }
    }

    /// The colour a style names in the widget's scheme; a warning and `nil` for one iOS lacks.
    private mutating func resolve(_ style: String, opacity: Double?) -> Paint? {
        if let colour = Palette.paint(style, opacity: opacity ?? 1) {
            return colour
        }
        context.warnings.append("\(currentPath): the colour '\(style)' is not one iOS has; it is not drawn")
        return nil
    }

    private mutating func padding<Modifier: LayoutModifierSource>(_ modifier: Modifier)
        -> EdgeInsets
    {
        var length = modifier["length"]?.finiteNumber ?? 16
        if length < -10_000 || length > 10_000 {
            context.warnings.append(
                "\(currentPath): padding of \(Points.format(length)) points is laid out as 0")
            length = 0
        }
        var edges = ["all"]
        if let value = modifier["edges"] {
            if case .string(let name) = value { edges = [name] }
            if case .array(let names) = value { edges = names.compactMap { $0.stringValue } }
        }
        var insets = EdgeInsets()
        for edge in edges {
            switch edge {
            case "all":
                insets = EdgeInsets(all: length)
            case "horizontal":
                insets.leading = length
                insets.trailing = length
            case "vertical":
                insets.top = length
                insets.bottom = length
            case "top": insets.top = length
            case "bottom": insets.bottom = length
            case "leading": insets.leading = length
            case "trailing": insets.trailing = length
            default: break
            }
        }
        return insets
    }

    /// The longest finite length a frame is laid out with, in points.
    static let longestFrame = 100_000.0

    /// A `frame` modifier's element: fixed when it gives only `width`/`height`, else flexible.
    private mutating func frame<Modifier: LayoutModifierSource>(_ modifier: Modifier)
        -> LayoutElement.Kind
    {
        func length(_ key: String) -> Double? {
            guard let value = modifier[key] else { return nil }
            if value == .string("infinity") { return .infinity }
            guard let number = value.finiteNumber else { return nil }
            if number < 0 {
                context.warnings.append(
                    "\(currentPath): the frame's \(key) \(Points.format(number)) is laid out as 0")
                return 0
            }
            // Far past any widget, and short of lengths whose sums overflow (two frames of 1e308
            // side by side made a stack infinitely wide).
            if number > Self.longestFrame {
                context.warnings.append(
                    "\(currentPath): the frame's \(key) \(Points.format(number)) is laid out as "
                        + Points.format(Self.longestFrame))
                return Self.longestFrame
            }
            return number
        }
        let alignment = Alignment(modifier["alignment"]?.stringValue)
        let flexible = LayoutElement.FlexibleFrame(
            minWidth: length("minWidth"), idealWidth: length("idealWidth"), maxWidth: length("maxWidth"),
            minHeight: length("minHeight"), idealHeight: length("idealHeight"), maxHeight: length("maxHeight")
        )
        let width = length("width").flatMap { $0.isFinite ? $0 : nil }
        let height = length("height").flatMap { $0.isFinite ? $0 : nil }
        let isFlexible = [
            flexible.minWidth, flexible.idealWidth, flexible.maxWidth, flexible.minHeight,
            flexible.idealHeight,
            flexible.maxHeight,
        ].contains { $0 != nil }
        if isFlexible {
            // A width or height beside bounds is both bounds of its axis.
            var bounded = flexible
            if let width { (bounded.minWidth, bounded.maxWidth) = (width, width) }
            if let height { (bounded.minHeight, bounded.maxHeight) = (height, height) }
            return .flexibleFrame(bounded, alignment: alignment)
        }
        return .fixedFrame(width: width, height: height, alignment: alignment)
    }

    private func shape<Modifier: LayoutModifierSource>(_ modifier: Modifier) -> LayoutShape? {
        switch modifier["shape"]?.stringValue {
        case "roundedRectangle":
            return .roundedRectangle(cornerRadius: max(0, modifier["cornerRadius"]?.finiteNumber ?? 0))
        case "capsule": return .capsule
        case "circle": return .circle
        case "rectangle": return .rectangle
        case "containerRelative": return .roundedRectangle(cornerRadius: 12)
        default: return nil
        }
    }
}
