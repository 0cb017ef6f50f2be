import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of one input, kept to quote its lines in diagnostics: in memory, or (a large
/// configuration) in its file, read as it is parsed and again only for the lines a diagnostic
/// quotes (see ``SourceFile``).
public struct SourceText: Sendable {
    /// The name shown in diagnostics: a path, or `<stdin>`.
    public let name: String
    /// The text held in memory; `nil` for a text left in its ``file``.
    private let held: [UInt8]?
    /// The file the text is read from as it is parsed, when it is not held in memory.
    public let file: SourceFile?
    private let lineIndex = LineIndex()

    /// Creates a source from its name and bytes. UTF-16 and UTF-32 text (told by a byte order mark
    /// or by its zero bytes, as YAML 1.2 tells them) is kept as UTF-8, so lines, columns and quotes
    /// are of the decoded text.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        held = Self.utf8(fromWideText: bytes) ?? bytes
        file = nil
    }

    /// Creates a source whose text stays in the file at `path`, open as `descriptor`; `nil` for
    /// UTF-16 and UTF-32 text, which is decoded in memory, or a file that cannot be looked at.
    public init?(leftIn path: String, named name: String, descriptor: Int32) {
        var first = [UInt8](repeating: 0, count: 4)
        let count = first.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        guard count == 4, Self.wideEncoding(of: first) == nil,
            let file = SourceFile(path: path, descriptor: descriptor)
        else { return nil }
        self.name = name
        held = nil
        self.file = file
    }

    /// The text as UTF-8: the bytes read, or the UTF-8 form of UTF-16 or UTF-32 text. A text left
    /// in its file is read whole (and kept) the first time: meant for error paths only.
    public var bytes: [UInt8] { held ?? file?.bytes ?? [] }

    /// The size of the text in bytes, without reading a text left in its file.
    public var byteCount: Int { held?.count ?? file?.size ?? 0 }

    /// The text of the 1-based `line`, without its line break; `nil` past the end.
    ///
    /// Line breaks are LF, CRLF and CR, and NEL, LS and PS (U+0085, U+2028, U+2029), as libyaml
    /// counts them in the lines of its marks (YAML 1.1's breaks; fuzzing found a diagnostic on a
    /// line the source did not have). The first call indexes the lines, so a file with many
    /// diagnostics is scanned once, not once per diagnostic.
    /// - Complexity: O(n) in the size of the input on the first call, O(length of the line) after.
    public func line(_ line: Int) -> String? {
        if held == nil, let file, !file.isRead { return file.line(line) }
        let starts = lineIndex.starts(of: bytes)
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        var end = start
        while end < bytes.count, Self.breakLength(bytes, at: end) == 0 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The length in bytes of the line break at `index` of `bytes` (CRLF is one break), or 0.
    public static func breakLength(_ bytes: [UInt8], at index: Int) -> Int {
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return 0 }
            return bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }

    /// A diagnostic in this source at `location`, quoting its line.
    public func diagnostic(
        at location: SourceLocation?,
        severity: Diagnostic.Severity = .error,
        code: FailureCode,
        message: String,
        notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        let location = location.map(inside)
        return Diagnostic(
            file: name,
            location: location,
            severity: severity,
            code: code,
            message: message,
            notes: notes.map { Diagnostic.Note($0.message, at: $0.location.map(inside)) },
            sourceLine: location.flatMap { self.line($0.line) }
        )
    }

    /// `location`, or the end of the last line when it is past it: at the end of an input without a
    /// final line break libyaml counts one more line, for its errors and for a node there (`---`
    /// alone is an empty document at 2:1 of a one-line input). Fuzzing found both.
    public func inside(_ location: SourceLocation) -> SourceLocation {
        let count: Int
        if held == nil, let file, !file.isRead {
            guard let lines = file.lineCount else { return location }
            count = lines
        } else {
            count = lineIndex.starts(of: bytes).count
        }
        guard location.line > count else { return location }
        return SourceLocation(line: count, column: (line(count)?.unicodeScalars.count ?? 0) + 1)
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
                // Plain ASCII is most bytes: only these begin a break.
                guard byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2 else {
                    index += 1
                    continue
                }
                let length = SourceText.breakLength(bytes, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                index += length
                starts.append(index)
            }
            cache = starts
            return starts
        }
    }
}
