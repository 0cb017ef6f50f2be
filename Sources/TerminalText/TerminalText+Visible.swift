extension TerminalText {
    /// `text` with every character a terminal would act on instead of show made visible, so data (a
    /// task title, a plugin's message, a YAML line, a file name) can neither move the cursor, clear
    /// the screen, set the window title or the clipboard, ring the bell, nor forge a line.
    ///
    /// - C0 controls (line breaks and tabs included) and DEL become their Unicode control pictures,
    ///   one column each: ESC is `␛`, LF `␊`, CR `␍`, TAB `␉`, BEL `␇`, DEL `␡`.
    /// - C1 controls (U+0080-U+009F), the bidirectional embeddings, overrides and isolates
    ///   (U+202A-U+202E, U+2066-U+2069) and the line and paragraph separators (U+2028, U+2029) become
    ///   `\u{…}`, as Swift writes them.
    /// - A byte of a file name that is not UTF-8, held as U+10FF80-U+10FFFF, becomes `\xE9`.
    ///
    /// Text with none of these is returned as it is.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func visible(_ text: String) -> String {
        guard needsEscaping(text, keepingLineBreaks: false) else { return text }
        return escaped(text, keepingLineBreaks: false, keepingColor: false)
    }

    /// Output ready for a terminal: ``visible(_:)`` applied to everything except the line breaks
    /// and the colour codes (`ESC [ … m`) a renderer writes itself.
    ///
    /// Renderers make data visible where they put it in their output (a line break inside a title
    /// must not start a new line of a box); this is the last guard, before the write.
    public static func guarded(_ output: String) -> String {
        guard needsEscaping(output, keepingLineBreaks: true) else { return output }
        return escaped(output, keepingLineBreaks: true, keepingColor: true)
    }

    /// Whether any byte of `text` starts a character ``visible(_:)`` replaces.
    private static func needsEscaping(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case 0x0A where keepingLineBreaks: break
                case 0x00..<0x20, 0x7F: return true
                case 0xC2:  // U+0080-U+00BF: C1 controls are U+0080-U+009F
                    if index + 1 < count, bytes[index + 1] < 0xA0 { return true }
                case 0xF4:  // U+10FF80-U+10FFFF: a file name's raw byte (see Diagnostics' FileSystemName)
                    if index + 2 < count, bytes[index + 1] == 0x8F, bytes[index + 2] >= 0xBE { return true }
                case 0xE2:  // U+2000-U+2FFF: separators and bidi controls are in U+2028-U+2069
                    if index + 2 < count, isHiddenFormat(0xE2, bytes[index + 1], bytes[index + 2]) {
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        }
    }

    private static func isHiddenFormat(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        let value = (UInt32(lead & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
        return isHiddenFormat(value)
    }

    private static func isHiddenFormat(_ value: UInt32) -> Bool {
        (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    private static func escaped(_ text: String, keepingLineBreaks: Bool, keepingColor: Bool) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            if value == 0x0A, keepingLineBreaks {
                output.append(scalar)
            } else if value == 0x1B, keepingColor, let end = colorSequenceEnd(scalars, from: index) {
                output.append(contentsOf: scalars[index...end])
                index = end
            } else if value < 0x20 {
                output.append(Unicode.Scalar(0x2400 + value) ?? "?")
            } else if value == 0x7F {
                output.append("\u{2421}")
            } else if (0x10FF80...0x10FFFF).contains(value) {
                output.append(
                    contentsOf: "\\x\(String(value - 0x10FF00, radix: 16, uppercase: true))".unicodeScalars)
            } else if (0x80..<0xA0).contains(value) || isHiddenFormat(value) {
                output.append(contentsOf: "\\u{\(String(value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                output.append(scalar)
            }
            index += 1
        }
        return String(output)
    }

    /// The index of the `m` ending a colour code `ESC [ digits-and-semicolons m` starting at `start`.
    private static func colorSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 32 {
            switch scalars[index] {
            case "m": return index
            case "0"..."9", ";": index += 1
            default: return nil
            }
        }
        return nil
    }
}
