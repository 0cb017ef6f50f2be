public import WidgetHostKit

/// Reading the view trees a plugin draws (``ViewNode/json``, in the SDK, writes them).
extension ViewNode {
    /// Reads a view tree as ``json`` writes it.
    /// - Throws: ``ProtocolValueError`` for an unknown `type` or a malformed member.
    public init(json: JSONValue) throws(ProtocolValueError) {
        try self.init(json: json, depth: 0)
    }

    private init(json: JSONValue, depth: Int) throws(ProtocolValueError) {
        guard depth < 256 else { throw ProtocolValueError("the view is nested too deeply") }
        guard case .object = json else { throw ProtocolValueError("a view node is not an object") }
        guard let name = json["type"]?.stringValue, let kind = Kind(rawValue: name) else {
            throw ProtocolValueError(
                "a view node has the type \(json["type"]?.description ?? "(none)"); expected one of "
                    + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var children: [ViewNode] = []
        if let value = json["children"] {
            guard case .array(let items) = value else {
                throw ProtocolValueError("the 'children' of a \(name) node is not an array")
            }
            for item in items { children.append(try ViewNode(json: item, depth: depth + 1)) }
        }
        var intent: IntentReference?
        if let value = json["intent"], value != .null {
            guard let type = value["type"]?.stringValue else {
                throw ProtocolValueError("the intent of a \(name) node has no 'type'")
            }
            intent = IntentReference(type: type, parameters: value["parameters"] ?? .object([]))
        }
        self.init(
            type: kind,
            text: json["text"]?.stringValue,
            systemName: json["systemName"]?.stringValue,
            url: json["url"]?.stringValue,
            isOn: json["isOn"]?.boolValue,
            intent: intent,
            children: children
        )
    }
}
