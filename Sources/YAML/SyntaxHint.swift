import Diagnostics

/// Plain-words notes for libyaml's commonest syntax errors, whose own wording ("did not find
/// expected key", "mapping values are not allowed in this context") names the parser's state
/// rather than the slip: a line indented unlike the one above it, a `: ` inside an unquoted value,
/// a tab where YAML wants spaces, a `[`, `{` or quote never closed.
///
/// The notes only add to libyaml's message and location, which stay as they are; a problem
/// matching no known cause gets no note.
struct SyntaxHint {
    /// The file the error is in.
    let source: SourceText

    /// The notes for libyaml's `problem` at `location`, in the `context` libyaml gives (what it was
    /// parsing, and where that began).
    /// - Complexity: O(n) in the lines before `location` that are blank or comments, and in the
    ///   lines after it that are.
    func notes(
        problem: String, at location: SourceLocation, context: (name: String, location: SourceLocation)? = nil
    ) -> [Diagnostic.Note] {
        if let context, let note = unclosed(problem: problem, at: location, context: context) {
            return [note]
        }
        guard let line = source.line(location.line) else { return [] }
        let characters = Array(line)
        if problem.contains("tab") || characters.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
            || (characters.indices.contains(location.column - 1) && characters[location.column - 1] == "\t")
        {
            return [
                Diagnostic.Note(
                    "line \(location.line) is indented with a tab; YAML indents with spaces only: replace the tab with spaces"
                )
            ]
        }
        if problem == "mapping values are not allowed in this context" {
            if let firstColon = Self.firstMappingColon(in: characters), firstColon < location.column - 1 {
                let value = String(characters[(firstColon + 1)...]).trimmingSpaces
                return [
                    Diagnostic.Note(
                        "a ': ' inside an unquoted value starts a mapping; put the value in quotes: \"\(value.escapedForDoubleQuotes)\""
                    )
                ]
            }
            return indentation(of: location.line, characters: characters)
        }
        if problem.hasPrefix("did not find expected") {
            return indentation(of: location.line, characters: characters)
        }
        return []
    }

    /// A note naming the `[`, `{` or quote that `context` opened and that was not closed where
    /// libyaml looked for its end: the file ended, the other bracket came, or a line went on
    /// without a `,`.
    private func unclosed(
        problem: String, at location: SourceLocation, context: (name: String, location: SourceLocation)
    ) -> Diagnostic.Note? {
        let opening = "line \(context.location.line), column \(context.location.column)"
        switch context.name {
        case "while scanning a quoted scalar" where problem == "found unexpected end of stream":
            let quote = character(at: context.location) == "'" ? "\"'\"" : "'\"'"
            return Diagnostic.Note(
                "the \(quote) at \(opening) is never closed: the file ends inside the quoted value; end it with \(quote)"
            )
        case "while parsing a flow node"
        where problem == "did not find expected node content" && endsFile(at: location):
            return Diagnostic.Note(
                "the file ends where a value was expected, inside a '[' or '{' that is never closed")
        case "while parsing a flow sequence", "while parsing a flow mapping":
            let isSequence = context.name.hasSuffix("sequence")
            let (open, close, other) = isSequence ? ("[", "]", "}") : ("{", "}", "]")
            guard problem == "did not find expected ',' or '\(close)'" else { return nil }
            if endsFile(at: location) {
                return Diagnostic.Note(
                    "the '\(open)' at \(opening) is never closed: the file ends inside it; close it with '\(close)'"
                )
            }
            if character(at: location) == Character(other) {
                return Diagnostic.Note(
                    "'\(other)' cannot close the '\(open)' at \(opening): close it with '\(close)' first")
            }
            return Diagnostic.Note(
                "the '\(open)' at \(opening) is still open here: close it with '\(close)' (it runs across lines until "
                    + "then), or put a ',' between its items")
        default:
            return nil
        }
    }

    /// Whether nothing but blanks and comments follows `location` (looking at 1,000 lines at most:
    /// a file-backed source reads each line from the file).
    private func endsFile(at location: SourceLocation) -> Bool {
        var number = location.line
        var rest = source.line(number).map { Array($0).dropFirst(max(location.column - 1, 0)) }
        while let text = rest {
            guard number - location.line < 1_000 else { return false }
            let content = String(text).trimmingSpaces
            if !content.isEmpty && !content.hasPrefix("#") { return false }
            number += 1
            rest = source.line(number).map { Array($0)[...] }
        }
        return true
    }

    /// The character at `location`, if the line has one there.
    private func character(at location: SourceLocation) -> Character? {
        guard let line = source.line(location.line) else { return nil }
        let characters = Array(line)
        return characters.indices.contains(location.column - 1) ? characters[location.column - 1] : nil
    }

    /// A note comparing the indentation of line `number` with the nearest line above it that holds
    /// something; none when they line up or there is no such line.
    private func indentation(of number: Int, characters: [Character]) -> [Diagnostic.Note] {
        // A blank line (the end of the file, most often) has nothing to compare.
        guard characters.contains(where: { $0 != " " }) else { return [] }
        let column = characters.prefix(while: { $0 == " " }).count + 1
        var above = number - 1
        while above >= 1 {
            guard let text = source.line(above) else { return [] }
            let content = text.trimmingSpaces
            if !content.isEmpty && !content.hasPrefix("#") && content != "---" { break }
            above -= 1
        }
        guard above >= 1, let text = source.line(above) else { return [] }
        let aboveCharacters = Array(text)
        var aboveColumn = aboveCharacters.prefix(while: { $0 == " " }).count + 1
        // A list item's key starts after its `- `.
        var rest = aboveCharacters.dropFirst(aboveColumn - 1)
        while rest.first == "-", rest.dropFirst().first == " " {
            rest = rest.dropFirst().drop(while: { $0 == " " })
            aboveColumn = aboveCharacters.count - rest.count + 1
        }
        guard aboveColumn != column else { return [] }
        let quoted = String(rest).trimmingSpaces
        let shown = Excerpt.of(quoted)
        return [
            Diagnostic.Note(
                "line \(number) starts at column \(column), but line \(above) above it ('\(shown)') starts at column "
                    + "\(aboveColumn); keys of one mapping must start in the same column"
            )
        ]
    }

    /// The index of the first `:` that ends a plain key on the line (followed by a space or the
    /// end of the line), outside quotes and before a comment.
    private static func firstMappingColon(in characters: [Character]) -> Int? {
        var quote: Character?
        for (index, character) in characters.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "#" where index == 0 || characters[index - 1] == " ": return nil
            case ":" where index + 1 == characters.count || characters[index + 1] == " ": return index
            default: break
            }
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(
            drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
                .reversed())
    }

    fileprivate var escapedForDoubleQuotes: String {
        var result = ""
        for character in self {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
