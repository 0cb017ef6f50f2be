import Synchronization

/// The text of one input, kept to quote its lines in diagnostics.
public struct SourceText: Sendable {
    /// The name shown in diagnostics: a path, or `<stdin>`.
    public let name: String
    /// The text as UTF-8: the bytes read, or the UTF-8 form of UTF-16 or UTF-32 text.
    public let bytes: [UInt8]
    private let lineIndex = LineIndex()

    /// Creates a source from its name and bytes. UTF-16 and UTF-32 text (told by a byte order mark
    /// or by its zero bytes, as YAML 1.2 tells them) is kept as UTF-8, so lines, columns and quotes
    /// are of the decoded text.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = Self.utf8(fromWideText: bytes) ?? bytes
    }

    /// The text of the 1-based `line`, without its line break; `nil` past the end.
    ///
    /// Line breaks are LF, CRLF and CR, as YAML counts them. The first call indexes the lines, so a
    /// file with many diagnostics is scanned once, not once per diagnostic.
    /// - Complexity: O(n) in the size of the input on the first call, O(length of the line) after.
    public func line(_ line: Int) -> String? {
        let starts = lineIndex.starts(of: bytes)
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A diagnostic in this source at `location`, quoting its line.
    public func diagnostic(
        at location: SourceLocation?,
        severity: Diagnostic.Severity = .error,
        code: FailureCode,
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

/// Where each line of a source starts, computed on first use and kept.
private final class LineIndex: Sendable {
    private let cache = Mutex<[Int]?>(nil)

    func starts(of bytes: [UInt8]) -> [Int] {
        cache.withLock { cache in
            if let cache { return cache }
            var starts = [0]
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            cache = starts
            return starts
        }
    }
}
