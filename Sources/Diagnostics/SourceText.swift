/// The text of one input, kept to quote its lines in diagnostics.
public struct SourceText: Sendable {
    /// The name shown in diagnostics: a path, or `<stdin>`.
    public let name: String
    /// The raw bytes.
    public let bytes: [UInt8]

    /// Creates a source from its name and bytes.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// The text of the 1-based `line`, without its line break; `nil` past the end.
    ///
    /// Line breaks are LF, CRLF and CR, as YAML counts them.
    /// - Complexity: O(n) in the size of the input; meant for error paths only.
    public func line(_ line: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count, current < line {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == line, start <= count else { return nil }
        var end = start
        while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A diagnostic in this source at `location`, quoting its line.
    public func diagnostic(
        at location: SourceLocation?,
        severity: Diagnostic.Severity = .error,
        code: String,
        message: String,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(
            file: name,
            location: location,
            severity: severity,
            code: code,
            message: message,
            notes: notes,
            sourceLine: location.flatMap { self.line($0.line) }
        )
    }
}
