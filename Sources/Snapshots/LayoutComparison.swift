public import JSON

/// How a widget's recorded layout (its object of `run --format layout`) differs from the current
/// one, node by node: each changed node named by its path from the root (`vstack/hstack[2]/text`:
/// a node's type, with its place among its parent's children when it is not the first) and what
/// changed in it, as a person reads it:
///
/// ```
/// size: 170x170 -> 364x170
/// layout/vstack/text: text "Tasks" -> "Chores"
/// layout/vstack/hstack[2]: frame (16, 60, 138x22) -> (16, 62, 138x22)
/// layout/vstack: child added: text at (16, 120, 40x16)
/// ```
public struct LayoutComparison: Sendable, Equatable {
    /// The changes, in document order.
    public let changes: [String]

    /// Whether the layouts are the same.
    public var matches: Bool { changes.isEmpty }

    /// Compares the `recorded` widget object with the `current` one.
    public init(recorded: JSONValue, current: JSONValue) {
        var changes: [String] = []
        Self.compareMembers(recorded, current, path: "", skipping: ["layout"], into: &changes)
        switch (recorded["layout"], current["layout"]) {
        case (let old?, let new?):
            Self.compareNode(old, new, path: "layout/" + Self.type(of: new), into: &changes)
        case (nil, let new?): changes.append("layout: added (the widget drew: \(Self.type(of: new)))")
        case (_?, nil): changes.append("layout: removed")
        case (nil, nil): break
        }
        self.changes = changes
    }

    /// The changes of two nodes and, child by child, of their children.
    private static func compareNode(
        _ old: JSONValue, _ new: JSONValue, path: String, into changes: inout [String]
    ) {
        compareMembers(old, new, path: path, skipping: ["children"], into: &changes)
        let oldChildren = old["children"].flatMap(arrayItems) ?? []
        let newChildren = new["children"].flatMap(arrayItems) ?? []
        for index in 0..<max(oldChildren.count, newChildren.count) {
            if index < oldChildren.count, index < newChildren.count {
                let child = newChildren[index]
                let oldType = type(of: oldChildren[index])
                let newType = type(of: child)
                if oldType != newType {
                    changes.append(
                        "\(path): child \(index + 1) was \(oldType) at \(frame(oldChildren[index])), "
                            + "is \(newType) at \(frame(child))")
                    continue
                }
                compareNode(
                    oldChildren[index], child,
                    path: path + "/" + newType + (index > 0 ? "[\(index + 1)]" : ""),
                    into: &changes)
            } else if index < newChildren.count {
                let child = newChildren[index]
                changes.append(
                    "\(path): child added: \(type(of: child)) at \(frame(child))\(textNote(child))")
            } else {
                let child = oldChildren[index]
                changes.append(
                    "\(path): child removed: \(type(of: child)) at \(frame(child))\(textNote(child))")
            }
        }
    }

    /// The changed members of two objects (but `skipping`), one line each.
    private static func compareMembers(
        _ old: JSONValue, _ new: JSONValue, path: String, skipping: Set<String>, into changes: inout [String]
    ) {
        let oldMembers = members(old)
        let newMembers = members(new)
        var keys: [String] = []
        for member in oldMembers + newMembers
        where !skipping.contains(member.key) && !keys.contains(member.key) {
            keys.append(member.key)
        }
        let prefix = path.isEmpty ? "" : path + ": "
        for key in keys {
            let before = oldMembers.first { $0.key == key }?.value
            let after = newMembers.first { $0.key == key }?.value
            guard before != after else { continue }
            changes.append(
                prefix + key + " " + describe(before, key: key) + " -> " + describe(after, key: key))
        }
    }

    /// A member's value as the change lines write it: a frame or size compactly, text quoted,
    /// `none` when absent.
    private static func describe(_ value: JSONValue?, key: String) -> String {
        guard let value else { return "none" }
        if key == "frame" { return frame(of: value) }
        if key == "size", let width = value["width"]?.doubleValue, let height = value["height"]?.doubleValue {
            return "\(number(width))x\(number(height))"
        }
        let text = value.description
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    /// `(x, y, WxH)` of a node's frame.
    private static func frame(_ node: JSONValue) -> String {
        node["frame"].map(frame(of:)) ?? "(no frame)"
    }

    private static func frame(of frame: JSONValue) -> String {
        let values = ["x", "y", "width", "height"].map { frame[$0]?.doubleValue.map(number) ?? "?" }
        return "(\(values[0]), \(values[1]), \(values[2])x\(values[3]))"
    }

    /// ` "Text"` for a text node, so an added or removed line is recognised.
    private static func textNote(_ node: JSONValue) -> String {
        guard let text = node["text"]?.stringValue else { return "" }
        return " " + JSONValue.string(text.count > 40 ? String(text.prefix(37)) + "..." : text).description
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func type(of node: JSONValue) -> String {
        node["type"]?.stringValue ?? "node"
    }

    private static func members(_ value: JSONValue) -> [JSONValue.Member] {
        if case .object(let members) = value { return members }
        return []
    }

    private static func arrayItems(_ value: JSONValue) -> [JSONValue]? {
        if case .array(let items) = value { return items }
        return nil
    }
}
