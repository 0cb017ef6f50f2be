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

    /// Appends `string` as a JSON string literal to `output`, escaped as every JSON widgethost
    /// writes is (one escaper: ``JSONValue``'s, which ``JSONBytes`` and ``JSONValue/description``
    /// use too).
    public static func appendQuoted(_ string: String, to output: inout String) {
        let buffer = JSONByteBuffer(capacity: string.utf8.count + 2)
        buffer.appendQuoted(string)
        buffer.withBytes { output += String(decoding: $0, as: UTF8.self) }
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
