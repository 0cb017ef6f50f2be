public import Foundation

/// Views stacked top to bottom.
public struct VStack: PrimitiveView {
    private let stack: StackNode

    /// Creates a stack whose children line up at `alignment`, `spacing` points apart (the
    /// system's default spacing when `nil`).
    public init(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        @ViewBuilder content: () -> ViewGroup
    ) {
        stack = StackNode(
            type: .vstack, alignment: alignment == .center ? nil : alignment.rawValue, spacing: spacing,
            content: content())
    }

    /// A `vstack` node, with its `alignment` when it is not the centre and its `spacing` when set.
    public func makeNodes() -> [ViewNode] { [stack.node] }
}

/// Views side by side.
public struct HStack: PrimitiveView {
    private let stack: StackNode

    /// Creates a stack whose children line up at `alignment`, `spacing` points apart (the
    /// system's default spacing when `nil`).
    public init(
        alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup
    ) {
        stack = StackNode(
            type: .hstack, alignment: alignment == .center ? nil : alignment.rawValue, spacing: spacing,
            content: content())
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
    public init(@ViewBuilder content: () -> ViewGroup) {
        self.content = content()
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

/// A line of text, or a date shown in a style (`Text(dueDate, style: .relative)`).
public struct Text: PrimitiveView {
    /// The text (for a date, empty: it is formatted when drawn).
    public let content: String
    private let date: (Date, DateStyle)?

    /// Creates a text.
    public init(_ content: String) {
        self.content = content
        self.date = nil
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
        self.content = ""
        self.date = (date, style)
    }

    /// A `text` node; a date's node also carries `date` and `dateStyle`, so a renderer that knows the
    /// time now can redraw it.
    public func makeNodes() -> [ViewNode] {
        guard let (date, style) = self.date else { return [ViewNode(type: .text, text: content)] }
        let text = style.format(date, now: EnvironmentValues.current.drawingDate)
        return [ViewNode(type: .text, text: text, date: date, dateStyle: style.rawValue)]
    }
}

/// A symbol, named as SF Symbols name it.
public struct Image: PrimitiveView {
    /// The symbol's name.
    public let systemName: String
    /// The name of an image of the app's assets (`Image("newspic")`), drawn as `systemName`.
    var assetName: String?

    /// Creates an image of a symbol.
    public init(systemName: String) {
        self.systemName = systemName
    }

    /// An `image` node; an asset's names it as ignored.
    public func makeNodes() -> [ViewNode] {
        guard let assetName else { return [ViewNode(type: .image, systemName: systemName)] }
        let api = "Image(\"\(assetName)\") (an image of the app's assets, drawn as \(systemName))"
        return [
            ViewNode(
                type: .image, systemName: systemName,
                modifiers: [ViewModifierNode(.ignored, [.init("api", .string(api))])])
        ]
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
    public init(intent: some AppIntent, @ViewBuilder label: () -> ViewGroup) {
        self.intent = IntentReference(intent)
        self.label = label()
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
    public init(isOn: Bool, intent: some AppIntent, @ViewBuilder label: () -> ViewGroup) {
        self.isOn = isOn
        self.intent = IntentReference(intent)
        self.label = label()
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
    public init(destination: URL, @ViewBuilder label: () -> ViewGroup) {
        self.destination = destination
        self.label = label()
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
    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewGroup) {
        self.content = ViewGroup(data.flatMap { content($0).nodes })
    }

    /// One view per element, identified by `id` (identity is SwiftUI's animation concern; the
    /// elements are drawn in order).
    public init<Data: Sequence, ID: Hashable>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> ViewGroup
    ) {
        self.init(data, content: content)
    }

    /// The views' nodes, in order.
    public func makeNodes() -> [ViewNode] { content.nodes }
}
