import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file whose text is parsed straight from the file rather than held in memory: a
/// configuration of twenty thousand widgets is 3 MB that would otherwise stay resident while its
/// widgets are read. Its lines are read again only when a diagnostic quotes one.
///
/// The file is known by its device, inode, size and modification time: a file changed since it
/// was opened is not read again (its lines are then not quoted), so a diagnostic never quotes text
/// the parser did not see.
public final class SourceFile: Sendable {
    /// The path the file was opened by.
    public let path: String
    /// Its size in bytes when it was opened.
    public let size: Int
    private let identity: Identity
    private let state = Mutex(State())

    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var seconds: Int
        var nanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    private struct State {
        /// The whole text, once something needed it whole.
        var bytes: [UInt8]?
        /// The number of lines, once counted.
        var lineCount: Int?
        /// Lines quoted by reading up to them: after a few, the text is read whole and kept, so
        /// that many diagnostics cost one read rather than one each.
        var lineReads = 0
    }

    /// How many lines are read from the file one by one before it is read whole.
    static let lineReadsBeforeWhole = 8

    /// The file open as `descriptor`, opened by `path`; `nil` when it cannot be looked at.
    public init?(path: String, descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.path = path
        identity = Identity(info)
        size = Int(info.st_size)
    }

    /// Opens the file again for reading, if it is still the file it was: the descriptor is the
    /// caller's to close. `nil` when it is gone or changed.
    public func reopen() -> Int32? {
        let descriptor = FileSystemName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Identity(info) == identity else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Whether the text was read whole and is kept.
    public var isRead: Bool { state.withLock { $0.bytes != nil } }

    /// The whole text, read on first use and kept; empty when the file changed.
    public var bytes: [UInt8] {
        if let bytes = state.withLock({ $0.bytes }) { return bytes }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        let read = scan { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
        // A changed file is not kept as read: it has no text to quote, and parsing it again fails.
        guard read else { return [] }
        state.withLock { $0.bytes = $0.bytes ?? bytes }
        return bytes
    }

    /// The number of lines, as ``SourceText/line(_:)`` counts them; `nil` when the file changed.
    public var lineCount: Int? {
        if let count = state.withLock({ $0.lineCount }) { return count }
        var breaks = LineBreaks()
        guard scan({ chunk in breaks.count(chunk) }) else { return nil }
        let count = 1 + breaks.total
        state.withLock { $0.lineCount = count }
        return count
    }

    /// The text of the 1-based `line`, without its line break, read from the file up to it;
    /// `nil` past the end or when the file changed.
    public func line(_ line: Int) -> String? {
        let reads = state.withLock { state -> Int in
            state.lineReads += 1
            return state.lineReads
        }
        if reads > Self.lineReadsBeforeWhole {
            let text = SourceText(name: path, bytes: bytes)
            return text.line(line)
        }
        guard line >= 1 else { return nil }
        var breaks = LineBreaks()
        var text: [UInt8] = []
        var found = false
        let read = scan { chunk in
            // The bytes of each line are looked at only once the line before it has ended.
            breaks.count(chunk) { byte, lineNumber in
                if lineNumber == line {
                    found = true
                    text.append(byte)
                }
                return lineNumber <= line
            }
        }
        guard read else { return nil }
        // A last line without a break, or an empty line just after one.
        if !found && breaks.total + 1 < line { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads the file from its start in chunks, handing each to `body` until it returns false.
    /// - Returns: false when the file could not be read as it was.
    private func scan(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard let descriptor = reopen() else { return false }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var remaining = size
        while remaining > 0 {
            let count = chunk.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress, min($0.count, remaining))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            remaining -= count
            let more = chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            if !more { return true }
        }
        // The end: an empty chunk, after which nothing waits for more.
        _ = body(UnsafeBufferPointer(start: nil, count: 0))
        return true
    }
}

/// Counts line breaks across chunks of text, as ``SourceText/breakLength(_:at:)`` tells them (a
/// break split between two chunks counted once).
struct LineBreaks {
    /// Breaks counted so far.
    private(set) var total = 0
    /// The bytes at the end of the last chunk that may begin a break, held until the next.
    private var carry: [UInt8] = []

    /// Counts the breaks of `chunk`, handing each byte that is not part of a break to `byte` with
    /// its 1-based line number; stops (returning false) when `byte` returns false.
    mutating func count(
        _ chunk: UnsafeBufferPointer<UInt8>, byte: (UInt8, Int) -> Bool = { _, _ in true }
    ) -> Bool {
        var bytes = carry
        bytes.append(contentsOf: chunk)
        carry = []
        var index = 0
        while index < bytes.count {
            // A byte that may begin a break of up to three bytes waits for the next chunk.
            let value = bytes[index]
            if (value == 0x0D || value == 0xC2 || value == 0xE2) && bytes.count - index < 3 && !chunk.isEmpty
            {
                carry = Array(bytes[index...])
                return true
            }
            let length = SourceText.breakLength(bytes, at: index)
            if length > 0 {
                total += 1
                index += length
                continue
            }
            guard byte(value, total + 1) else { return false }
            index += 1
        }
        return true
    }
}
