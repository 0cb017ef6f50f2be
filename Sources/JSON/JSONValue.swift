/// A JSON value with object members kept in order, the currency of entries, views, configuration
/// values and the plugin protocol.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of member `key` of an object; `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// An object without member `key`.
    public func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self, members.contains(where: { $0.key == key }) else {
            return self
        }
        return .object(members.filter { $0.key != key })
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is one (or a double with an integral value).
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e18: return Int(value)
        default: return nil
        }
    }
}

/// A value that gives its JSON directly: entries adopting it skip `Encodable` encoding, which
/// matters when thousands of widgets are drawn.
public protocol JSONRepresentable {
    /// The value as JSON.
    var json: JSONValue { get }
}

extension JSONValue {
    /// The number, when this is one (an integer read as a double).
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}
