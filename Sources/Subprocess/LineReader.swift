import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a descriptor to its end on a thread of its own, handing on each line (without its `\n`)
/// as it arrives, so a full pipe never blocks the process writing it.
package enum LineReader {
    /// What became of the reading.
    package enum End: Sendable, Equatable {
        /// The descriptor reached its end (or failed).
        case endOfFile
        /// A line grew past the limit.
        case lineTooLong
        /// The line handler asked to stop.
        case stopped
    }

    /// Reads `fd` on a new thread, calling `line` for each line (return `false` to stop) and `end`
    /// once, after which `fd` is closed.
    ///
    /// - Parameter maximumLength: The longest line accepted, in bytes.
    package static func start(
        _ fd: Int32,
        maximumLength: Int,
        line: @escaping @Sendable (ArraySlice<UInt8>) -> Bool,
        end: @escaping @Sendable (End) -> Void
    ) {
        Thread.detachNewThread {
            let reason = read(fd, maximumLength: maximumLength, line: line)
            closeDescriptor(fd)
            end(reason)
        }
    }

    /// Reads `fd` on this thread until its end.
    static func read(_ fd: Int32, maximumLength: Int, line: (ArraySlice<UInt8>) -> Bool) -> End {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return .endOfFile }
            // Only the new bytes are searched for a newline (memchr), so a long line costs one
            // copy, not a rescan per chunk.
            let keepReading = chunk.withUnsafeBufferPointer { bytes -> Bool in
                guard let base = bytes.baseAddress else { return true }
                var start = 0
                while start < count, let found = memchr(base + start, 0x0A, count - start) {
                    let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    start = end + 1
                    guard line(buffer[...]) else { return false }
                    buffer.removeAll(keepingCapacity: true)
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
                return true
            }
            guard keepReading else { return .stopped }
            if buffer.count > maximumLength { return .lineTooLong }
        }
    }

    /// Reads `fd` on a new thread to its end, handing every chunk read to `keep` (which keeps
    /// the tail it wants, and looks at every line: a fatal error's first line, `--verbose`);
    /// `end` is called once it is done.
    package static func startTail(
        _ fd: Int32,
        keep: @escaping @Sendable (ArraySlice<UInt8>) -> Void,
        end: @escaping @Sendable () -> Void
    ) {
        Thread.detachNewThread {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                keep(chunk[0..<count])
            }
            closeDescriptor(fd)
            end()
        }
    }
}
