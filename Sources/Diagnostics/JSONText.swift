/// Writing JSON text by hand, where key order matters and Foundation's serializer would lose it.
public enum JSONText {
    /// `string` as a JSON string literal, quotes included.
    ///
    /// Escapes what RFC 8259 requires (quote, backslash, control characters), and what a terminal
    /// would act on although JSON lets it through raw (DEL, the C1 controls, the bidi controls and
    /// the line and paragraph separators, see ``isTerminalActive(_:)``), as `\uXXXX`: a document
    /// printed to a terminal cannot move its cursor or reverse its text, and reads back the same.
    /// Other non-ASCII text stays readable.
    public static func quoted(_ string: String) -> String {
        var output = ""
        appendQuoted(string, to: &output)
        return output
    }

    /// Appends `string` as a JSON string literal to `output`.
    public static func appendQuoted(_ string: String, to output: inout String) {
        output.unicodeScalars.append("\"")
        var needsEscape = false
        // 0x7F is DEL; 0xC2, 0xD8 and 0xE2 lead the UTF-8 of the C1 controls, U+061C and the
        // U+20xx controls.
        for byte in string.utf8
        where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8
            || byte == 0xE2
        {
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
            case _ where scalar.value < 0x20 || isTerminalActive(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.unicodeScalars.append("\"")
    }

    /// Whether a terminal acts on `scalar` although JSON may carry it raw: DEL, a C1 control
    /// (U+0080-U+009F, `CSI` among them), the Arabic letter mark, the left-to-right and
    /// right-to-left marks, the line and paragraph separators, the bidi embeddings and overrides
    /// (U+202A-U+202E) and isolates (U+2066-U+2069).
    public static func isTerminalActive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
