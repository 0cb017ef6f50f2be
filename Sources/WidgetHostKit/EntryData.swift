public import JSON

/// An entry's data, as the host prints it beside the entry's view: what `Encodable` writes where
/// the entry is encodable, and otherwise its stored properties as they are (WidgetKit does not ask
/// an entry to be encodable: one may hold an image, an app's model or an enumeration of its own).
public enum EntryData {
    /// How deep nested values are followed: far deeper than any entry's data, and short of an
    /// object graph that refers back to itself.
    static let depthLimit = 12

    /// `entry`'s data, its `date` among it.
    public static func json(of entry: some TimelineEntry) throws -> JSONValue {
        if let representable = entry as? any JSONRepresentable { return representable.json }
        if let encodable = entry as? any Encodable { return try JSONValueEncoder().encode(encodable) }
        return reflected(entry, depth: 0)
    }

    /// A value without an `Encodable` of its own: its stored properties by name (a property
    /// wrapper's by the property's name and wrapped value), its elements, its case, or its
    /// description.
    static func reflected(_ value: Any, depth: Int) -> JSONValue {
        if let wrapper = value as? any ReflectedWrapper {
            return reflected(wrapper.reflectedValue, depth: depth)
        }
        if let encodable = value as? any Encodable, let json = try? JSONValueEncoder().encode(encodable) {
            return json
        }
        let mirror = Mirror(reflecting: value)
        guard depth < depthLimit else { return .string(String(describing: type(of: value))) }
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { reflected($0.value, depth: depth) } ?? .null
        case .collection, .set:
            return .array(mirror.children.map { reflected($0.value, depth: depth + 1) })
        case .dictionary:
            return .object(
                mirror.children.map { pair in
                    let parts = Array(Mirror(reflecting: pair.value).children)
                    let key = parts.first.map { String(describing: $0.value) } ?? ""
                    return JSONValue.Member(
                        key, parts.last.map { reflected($0.value, depth: depth + 1) } ?? .null)
                })
        case .struct, .class, .tuple:
            var members: [JSONValue.Member] = []
            var mirrors: Mirror? = mirror
            while let current = mirrors {
                for (index, child) in current.children.enumerated() {
                    var name = child.label ?? String(index)
                    // A property wrapper's storage (`_isPlaying` of `@State var isPlaying`).
                    if name.hasPrefix("_"), child.value is any ReflectedWrapper { name.removeFirst() }
                    members.append(JSONValue.Member(name, reflected(child.value, depth: depth + 1)))
                }
                mirrors = current.superclassMirror
            }
            return .object(members)
        case .enum:
            // A case, with its associated values when it has any.
            guard let payload = mirror.children.first else { return .string(String(describing: value)) }
            return .object([JSONValue.Member(payload.label ?? "", reflected(payload.value, depth: depth + 1))]
            )
        default:
            return .string(String(describing: value))
        }
    }
}

/// A property wrapper whose wrapped value is what an entry's data shows (`@State`).
protocol ReflectedWrapper {
    var reflectedValue: Any { get }
}

extension State: ReflectedWrapper {
    var reflectedValue: Any { wrappedValue }
}
