/// Compact JSON written as UTF-8 bytes into an output buffer, the same text as
/// ``description`` without building a `String` (a batch run writes tens of megabytes of it).
extension JSONValue {
    /// Appends the value as compact JSON text, members in order: byte for byte what the `String`
    /// form appends.
    /// - Complexity: O(n) in the size of the text written.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &output)
        case .bool(let value): Self.append(value ? "true" : "false", to: &output)
        case .int(let value): Self.append(value, to: &output)
        case .double:
            // Rare in entries and views, and its digits are Swift's own: written as text does.
            var text = ""
            write(to: &text)
            output.append(contentsOf: text.utf8)
        case .string(let value): Self.appendQuoted(value, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends the ASCII text `text`.
    static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value`.
    static func append(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: any Int has at most 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 requires (quote,
    /// backslash, and the C0 controls: `\n`, `\r`, `\t` by name, the others as `\u00XX`).
    public static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Most strings need no escape: one pass over the bytes, then one append.
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                output.append(contentsOf: bytes)
                return
            }
            let hex: StaticString = "0123456789abcdef"
            for byte in bytes {
                switch byte {
                case 0x22: append("\\\"", to: &output)
                case 0x5C: append("\\\\", to: &output)
                case 0x0A: append("\\n", to: &output)
                case 0x0D: append("\\r", to: &output)
                case 0x09: append("\\t", to: &output)
                case ..<0x20:
                    append("\\u00", to: &output)
                    output.append(hex.utf8Start[Int(byte >> 4)])
                    output.append(hex.utf8Start[Int(byte & 0x0F)])
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
