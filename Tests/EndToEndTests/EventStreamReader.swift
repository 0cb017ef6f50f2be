import Foundation
import RawHTTP
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A `GET /events` stream read on a thread of its own: every byte so far, for a test to wait on.
final class EventStreamReader: Sendable {
    /// The bytes read so far, shared with the reading thread.
    private final class Buffer: Sendable {
        let bytes = Mutex<[UInt8]>([])
        /// Signalled whenever bytes arrive, and at the end of the stream: a waiter wakes then, not
        /// on a timer.
        let arrived = DispatchSemaphore(value: 0)
    }

    private let socket: Int32
    private let received = Buffer()

    /// Follows the events of `served`, with its access cookie.
    convenience init(_ served: ServeCommandTests.Served) throws {
        try self.init(port: served.port, cookie: served.cookie)
    }

    init(port: Int, cookie: String) throws {
        socket = try RawHTTP.connect(port: port, timeout: 60)
        RawHTTP.write(
            socket, Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n".utf8)
        )
        let socket = self.socket
        let received = self.received
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received.bytes.withLock { $0 += buffer[..<count] }
                received.arrived.signal()
            }
            received.arrived.signal()
        }
    }

    /// What arrived so far: the response's head, then its body with the chunked transfer
    /// encoding taken off (a chunk may end inside a message: a large snapshot spans several).
    var text: String { String(decoding: Self.dechunked(received.bytes.withLock { $0 }), as: UTF8.self) }

    /// `bytes` (a response's head and chunked body, perhaps cut anywhere) with the chunks' size
    /// lines and their line breaks removed; an incomplete chunk's bytes so far are kept.
    static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            return bytes
        }
        var output = Array(bytes[..<(headEnd + 4)])
        let head = String(decoding: output, as: UTF8.self).lowercased()
        guard head.contains("transfer-encoding: chunked") else { return bytes }
        var index = headEnd + 4
        while index < bytes.count {
            guard
                let lineEnd = bytes[index...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16)
            else { break }
            let start = lineEnd + 2
            let end = min(start + size, bytes.count)
            output += bytes[start..<end]
            index = end + 2
        }
        return output
    }

    /// The `event: card` messages' data so far, parsed.
    var cards: [[String: Any]] {
        text.components(separatedBy: "\n\n").compactMap { message in
            guard message.hasPrefix("event: card\ndata: ") else { return nil }
            let json = message.dropFirst("event: card\ndata: ".count)
            return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        }
    }

    /// Waits (at most `timeout` seconds) until `predicate` holds of the text received.
    @discardableResult
    func wait(timeout: Double = 20, _ predicate: (EventStreamReader) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !predicate(self) {
            // Woken by the next bytes, or by the deadline.
            if received.arrived.wait(timeout: deadline) == .timedOut { return predicate(self) }
        }
        return true
    }

    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    deinit {
        Glibc.close(socket)
    }
}
