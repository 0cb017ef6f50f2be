/// A drawn view: the plain tree renderers draw and JSON carries.
///
/// Every node has a `type`; buttons and toggles carry the intent they run, links their URL.
public struct ViewNode: Sendable, Hashable {
    /// What kind of view a node is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Children stacked top to bottom.
        case vstack
        /// Children side by side.
        case hstack
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

    /// Creates a node.
    public init(
        type: Kind,
        text: String? = nil,
        systemName: String? = nil,
        url: String? = nil,
        isOn: Bool? = nil,
        intent: IntentReference? = nil,
        children: [ViewNode] = []
    ) {
        self.type = type
        self.text = text
        self.systemName = systemName
        self.url = url
        self.isOn = isOn
        self.intent = intent
        self.children = children
    }

    /// The node as JSON: `type`, then the fields it has, then `children` for containers.
    public var json: JSONValue {
        var members = [JSONValue.Member("type", .string(type.rawValue))]
        if let text { members.append(.init("text", .string(text))) }
        if let systemName { members.append(.init("systemName", .string(systemName))) }
        if let url { members.append(.init("url", .string(url))) }
        if let isOn { members.append(.init("isOn", .bool(isOn))) }
        if let intent { members.append(.init("intent", intent.json)) }
        switch type {
        case .vstack, .hstack, .button, .toggle, .link:
            members.append(.init("children", .array(children.map(\.json))))
        case .text, .image, .spacer:
            break
        }
        return .object(members)
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
public struct IntentReference: Sendable, Hashable {
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

    /// `{"type": ..., "parameters": {...}}`.
    public var json: JSONValue {
        .object([.init("type", .string(type)), .init("parameters", parameters)])
    }
}
