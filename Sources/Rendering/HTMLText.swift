/// Text made safe for HTML: what comes from data (titles, ids, messages, URLs) is always text,
/// never markup (a title `<script>` shows as `<script>`).
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, for element content and quoted attributes.
    static func escaped(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }

    /// Appends `text`, escaped, to `output`: its runs with nothing to escape as they are, each
    /// byte to escape as its reference (only ASCII is escaped, so a run never splits a character).
    static func append(_ text: String, to output: inout some HTMLOutput & ~Copyable) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(utf8: $0, to: &output) }
        if done == nil {
            var text = text
            text.withUTF8 { append(utf8: $0, to: &output) }
        }
    }

    /// Appends the UTF-8 text `bytes`, escaped, to `output`.
    static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout some HTMLOutput & ~Copyable) {
        var start = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard
                byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
                    || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            else { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") { continue }
            if start < index { output.write(utf8: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            start = index + 1
            switch byte {
            case UInt8(ascii: "&"): output.write("&amp;")
            case UInt8(ascii: "<"): output.write("&lt;")
            case UInt8(ascii: ">"): output.write("&gt;")
            case UInt8(ascii: "\""): output.write("&quot;")
            case UInt8(ascii: "'"): output.write("&#39;")
            default:
                // Other C0 controls are not allowed in HTML text: shown as their control
                // pictures (U+2400 on), as the text renderers show them.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3) { picture in
                    picture[0] = 0xE2
                    picture[1] = 0x90
                    picture[2] = 0x80 + byte
                    output.write(utf8: UnsafeBufferPointer(picture))
                }
            }
        }
        if start < bytes.count { output.write(utf8: UnsafeBufferPointer(rebasing: bytes[start...])) }
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
