import CStandardStreams
import Synchronization
import TerminalText

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
///
/// Text for people (``write(_:)``) passes ``TerminalText/guarded(_:)`` on its way out: whatever a
/// renderer missed, no control character but a line break and the renderer's own colour reaches the
/// terminal. Data (``writeData(_:)``: JSON, NDJSON, YAML) goes out exactly as it is.
///
/// A write that fails is remembered, and nothing more is written to that stream:
/// ``outputFailure`` tells the command's caller, which reports it (a closed pipe aside).
enum StandardStream: Int32, Sendable {
    /// File descriptor 1: data.
    case output = 1
    /// File descriptor 2: diagnostics and usage errors.
    case error = 2

    /// The `errno` of the first failed write to each stream, 0 while none has failed. Process-wide,
    /// as the file descriptors themselves are.
    private static let outputFailed = Atomic<Int32>(0)
    private static let errorFailed = Atomic<Int32>(0)

    private var failure: Int32 {
        switch self {
        case .output: Self.outputFailed.load(ordering: .relaxed)
        case .error: Self.errorFailed.load(ordering: .relaxed)
        }
    }

    private func fail(_ code: Int32) {
        switch self {
        case .output: Self.outputFailed.store(code, ordering: .relaxed)
        case .error: Self.errorFailed.store(code, ordering: .relaxed)
        }
    }

    /// Writes text meant for a person, guarded against control characters.
    func write(_ text: String) {
        writeData(TerminalText.guarded(text))
    }

    /// Writes `text` as UTF-8, exactly.
    func writeData(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Writes `bytes` exactly.
    func writeData(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard failure == 0 else { return }
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
            let count = systemWrite(rawValue, base + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                fail(errno)
                return
            }
            offset += count
        }
    }

    /// Why writing to standard output failed (`errno`), or `nil` while every write succeeded.
    static var outputFailure: Int32? {
        let code = StandardStream.output.failure
        return code == 0 ? nil : code
    }

    /// Whether ``refuseFailedOutput(doing:)`` already said why standard output cannot be written.
    private static let outputFailureReported = Atomic<Bool>(false)

    /// Whether standard output's failure was already reported, so the exit does not report it again.
    static var isOutputFailureReported: Bool { outputFailureReported.load(ordering: .relaxed) }

    /// Refuses to go on when standard output cannot be written already (closed when the process
    /// started, `widgethost perform ... >&-`), before a command changes anything: an intent that
    /// committed and then failed to show its result would exit 1, and a script retrying it would
    /// make the change twice.
    ///
    /// - Parameter action: What was not done, for the message (`the intent was not performed`).
    /// - Returns: The exit status (1, as for output that could not be written) after saying why on
    ///   standard error; `nil` while standard output can be written.
    static func refuseFailedOutput(doing action: String) -> Int32? {
        guard let code = outputFailure else { return nil }
        let reason = code == EBADF ? "it is closed" : String(cString: strerror(code))
        StandardStream.error.write(
            "error: cannot write to standard output (\(reason)), so \(action) and nothing was changed; "
                + "run it with standard output open (>/dev/null to discard what it prints)\n")
        outputFailureReported.store(true, ordering: .relaxed)
        return ExitStatus.failure
    }

    /// Prepares the streams before a command runs: a stream that was closed when the process started
    /// (filled with `/dev/null` before the Swift runtime opened anything, by `CStandardStreams`) is
    /// marked failed (`EBADF`), so the command reports that it could not write instead of
    /// succeeding having written nothing; and `SIGPIPE` is ignored, so a reader that stops early
    /// shows as `EPIPE`, which ends the output quietly, with or without plugins running.
    /// Whether standard input was closed when the process started (`<&-`): reading it then reads
    /// nothing, which a command reading `-` must not take for an empty input.
    static var inputWasClosed: Bool { widgethost_closed_standard_descriptors() & 1 != 0 }

    static func prepare() {
        let closed = widgethost_closed_standard_descriptors()
        if closed & (1 << 1) != 0 { StandardStream.output.fail(EBADF) }
        if closed & (1 << 2) != 0 { StandardStream.error.fail(EBADF) }
        signal(SIGPIPE, SIG_IGN)
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
