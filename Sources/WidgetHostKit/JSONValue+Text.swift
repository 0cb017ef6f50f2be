/// Compact JSON text.
extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, members in order.
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value as compact JSON text.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            if value.isFinite {
                output +=
                    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) + ".0" : "\(value)"
            } else {
                output += "null"
            }
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.appendQuoted(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 requires.
    static func appendQuoted(_ string: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: one pass over the bytes, then one append.
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
