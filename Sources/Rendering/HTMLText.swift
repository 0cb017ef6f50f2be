/// Text made safe for HTML: what comes from data (titles, ids, messages, URLs) is always text,
/// never markup (a title `<script>` shows as `<script>`).
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, for element content and quoted attributes.
    static func escaped(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    /// Appends `text`, escaped, to `output`; text with nothing to escape is appended as it is.
    static func append(_ text: String, to output: inout some HTMLOutput) {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte < 0x20
        }
        guard needsEscaping else {
            output.write(text)
            return
        }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            // Other C0 controls are not allowed in HTML text: shown as their control pictures,
            // as the text renderers show them.
            case _ where scalar.value < 0x20:
                escaped.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        output.write(escaped)
    }

    /// Whether `url` may be the `href` of a link on the page: an absolute URL whose scheme runs
    /// nothing in the browser (`javascript:`, `data:` and `vbscript:` are refused).
    static func isSafeLink(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else { return false }
        let scheme = url[..<colon]
        guard
            let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0)
            })
        else { return false }
        return !["javascript", "data", "vbscript"].contains(scheme.lowercased())
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }

    fileprivate var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }
}
