#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error, written with `write(2)`.
///
/// Text goes out in one call per piece of output (retried only for partial writes and `EINTR`), so a
/// command that builds its whole output first writes it in one go, and nothing touches the
/// C library's `stdout`/`stderr` globals, which are not concurrency-safe in Swift 6.
enum StandardStream: Int32, Sendable {
    /// File descriptor 1: data.
    case output = 1
    /// File descriptor 2: diagnostics and usage errors.
    case error = 2

    /// Writes `text` as UTF-8.
    ///
    /// A failed write (a closed pipe whose `SIGPIPE` is ignored, a full disk) is dropped: the exit
    /// status still tells the caller whether the command succeeded.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = systemWrite(rawValue, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += count
            }
        }
    }
}

/// `write(2)`, named apart from ``StandardStream/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}
