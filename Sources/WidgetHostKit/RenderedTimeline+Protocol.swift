import Foundation

/// Timelines, entries, views and reload policies as the plugin protocol carries them:
/// `{"entries": [{"date", "data", "view"}], "policy": {"policy": "after", "date": ...}}`.
extension RenderedTimeline {
    /// The timeline as a `timeline`/`snapshot`/`placeholder` result.
    public var json: JSONValue {
        .object([
            .init("entries", .array(entries.map(\.json))),
            .init("policy", policy.json),
        ])
    }

    /// Reads a plugin's result; a missing `policy` means `atEnd`.
    /// - Throws: ``ProtocolValueError`` naming the first member that is wrong.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard case .array(let items)? = json["entries"] else {
            throw ProtocolValueError("the result has no 'entries' array")
        }
        var entries: [RenderedEntry] = []
        entries.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            do throws(ProtocolValueError) {
                entries.append(try RenderedEntry(json: item))
            } catch {
                throw ProtocolValueError("entry \(position + 1): \(error.description)")
            }
        }
        let policy = try json["policy"].map { (value) throws(ProtocolValueError) in
            try TimelineReloadPolicy(json: value)
        }
        self.init(entries: entries, policy: policy ?? .atEnd)
    }
}

extension RenderedEntry {
    /// `{"date", "data", "view"}`.
    public var json: JSONValue {
        .object([
            .init("date", .string(ISO8601.string(from: date))),
            .init("data", data),
            .init("view", view.json),
        ])
    }

    /// Reads an entry; `data` defaults to `{}`.
    /// - Throws: ``ProtocolValueError``.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let text = json["date"]?.stringValue else { throw ProtocolValueError("no 'date'") }
        guard let date = ISO8601.date(from: text) else {
            throw ProtocolValueError("the date '\(text)' is not ISO 8601")
        }
        guard let view = json["view"] else { throw ProtocolValueError("no 'view'") }
        self.init(date: date, data: json["data"] ?? .object([]), view: try ViewNode(json: view))
    }
}

extension TimelineReloadPolicy {
    /// `{"policy": "atEnd"|"never"}` or `{"policy": "after", "date": ...}`.
    public var json: JSONValue {
        switch self {
        case .atEnd: return .object([.init("policy", .string("atEnd"))])
        case .never: return .object([.init("policy", .string("never"))])
        case .after(let date):
            return .object([
                .init("policy", .string("after")), .init("date", .string(ISO8601.string(from: date))),
            ])
        }
    }

    /// Reads a policy.
    /// - Throws: ``ProtocolValueError``.
    public init(json: JSONValue) throws(ProtocolValueError) {
        switch json["policy"]?.stringValue {
        case "atEnd": self = .atEnd
        case "never": self = .never
        case "after":
            guard let text = json["date"]?.stringValue, let date = ISO8601.date(from: text) else {
                throw ProtocolValueError("the 'after' policy has no ISO 8601 'date'")
            }
            self = .after(date)
        default:
            throw ProtocolValueError("the policy is not one of atEnd, never, after")
        }
    }
}

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
