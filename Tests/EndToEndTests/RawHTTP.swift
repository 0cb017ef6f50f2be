import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP spoken byte by byte over a socket, so a test sends exactly the request it means (a forged
/// Host header, a body over the limit, one byte a second) and reads exactly what came back.
enum RawHTTP {
    /// A response: status, headers (lower-case names), body.
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A connected socket to 127.0.0.1:`port` (receive timeout `timeout` seconds).
    static func connect(port: Int, timeout: Int = 30) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw Failure(description: "connect: \(String(cString: strerror(errno)))")
        }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// Writes all of `bytes`; false when the peer closed.
    @discardableResult
    static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads until the peer closes (or the receive timeout).
    static func readAll(_ socket: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Sends `request` (the whole text, head and body) and reads the reply until the server closes.
    static func exchange(port: Int, _ request: [UInt8]) throws -> Reply {
        let socket = try connect(port: port)
        defer { Glibc.close(socket) }
        write(socket, request)
        return try parse(readAll(socket))
    }

    /// `METHOD path` with `headers` (Host defaults to the served address) and `body`, closing after.
    static func request(
        port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        var all = headers
        if all["Host"] == nil { all["Host"] = "127.0.0.1:\(port)" }
        all["Connection"] = "close"
        if !body.isEmpty || method == "POST" { all["Content-Length"] = String(body.count) }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return try exchange(port: port, Array((head + "\r\n").utf8) + body)
    }

    static func parse(_ bytes: [UInt8]) throws -> Reply {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else {
            throw Failure(description: "no head in \(text.debugDescription)")
        }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = String(text[end.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ text: String) -> String {
        var rest = Substring(text)
        var output = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16),
            size > 0
        {
            let start = lineEnd.upperBound
            let utf8 = rest.utf8
            let stop = utf8.index(start, offsetBy: size, limitedBy: utf8.endIndex) ?? utf8.endIndex
            output += String(rest[start..<stop])
            rest = rest[stop...].dropFirst(2)
        }
        return output
    }
}

/// A `GET /events` stream read on a thread of its own: every byte so far, for a test to wait on.
final class EventStreamReader: Sendable {
    /// The bytes read so far, shared with the reading thread.
    private final class Buffer: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    private let socket: Int32
    private let received = Buffer()

    init(port: Int) throws {
        socket = try RawHTTP.connect(port: port, timeout: 60)
        RawHTTP.write(socket, Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
        let socket = self.socket
        let received = self.received
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received.bytes.withLock { $0 += buffer[..<count] }
            }
        }
    }

    /// What arrived so far.
    var text: String { String(decoding: received.bytes.withLock { $0 }, as: UTF8.self) }

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
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if predicate(self) { return true }
            usleep(10_000)
        }
        return predicate(self)
    }

    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    deinit {
        Glibc.close(socket)
    }
}
