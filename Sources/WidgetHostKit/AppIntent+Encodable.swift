extension AppIntent {
    /// The intent's parameter values, as an object in declaration order: what an entry holding its
    /// configuration intent shows as its data.
    public func encode(to encoder: any Encoder) throws {
        try ParameterReflection.values(of: self).encode(to: encoder)
    }
}

extension JSONValue {
    /// Writes the value into `encoder`, members in order.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members {
                try member.value.encode(to: container.superEncoder(forKey: MemberKey(member.key)))
            }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try item.encode(to: container.superEncoder()) }
        case .null, .bool, .int, .double, .string:
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            default: try container.encodeNil()
            }
        }
    }

    /// A member's name as a coding key.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            self.stringValue = name
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
