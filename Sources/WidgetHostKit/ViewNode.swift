public import Foundation
public import JSON

/// A drawn view: the plain tree renderers draw and JSON carries.
///
/// Every node has a `type`; buttons and toggles carry the intent they run, links their URL; any node
/// may carry the ordered ``modifiers`` SwiftUI's view modifiers recorded on it.
public struct ViewNode: Sendable, Hashable, JSONSinkWritable {
    /// What kind of view a node is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Children stacked top to bottom.
        case vstack
        /// Children side by side.
        case hstack
        /// Children layered back to front, each placed at the stack's `alignment` (`ZStack`).
        case zstack
        /// A line of text.
        case text
        /// A symbol (`Image(systemName:)`).
        case image
        /// A button running an intent.
        case button
        /// A switch running an intent.
        case toggle
        /// A link opening a URL.
        case link
        /// Flexible space.
        case spacer
        /// A progress indicator (`ProgressView`): indeterminate, or with a `value` from 0 to 1.
        case progress
    }

    /// The kind.
    public var type: Kind
    /// A text node's text.
    public var text: String?
    /// An image node's symbol name.
    public var systemName: String?
    /// A link node's URL.
    public var url: String?
    /// A toggle node's state.
    public var isOn: Bool?
    /// The intent a button or toggle runs.
    public var intent: IntentReference?
    /// The nested views (a stack's items, a button's label).
    public var children: [ViewNode]
    /// The date a text node shows (`Text(date, style:)`), which renderers that know the time now
    /// may redraw; `text` holds it as formatted when the entry was drawn.
    public var date: Date?
    /// How a text node shows its `date`: `relative`, `time`, `date`, `timer` or `offset`.
    public var dateStyle: String?
    /// A progress node's completed fraction, from 0 to 1; `nil` for an indeterminate one.
    public var value: Double?
    /// How a stack lines up its children across (`leading` ... for a vstack, `top` ... for an
    /// hstack, `topLeading` ... for a zstack); `nil` for the centre, SwiftUI's default.
    public var alignment: String?
    /// The points between a stack's children; `nil` for the system's default.
    public var spacing: Double?
    /// The least a spacer shrinks to along its stack, in points; `nil` for the system's default.
    public var minLength: Double?
    /// The view modifiers applied to the node, in the order they were written.
    public var modifiers: [ViewModifierNode]

    /// Creates a node.
    public init(
        type: Kind,
        text: String? = nil,
        systemName: String? = nil,
        url: String? = nil,
        isOn: Bool? = nil,
        intent: IntentReference? = nil,
        children: [ViewNode] = [],
        date: Date? = nil,
        dateStyle: String? = nil,
        value: Double? = nil,
        alignment: String? = nil,
        spacing: Double? = nil,
        minLength: Double? = nil,
        modifiers: [ViewModifierNode] = []
    ) {
        self.type = type
        self.text = text
        self.systemName = systemName
        self.url = url
        self.isOn = isOn
        self.intent = intent
        self.children = children
        self.date = date
        self.dateStyle = dateStyle
        self.value = value
        self.alignment = alignment
        self.spacing = spacing
        self.minLength = minLength
        self.modifiers = modifiers
    }

    /// A stack's `spacing` as a node keeps it: a finite number, else none.
    static func spacing(_ points: Double?) -> Double? {
        points.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Writes the node's JSON: `type`, then the fields it has (a stack's `alignment` and `spacing`,
    /// a spacer's `minLength` among them), then `modifiers` when there are any, then `children` for containers and
    /// controls. ``json`` is this as a tree.
    public func write(to sink: inout some JSONSink) {
        sink.beginObject()
        sink.member("type", type.rawValue)
        sink.member("text", text)
        sink.member("systemName", systemName)
        sink.member("url", url)
        if let isOn {
            sink.key("isOn")
            sink.bool(isOn)
        }
        if let intent {
            sink.key("intent")
            intent.write(to: &sink)
        }
        sink.member("date", date.map { ISO8601.string(from: $0) })
        sink.member("dateStyle", dateStyle)
        if let value {
            sink.key("value")
            sink.double(value)
        }
        sink.member("alignment", alignment)
        if let spacing {
            sink.key("spacing")
            sink.value(JSONValue(points: spacing))
        }
        if let minLength {
            sink.key("minLength")
            sink.value(JSONValue(points: minLength))
        }
        if !modifiers.isEmpty { sink.member("modifiers", modifiers) { $0.write(to: &$1) } }
        switch type {
        case .vstack, .hstack, .zstack, .button, .toggle, .link:
            sink.member("children", children) { $0.write(to: &$1) }
        case .progress where !children.isEmpty:
            sink.member("children", children) { $0.write(to: &$1) }
        case .text, .image, .spacer, .progress:
            break
        }
        sink.endObject()
    }

    /// Whether each of ``controls`` (in its order) is disabled: SwiftUI's `.disabled(true)` on it
    /// or on a view around it, which a tap does not get through.
    public var controlsDisabled: [Bool] {
        var found: [Bool] = []
        var stack: [(node: ViewNode, disabled: Bool)] = [(self, false)]
        while let (node, inherited) = stack.popLast() {
            let disabled =
                inherited
                || node.modifiers.contains { $0.type == .disabled && $0["isActive"]?.boolValue != false }
            if node.type == .button || node.type == .toggle || node.type == .link { found.append(disabled) }
            stack.append(contentsOf: node.children.reversed().map { ($0, disabled) })
        }
        return found
    }

    /// The controls (buttons, toggles, links) of the tree, depth first: the numbering `tap` uses.
    public var controls: [ViewNode] {
        var found: [ViewNode] = []
        var stack: [ViewNode] = [self]
        while let node = stack.popLast() {
            if node.type == .button || node.type == .toggle || node.type == .link { found.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }
}

/// An intent a control runs: its type name and parameter values.
public struct IntentReference: Sendable, Hashable, JSONSinkWritable {
    /// The intent's type name (`ToggleTaskIntent`).
    public var type: String
    /// The parameter values, as a JSON object in declaration order.
    public var parameters: JSONValue

    /// Creates a reference.
    public init(type: String, parameters: JSONValue) {
        self.type = type
        self.parameters = parameters
    }

    /// The reference to `intent` with its current parameter values.
    public init(_ intent: some AppIntent) {
        self.init(type: Swift.type(of: intent).intentType, parameters: ParameterReflection.values(of: intent))
    }

    /// Writes `{"type": ..., "parameters": {...}}`.
    public func write(to sink: inout some JSONSink) {
        sink.beginObject()
        sink.key("type")
        sink.string(type)
        sink.key("parameters")
        sink.value(parameters)
        sink.endObject()
    }
}
