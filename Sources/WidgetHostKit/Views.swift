public import Foundation

/// Views stacked top to bottom.
public struct VStack: PrimitiveView {
    private let stack: StackNode

    /// Creates a stack whose children line up at `alignment`, `spacing` points apart (the
    /// system's default spacing when `nil`).
    public init<Content: View>(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        @ViewBuilder content: () -> Content
    ) {
        stack = StackNode(
            type: .vstack, alignment: alignment == .center ? nil : alignment.rawValue, spacing: spacing,
            content: ViewGroup(content()._nodes()))
    }

    /// A `vstack` node, with its `alignment` when it is not the centre and its `spacing` when set.
    public func makeNodes() -> [ViewNode] { [stack.node] }
}

/// Views side by side.
public struct HStack: PrimitiveView {
    private let stack: StackNode

    /// Creates a stack whose children line up at `alignment`, `spacing` points apart (the
    /// system's default spacing when `nil`).
    public init<Content: View>(
        alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content
    ) {
        stack = StackNode(
            type: .hstack, alignment: alignment == .center ? nil : alignment.rawValue, spacing: spacing,
            content: ViewGroup(content()._nodes()))
    }

    /// An `hstack` node, with its `alignment` when it is not the centre and its `spacing` when set.
    public func makeNodes() -> [ViewNode] { [stack.node] }
}

/// What a ``VStack`` or ``HStack`` records, and the node it makes.
private struct StackNode: Sendable {
    var type: ViewNode.Kind
    /// The alignment's name (`leading`, `top`, ...); `nil` for the centre, the default.
    var alignment: String?
    var spacing: Double?
    var content: ViewGroup

    /// The node: its `spacing` when set to a finite number.
    var node: ViewNode {
        ViewNode(
            type: type, children: content.nodes, alignment: alignment, spacing: ViewNode.spacing(spacing))
    }
}

/// Views with no container of their own: their children stand in the parent.
public struct Group: PrimitiveView {
    private let content: ViewGroup

    /// Creates a group.
    public init<Content: View>(@ViewBuilder content: () -> Content) {
        self.content = ViewGroup(content()._nodes())
    }

    /// The children's nodes.
    public func makeNodes() -> [ViewNode] { content.nodes }
}

/// How a `VStack` lines up its children across, as SwiftUI's `HorizontalAlignment`: recorded by
/// name, the case's raw value.
public enum HorizontalAlignment: String, Sendable, CaseIterable {
    /// Leading edge.
    case leading
    /// Centre.
    case center
    /// Trailing edge.
    case trailing
}

/// How an `HStack` lines up its children across, as SwiftUI's `VerticalAlignment`: recorded by
/// name, the case's raw value.
public enum VerticalAlignment: String, Sendable, CaseIterable {
    /// Top edge.
    case top
    /// Centre.
    case center
    /// Bottom edge.
    case bottom
    /// The baseline of the first line of text.
    case firstTextBaseline
    /// The baseline of the last line of text.
    case lastTextBaseline
}

/// A line of text, or a date shown in a style (`Text(dueDate, style: .relative)`); texts joined with
/// `+` are one text.
public struct Text: PrimitiveView {
    /// A text before any `+`: its string or date, and the modifiers of its own (`.bold()`,
    /// `.font(_:)` ... on a text give a text, as in SwiftUI).
    struct Run: Sendable {
        var content: String
        var date: (Date, DateStyle)?
        var modifiers: [ViewModifierNode] = []

        /// What it shows when drawn.
        var drawn: String {
            date.map { $0.1.format($0.0, now: EnvironmentValues.current.drawingDate) } ?? content
        }
    }

    /// The text, or the first of those joined with `+`.
    var first: Run
    /// The texts joined after it with `+`, in order (none for most texts: no array is made).
    var following: [Run] = []

    /// The text (for a date, empty: it is formatted when drawn; texts joined with `+`, all of
    /// theirs).
    public var content: String {
        following.isEmpty ? first.content : ([first] + following).map(\.content).joined()
    }

    /// Creates a text.
    public init(_ content: String) {
        first = Run(content: content, date: nil)
    }

    /// A text of an attributed string's characters (`Text(markdown)`): its attributes are not
    /// drawn.
    public init(_ attributed: AttributedString) {
        self.init(String(attributed.characters))
    }

    /// A text of `resource`'s default value.
    public init(_ resource: LocalizedStringResource) {
        self.init(resource.defaultValue)
    }

    /// Creates a text shown exactly as given.
    public init(verbatim content: String) {
        self.init(content)
    }

    /// Shows `date` in `style`, counted from the time the view is drawn for (the entry's date).
    public init(_ date: Date, style: DateStyle) {
        first = Run(content: "", date: (date, style))
    }

    /// A `text` node; a date's node also carries `date` and `dateStyle`, so a renderer that knows the
    /// time now can redraw it. Texts joined with `+` are one node of their strings joined, with the
    /// modifiers they all have; where their styles differ, the host says so.
    public func makeNodes() -> [ViewNode] {
        guard following.isEmpty else { return [joinedNode()] }
        guard let (date, style) = first.date else {
            return [ViewNode(type: .text, text: first.content, modifiers: first.modifiers)]
        }
        return [
            ViewNode(
                type: .text, text: first.drawn, date: date, dateStyle: style.rawValue,
                modifiers: first.modifiers)
        ]
    }

    /// The node of texts joined with `+`.
    private func joinedNode() -> ViewNode {
        let runs = [first] + following
        let shared = first.modifiers.filter { modifier in runs.allSatisfy { $0.modifiers.contains(modifier) }
        }
        var modifiers = shared
        if runs.contains(where: { $0.modifiers.count != shared.count }) {
            let api = "Text + Text in different styles (drawn in the style they share)"
            modifiers.append(ViewModifierNode(.ignored, [.init("api", .string(api))]))
        }
        return ViewNode(type: .text, text: runs.map(\.drawn).joined(), modifiers: modifiers)
    }

    /// Two texts as one, as SwiftUI joins them (`Text("Due ") + Text(date, style: .relative)`).
    public static func + (left: Text, right: Text) -> Text {
        var joined = left
        joined.following += [right.first] + right.following
        return joined
    }
}

/// The modifiers that give a text back (SwiftUI's `Text` modifiers), so that texts so styled can be
/// joined with `+`: each records what the view modifier of its name records, on every text joined.
extension Text {
    /// `self` with what `modify` records on a view recorded on each of its texts.
    private func recording(_ modify: (Text) -> ModifiedContent<Text>) -> Text {
        guard let modifiers = modify(Text("")).change.recorded else { return self }
        var text = self
        text.first.modifiers += modifiers
        for index in text.following.indices { text.following[index].modifiers += modifiers }
        return text
    }

    /// Draws the text in `font`.
    public func font(_ font: Font?) -> Text { recording { $0.font(font) } }
    /// Draws the text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text { recording { $0.fontWeight(weight) } }
    /// Draws the text in bold.
    public func bold(_ isActive: Bool = true) -> Text { recording { $0.bold(isActive) } }
    /// Colours the text with `style`.
    public func foregroundStyle(_ style: some ShapeStyle) -> Text { recording { $0.foregroundStyle(style) } }
    /// Colours the text (the older spelling).
    public func foregroundColor(_ color: Color?) -> Text { recording { $0.foregroundColor(color) } }
    /// Strikes the text through, or not.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        recording { $0.strikethrough(isActive, color: color) }
    }
    /// Italic text: ignored.
    public func italic(_ isActive: Bool = true) -> Text { recording { $0.italic(isActive) } }
    /// The space between letters: ignored.
    public func kerning(_ kerning: Double) -> Text { recording { $0.kerning(kerning) } }
    /// The space between letters: ignored.
    public func tracking(_ tracking: Double) -> Text { recording { $0.tracking(tracking) } }
    /// Digits of one width: ignored.
    public func monospacedDigit() -> Text { recording { $0.monospacedDigit() } }
    /// The font's design: ignored.
    public func fontDesign(_ design: Font.Design?) -> Text { recording { $0.fontDesign(design) } }
}

/// A symbol, named as SF Symbols name it.
public struct Image: PrimitiveView {
    /// The symbol's name.
    public let systemName: String
    /// The name of an image of the app's assets (`Image("newspic")`), drawn as `systemName`.
    var assetName: String?
    /// The modifiers of its own that give an image back (`.resizable()`, `.renderingMode(_:)`).
    private var modifiers: [ViewModifierNode] = []

    /// Creates an image of a symbol.
    public init(systemName: String) {
        self.systemName = systemName
    }

    /// An `image` node; an asset's names it as ignored.
    public func makeNodes() -> [ViewNode] {
        guard let assetName else {
            return [ViewNode(type: .image, systemName: systemName, modifiers: modifiers)]
        }
        let api = "Image(\"\(assetName)\") (an image of the app's assets, drawn as \(systemName))"
        return [
            ViewNode(
                type: .image, systemName: systemName,
                modifiers: [ViewModifierNode(.ignored, [.init("api", .string(api))])] + modifiers)
        ]
    }
}

/// The modifiers that give an image back, as SwiftUI's `Image` has them, so that an `Image`
/// extension's method may follow them (`.resizable().myStyle()`): each records what the view
/// modifier of its name records.
extension Image {
    /// `self` with what `modify` records on a view recorded on it.
    private func recording(_ modify: (Image) -> ModifiedContent<Image>) -> Image {
        var image = self
        image.modifiers += modify(Image(systemName: "")).change.recorded ?? []
        return image
    }

    /// Lets the image grow to its frame: ignored (a symbol is drawn at its text size).
    public func resizable() -> Image { recording { $0.resizable() } }
    /// How the image takes its colours: ignored.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        recording { $0.renderingMode(mode) }
    }
    /// How a symbol's layers are coloured: ignored.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image {
        recording { $0.symbolRenderingMode(mode) }
    }
}

/// Flexible space.
public struct Spacer: PrimitiveView {
    private let minLength: Double?

    /// Creates a spacer that shrinks to no less than `minLength` points along its stack (the
    /// system's default, 8, when `nil`).
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    /// A `spacer` node, with its `minLength` when set to a finite number.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .spacer, minLength: ViewNode.spacing(minLength))]
    }
}

/// Nothing.
public struct EmptyView: PrimitiveView {
    /// Creates an empty view.
    public init() {}

    /// No nodes.
    public func makeNodes() -> [ViewNode] { [] }
}

/// A button that runs an app intent when tapped (iOS 17 interactive widgets). One with an action
/// closure (`Button(action:label:)`, `Button("Title") { ... }`) compiles, as on iOS, and runs
/// nothing when tapped, as in a widget on iOS: a widget's button runs only an app intent; the host
/// names the closure as something it ignores.
public struct Button: PrimitiveView {
    private let intent: IntentReference?
    private let label: ViewGroup

    /// Creates a button running `intent`, labelled by `label`.
    public init<Label: View>(intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.intent = IntentReference(intent)
        self.label = ViewGroup(label()._nodes())
    }

    /// Creates a button with a text label.
    public init(_ title: String, intent: some AppIntent) {
        self.intent = IntentReference(intent)
        self.label = ViewGroup([ViewNode(type: .text, text: title)])
    }

    /// A button with an action closure, labelled by `label`: never run (a widget's button runs only
    /// an app intent).
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> ViewGroup) {
        self.intent = nil
        self.label = label()
    }

    /// A button with an action closure and a text label: never run.
    public init(_ title: String, action: @escaping () -> Void) {
        self.intent = nil
        self.label = ViewGroup([ViewNode(type: .text, text: title)])
    }

    /// A `button` node carrying the intent; a closure's, recorded as ignored.
    public func makeNodes() -> [ViewNode] {
        guard let intent else {
            let ignored = ViewModifierNode(
                .ignored,
                [
                    .init(
                        "api",
                        .string("Button(action:) (a closure; a widget's button runs only an AppIntent)"))
                ])
            return [ViewNode(type: .button, children: label.nodes, modifiers: [ignored])]
        }
        return [ViewNode(type: .button, intent: intent, children: label.nodes)]
    }
}

/// A switch showing `isOn` that runs an intent when flipped (usually a ``SetValueIntent`` with the
/// opposite value).
public struct Toggle: PrimitiveView {
    private let isOn: Bool
    private let intent: IntentReference
    private let label: ViewGroup

    /// Creates a toggle.
    public init<Label: View>(isOn: Bool, intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.intent = IntentReference(intent)
        self.label = ViewGroup(label()._nodes())
    }

    /// Creates a toggle with a text label.
    public init(_ title: String, isOn: Bool, intent: some AppIntent) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }

    /// Creates a toggle without a label.
    public init(isOn: Bool, intent: some AppIntent) {
        self.init(isOn: isOn, intent: intent) {}
    }

    /// A `toggle` node carrying its state and intent.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .toggle, isOn: isOn, intent: intent, children: label.nodes)]
    }
}

/// A link that opens a URL in the app (a deep link).
public struct Link: PrimitiveView {
    private let destination: URL
    private let label: ViewGroup

    /// Creates a link.
    public init<Label: View>(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = ViewGroup(label()._nodes())
    }

    /// Creates a link with a text label.
    public init(_ title: String, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }

    /// A `link` node carrying the URL.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .link, url: destination.absoluteString, children: label.nodes)]
    }
}

/// Views made for each element of a collection.
public struct ForEach: PrimitiveView {
    private let content: ViewGroup

    /// One view per element.
    public init<Data: Sequence, Content: View>(_ data: Data, @ViewBuilder content: (Data.Element) -> Content)
    {
        self.content = ViewGroup(data.flatMap { content($0)._nodes() })
    }

    /// One view per element, identified by `id` (identity is SwiftUI's animation concern; the
    /// elements are drawn in order).
    public init<Data: Sequence, ID: Hashable, Content: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> Content
    ) {
        self.init(data, content: content)
    }

    /// The views' nodes, in order.
    public func makeNodes() -> [ViewNode] { content.nodes }
}
