import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP spoken byte by byte over a socket to 127.0.0.1, so a test sends exactly the request it means
/// (a forged Host header, a body over the limit, one byte a second) and reads exactly what came back;
/// the `serve` benchmark times its clicks with it too. Not a client: it writes what it is given.
public enum RawHTTP {
    /// A response: status, headers (lower-case names), body.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, by lower-case name.
        public var headers: [String: String]
        /// The body, de-chunked.
        public var body: String
    }

    /// What went wrong, in words.
    public struct Failure: Error, CustomStringConvertible {
        /// The words.
        public var description: String
    }

    /// A connected socket to 127.0.0.1:`port` (receive timeout `timeout` seconds).
    public static func connect(port: Int, timeout: Int = 30) throws -> Int32 {
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
    public static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
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
    public static func readAll(_ socket: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    /// Reads into `text` until `done` holds of it.
    /// - Returns: false when the peer closed, or was silent past the receive timeout, first.
    public static func read(_ socket: Int32, into text: inout String, until done: (String) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(text) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return false }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return true
    }

    /// Sends `request` (the whole text, head and body) and reads the reply until the server closes.
    public static func exchange(port: Int, _ request: [UInt8]) throws -> Reply {
        let socket = try connect(port: port)
        defer { Glibc.close(socket) }
        write(socket, request)
        return try parse(readAll(socket))
    }

    /// `METHOD path` with `headers` (Host defaults to the served address) and `body`, closing after.
    public static func request(
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

    /// `bytes` as a reply: status line, headers, body (de-chunked).
    public static func parse(_ bytes: [UInt8]) throws -> Reply {
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
