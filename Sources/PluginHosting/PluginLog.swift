import Foundation
import JSON
import Synchronization
import TerminalText
import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seeing what plugins do: with `--verbose` each plugin's stderr is passed through to the host's,
/// a line at a time, prefixed with the plugin's name; with `--trace-plugins FILE` every message
/// both ways is written to FILE, one a line, with a timestamp, the plugin and the direction:
///
/// ```
/// 2026-11-29T12:00:00.123Z python-clock -> {"jsonrpc":"2.0","id":1,"method":"initialize",...}
/// 2026-11-29T12:00:00.170Z python-clock <- {"jsonrpc":"2.0","id":1,"result":{...}}
/// ```
///
/// Writes are whole lines under one lock, so the lines of plugins running at once never mix.
public final class PluginLog: Sendable {
    /// Whether plugins' stderr is passed through.
    public let verbose: Bool
    /// The trace file's descriptor, when tracing.
    private let trace: Int32?
    /// A partial stderr line per plugin, waiting for its end.
    private let partial = Mutex<[String: [UInt8]]>([:])
    private let writing = Mutex(())

    /// Why the trace file could not be opened.
    public struct OpenError: Error, Sendable {
        /// `cannot write the plugin trace 'FILE': REASON`.
        public var message: String
    }

    /// A log passing stderr through when `verbose`, tracing to `traceFile` when given.
    /// - Throws: ``OpenError`` when the trace file cannot be opened for writing.
    public init(verbose: Bool, traceFile: String?) throws(OpenError) {
        self.verbose = verbose
        if let traceFile {
            let fd = open(traceFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw OpenError(
                    message:
                        "cannot write the plugin trace '\(traceFile)': \(String(cString: strerror(errno)))")
            }
            trace = fd
        } else {
            trace = nil
        }
    }

    deinit {
        if let trace { close(trace) }
    }

    /// Whether anything is logged at all (callers skip the work otherwise).
    var isActive: Bool { verbose || trace != nil }

    /// Bytes `plugin` wrote on its stderr: passed through, each whole line prefixed, when verbose.
    func stderr(_ bytes: ArraySlice<UInt8>, plugin: String) {
        guard verbose else { return }
        let lines = partial.withLock { partial -> [String] in
            var buffer = partial[plugin, default: []]
            buffer.append(contentsOf: bytes)
            var lines: [String] = []
            while let newline = buffer.firstIndex(of: 0x0A) {
                lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                buffer.removeSubrange(...newline)
            }
            // A line that never ends is passed on in pieces rather than held without bound.
            if buffer.count > 4096 {
                lines.append(String(decoding: buffer, as: UTF8.self))
                buffer = []
            }
            partial[plugin] = buffer
            return lines
        }
        guard !lines.isEmpty else { return }
        let name = TerminalText.visible(plugin)
        let text = lines.map { "[\(name)] \(TerminalText.visible($0))\n" }.joined()
        write(2, text)
    }

    /// The end of `plugin`'s stderr: a last line without a newline is passed through.
    func stderrEnded(plugin: String) {
        guard verbose else { return }
        let rest = partial.withLock { $0.removeValue(forKey: plugin) } ?? []
        guard !rest.isEmpty else { return }
        write(
            2,
            "[\(TerminalText.visible(plugin))] \(TerminalText.visible(String(decoding: rest, as: UTF8.self)))\n"
        )
    }

    /// A message sent to `plugin` (`outgoing`) or received from it, as the line on the wire.
    func message(_ line: some Collection<UInt8>, plugin: String, outgoing: Bool) {
        guard let trace else { return }
        var text = ISO8601.string(from: Date()) + " " + plugin
        text += outgoing ? " -> " : " <- "
        text += String(decoding: line, as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        write(trace, text)
    }

    private func write(_ fd: Int32, _ text: String) {
        writing.withLock { _ in
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                bytes = bytes.dropFirst(count)
            }
        }
    }
}
