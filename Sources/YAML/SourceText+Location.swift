public import Diagnostics

extension SourceText {
    /// The line and column (in characters) of the byte at `offset`.
    /// - Complexity: O(n) up to `offset`; meant for error paths only.
    public func location(ofByte offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        // A UTF-8 byte-order mark is not a character: libyaml does not count it in columns either.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            // The breaks ``line(_:)`` counts, NEL, LS and PS included, as libyaml counts them.
            let length = SourceText.breakLength(bytes, at: index)
            if length > 0 {
                index += length
                if index <= end {
                    line += 1
                    column = 1
                }
                continue
            }
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
