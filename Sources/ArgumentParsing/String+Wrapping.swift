extension String {
    /// This text broken into lines of at most `columns` characters, each indented by `wrappingIndent`.
    ///
    /// Lines break at the last space that fits, at every newline already in the text, or, for a word
    /// longer than a line, at the first space after it. The breaking rule is swift-argument-parser's,
    /// so help text lays out the same way.
    ///
    /// - Parameters:
    ///   - columns: The screen width.
    ///   - wrappingIndent: Spaces put before every non-empty line, counted in `columns`.
    /// - Returns: The wrapped text; the text unchanged when `columns` leaves no room after the indent.
    func wrapped(to columns: Int, wrappingIndent: Int = 0) -> String {
        let width = columns - wrappingIndent
        guard width > 0 else { return self }
        let characters = Array(self)
        var lines: [String] = []
        var start = 0
        while true {
            let chunkEnd = Swift.min(start + width, characters.count)
            let chunk = characters[start..<chunkEnd]
            if let lastBreak = chunk.lastIndex(of: "\n") {
                let text = String(characters[start..<lastBreak])
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                start = lastBreak + 1
            } else if chunkEnd == characters.count {
                lines.append(String(chunk))
                break
            } else if let lastSpace = chunk.lastIndex(of: " ") {
                lines.append(String(characters[start..<lastSpace]))
                start = lastSpace + 1
            } else if let nextSpace = characters[start...].firstIndex(of: " ") {
                lines.append(String(characters[start..<nextSpace]))
                start = nextSpace + 1
            } else {
                lines.append(String(characters[start...]))
                break
            }
        }
        let indent = String(repeating: " ", count: wrappingIndent)
        return lines.map { $0.isEmpty ? $0 : indent + $0 }.joined(separator: "\n")
    }

    /// This text with every line after the first indented by `count` spaces, for multi-line usage.
    func hangingIndented(by count: Int) -> String {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return self }
        let indent = String(repeating: " ", count: count)
        let rest = lines.dropFirst().map { $0.isEmpty ? String($0) : indent + $0 }
        return ([String(first)] + rest).joined(separator: "\n")
    }
}
