import Foundation
import JSON
@_spi(WidgetHost) public import WidgetHostKit

/// Reading the view trees a plugin draws (``ViewNode/json``, in the SDK, writes them).
extension ViewNode {
    /// Reads a view tree as ``json`` writes it.
    /// A node of a type the vocabulary does not have is drawn as a vstack of its children (a
    /// text when it has only `text`): the host warns about it (``ViewVocabulary`` in the engine)
    /// and still renders what it can.
    /// - Throws: ``ProtocolValueError`` for a node that is not an object or a malformed member.
    public init(json: JSONValue) throws(ProtocolValueError) {
        try self.init(json: json, depth: 0)
    }

    private init(json: JSONValue, depth: Int) throws(ProtocolValueError) {
        guard depth < 256 else { throw ProtocolValueError("the view is nested too deeply") }
        guard case .object = json else { throw ProtocolValueError("a view node is not an object") }
        let name = json["type"]?.stringValue ?? "node"
        let kind =
            Kind(rawValue: name)
            ?? (json["children"] == nil && json["text"]?.stringValue != nil ? .text : .vstack)
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
            // The values a tap sends to the intent: an object by name, or none.
            let parameters = value["parameters"] ?? .null
            switch parameters {
            case .null: intent = IntentReference(type: type, parameters: .object([]))
            case .object: intent = IntentReference(type: type, parameters: parameters)
            default:
                throw ProtocolValueError(
                    "the 'parameters' of the intent of a \(name) node is \(parameters.brief), not an object")
            }
        }
        var date: Date?
        if let value = json["date"], value != .null {
            guard let text = value.stringValue, let parsed = ISO8601.date(from: text) else {
                throw ProtocolValueError("the 'date' of a \(name) node is not an ISO 8601 date")
            }
            date = parsed
        }
        var fraction: Double?
        if let value = json["value"], value != .null {
            guard let number = value.doubleValue, (0...1).contains(number) else {
                throw ProtocolValueError("the 'value' of a \(name) node is not a number from 0 to 1")
            }
            fraction = number
        }
        // A stack's alignment and spacing, a spacer's minLength; a length that is no number of points
        // is none (the host warns about it, ``ViewVocabulary`` in the engine).
        let isStack = kind == .vstack || kind == .hstack
        let spacing = isStack ? Self.points(json["spacing"]) : nil
        self.init(
            type: kind,
            text: json["text"]?.stringValue,
            systemName: json["systemName"]?.stringValue,
            url: json["url"]?.stringValue,
            isOn: json["isOn"]?.boolValue,
            intent: intent,
            children: children,
            date: date,
            dateStyle: json["dateStyle"]?.stringValue,
            value: fraction,
            alignment: isStack || kind == .zstack ? json["alignment"]?.stringValue : nil,
            spacing: spacing,
            minLength: kind == .spacer ? Self.points(json["minLength"]) : nil,
            modifiers: try Self.modifiers(json["modifiers"], node: name, depth: depth)
        )
    }

    /// A number of points (finite, 0 or more), else none.
    private static func points(_ json: JSONValue?) -> Double? {
        json?.doubleValue.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// Reads a node's `modifiers`: an array of `{"type": NAME, ...values}`, kept in order. A modifier
    /// that is not an object or has a type the vocabulary does not know is left out, and so is a
    /// value it does not take (the host warns about both, ``ViewVocabulary`` in the engine). A
    /// modifier's `view` (an overlay's, a background's) is read as a node one level deeper than the
    /// node it modifies, and kept as the JSON its node writes.
    /// - Throws: ``ProtocolValueError`` when `modifiers` is not an array, or a `view` is not a node.
    private static func modifiers(_ json: JSONValue?, node: String, depth: Int) throws(ProtocolValueError)
        -> [ViewModifierNode]
    {
        guard let json, json != .null else { return [] }
        guard case .array(let items) = json else {
            throw ProtocolValueError("the 'modifiers' of a \(node) node is not an array")
        }
        var modifiers: [ViewModifierNode] = []
        modifiers.reserveCapacity(items.count)
        for item in items {
            guard case .object(let members) = item, let name = item["type"]?.stringValue,
                let kind = ViewModifierNode.Kind(rawValue: name)
            else { continue }
            var values: [JSONValue.Member] = []
            for member in members where kind.valueNames.contains(member.key) {
                guard member.key == "view" else {
                    values.append(member)
                    continue
                }
                guard member.value != .null else { continue }
                guard case .object = member.value else {
                    throw ProtocolValueError(
                        "the 'view' of the \(name) modifier of a \(node) node is not a node")
                }
                values.append(.init("view", try ViewNode(json: member.value, depth: depth + 1).json))
            }
            modifiers.append(ViewModifierNode(kind, values))
        }
        return modifiers
    }
}
