/// Writing JSON text by hand, where key order matters and Foundation's serializer would lose it.
public enum JSONText {
    /// `string` as a JSON string literal, quotes included.
    ///
    /// Escapes what RFC 8259 requires (quote, backslash, control characters) and nothing else, so
    /// non-ASCII text stays readable.
    public static func quoted(_ string: String) -> String {
        var output = ""
        appendQuoted(string, to: &output)
        return output
    }

    /// Appends `string` as a JSON string literal to `output`.
    public static func appendQuoted(_ string: String, to output: inout String) {
        output.unicodeScalars.append("\"")
        var needsEscape = false
        for byte in string.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscape = true
            break
        }
        guard needsEscape else {
            output += string
            output.unicodeScalars.append("\"")
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.unicodeScalars.append("\"")
    }
}
