import Foundation
import RawHTTP
import Synchronization
import Testing

@testable import WidgetServer

/// The head of each request read whole before libmicrohttpd reads it: what libmicrohttpd 0.9.75
/// would misread is refused at the door, once, and each connection carries the one request checked.
@Suite struct RequestHeadGateTests {
    static func verdict(_ text: String) -> HeadVerdict {
        verdict(Array(text.utf8))
    }

    static func verdict(_ bytes: [UInt8]) -> HeadVerdict {
        bytes.withUnsafeBytes { RequestHead.verdict($0, maxBodySize: 64 * 1024) }
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n", HeadVerdict.incomplete),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r", .incomplete),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", .admit),
        ("GET / HTTP/1.1\nHost: a\n\n", .admit),
        ("GET / HTTP/1.1\r\nHost: a\n\r\n", .admit),
        ("GET / HTTP/1.1\r\nHost: a\0b\r\n\r\n", .malformed("the request's head holds a NUL character")),
        ("GET /a\0b HTTP/1.1\r\nHost: a\r\n\r\n", .malformed("the request's head holds a NUL character")),
        (
            "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            .malformed("the Content-Length '-1' is not a number of bytes")
        ),
        (
            "POST / HTTP/1.1\r\ncontent-LENGTH:\r\n\r\n",
            .malformed("the Content-Length '' is not a number of bytes")
        ),
        (
            "POST / HTTP/1.1\r\nContent-Length: 1 2\r\n\r\n",
            .malformed("the Content-Length '1 2' is not a number of bytes")
        ),
        (
            "POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\n",
            .malformed("the Content-Length '+5' is not a number of bytes")
        ),
        (
            "POST / HTTP/1.1\r\nContent-Length: \u{1B}[31m\r\n\r\n",
            .malformed("the Content-Length '?[31m' is not a number of bytes")
        ),
        ("POST / HTTP/1.1\r\nContent-Length: 100000000000000000000\r\n\r\n", .bodyTooLarge),
        ("POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n", .bodyTooLarge),
        ("POST / HTTP/1.1\r\nContent-Length:\t 00065536 \r\n\r\nbody", .admit),
        ("POST / HTTP/1.1\r\nX-Content-Length: -1\r\n\r\n", .admit),
        // The request line is no header, and the body is not looked at.
        ("POST /Content-Length:x HTTP/1.1\r\n\r\n\0", .admit),
    ])
    func aHeadIsJudgedOnceWhole(text: String, expected: HeadVerdict) {
        #expect(Self.verdict(text) == expected, "\(text.debugDescription)")
    }

    @Test func aHeadPastLibmicrohttpdsMemoryIsHandedOverForItToRefuse() {
        let long =
            Array("GET / HTTP/1.1\r\nX-Long: ".utf8)
            + Array(repeating: UInt8(ascii: "a"), count: RequestHead.limit)
        #expect(Self.verdict(Array(long.prefix(RequestHead.limit))) == .admit)
        #expect(Self.verdict(Array(long.prefix(RequestHead.limit - 1))) == .incomplete)
    }

    /// A handler that answers 200 with the path, and counts the requests it was asked.
    final class Echo: HTTPHandler {
        let asked = Mutex(0)
        func check(_ head: HTTPRequest) -> HTTPResponse? { nil }
        func respond(to request: HTTPRequest) -> HTTPResponse {
            asked.withLock { $0 += 1 }
            return HTTPResponse(status: 200, contentType: "text/plain", body: Array(request.path.utf8))
        }
        func bodyTooLarge(_ head: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 413, contentType: "text/plain", body: Array("too large".utf8))
        }
        func stopping(_ head: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 503, contentType: "text/plain", body: [])
        }
        func malformedHead(_ reason: String) -> HTTPResponse {
            HTTPResponse(status: 400, contentType: "text/plain", body: Array(reason.utf8))
        }
    }

    /// Sends `request` in one write and reads until the server closes.
    static func exchange(_ port: Int, _ request: String) throws -> String {
        let socket = try RawHTTP.connect(port: port, timeout: 10)
        defer { close(socket) }
        #expect(RawHTTP.write(socket, Array(request.utf8)))
        return String(decoding: RawHTTP.readAll(socket), as: UTF8.self)
    }

    static func statusLines(_ reply: String) -> [Substring] {
        reply.split(separator: "\r\n").filter { $0.hasPrefix("HTTP/1.1 ") }
    }

    @Test func whatLibmicrohttpdWouldMisreadIsAnsweredOnceAtTheDoor() throws {
        let handler = Echo()
        let server = try HTTPServer(options: .init(port: 0, idleTimeout: 2), handler: handler)
        try server.start()
        defer { server.stop() }
        let cases = [
            ("GET /a HTTP/1.1\r\nHost: 127.0.0.1\0evil.example\r\n\r\n", "400 Bad Request", "holds a NUL"),
            ("POST /a HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "400 Bad Request", "'-1' is not a number"),
            (
                "POST /a HTTP/1.1\r\nContent-Length: 100000000000000000000\r\n\r\n", "413 Content Too Large",
                "too large"
            ),
        ]
        for (request, status, body) in cases {
            let reply = try Self.exchange(server.port, request)
            // One answer: libmicrohttpd's own refusal of these sent its status line twice.
            #expect(
                Self.statusLines(reply) == ["HTTP/1.1 \(status)"], "\(request.debugDescription): \(reply)")
            #expect(reply.hasSuffix(body) || reply.contains(body), "\(reply)")
        }
        #expect(handler.asked.withLock { $0 } == 0)
        // A head sent whole is answered by the handler.
        let fine = try Self.exchange(server.port, "GET /fine HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(Self.statusLines(fine) == ["HTTP/1.1 200 OK"])
        #expect(fine.hasSuffix("/fine"))
    }

    @Test func aConnectionCarriesOneRequestTheOneChecked() throws {
        let handler = Echo()
        let server = try HTTPServer(options: .init(port: 0, idleTimeout: 2), handler: handler)
        try server.start()
        defer { server.stop() }
        // The second request, which the gate never looked at, is not answered.
        let reply = try Self.exchange(
            server.port,
            "GET /first HTTP/1.1\r\nHost: a\r\n\r\nGET /second HTTP/1.1\r\nHost: a\0b\r\n\r\n")
        #expect(Self.statusLines(reply) == ["HTTP/1.1 200 OK"])
        #expect(reply.contains("Connection: close"))
        #expect(reply.hasSuffix("/first"))
        #expect(handler.asked.withLock { $0 } == 1)
    }

    @Test func aHeadThatNeverEndsIsClosedUnansweredAtTheIdleBound() throws {
        let server = try HTTPServer(options: .init(port: 0, idleTimeout: 1), handler: Echo())
        try server.start()
        defer { server.stop() }
        let socket = try RawHTTP.connect(port: server.port, timeout: 10)
        defer { close(socket) }
        #expect(RawHTTP.write(socket, Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)))
        let started = ContinuousClock.now
        // readAll returns when the server closes the connection: within the bound, not the
        // socket's 10 s timeout.
        #expect(RawHTTP.readAll(socket).isEmpty)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func connectionsPastTheBoundAreClosedAtOnce() throws {
        let server = try HTTPServer(
            options: .init(port: 0, maxConnections: 2, idleTimeout: 10), handler: Echo())
        try server.start()
        defer { server.stop() }
        // Two connections whose heads are still arriving take the bound.
        let first = try RawHTTP.connect(port: server.port, timeout: 10)
        let second = try RawHTTP.connect(port: server.port, timeout: 10)
        defer {
            close(first)
            close(second)
        }
        #expect(RawHTTP.write(first, Array("GET /first HTTP/1.1\r\n".utf8)))
        #expect(RawHTTP.write(second, Array("GET /second HTTP/1.1\r\n".utf8)))
        // The third is closed unanswered, long before the idle bound would close it.
        let third = try RawHTTP.connect(port: server.port, timeout: 10)
        defer { close(third) }
        let started = ContinuousClock.now
        #expect(RawHTTP.readAll(third).isEmpty)
        #expect(ContinuousClock.now - started < .seconds(5))
        // The two within the bound are answered once their heads are whole.
        #expect(RawHTTP.write(first, Array("Host: a\r\n\r\n".utf8)))
        #expect(String(decoding: RawHTTP.readAll(first), as: UTF8.self).hasSuffix("/first"))
        #expect(RawHTTP.write(second, Array("Host: a\r\n\r\n".utf8)))
        #expect(String(decoding: RawHTTP.readAll(second), as: UTF8.self).hasSuffix("/second"))
    }

    @Test func aServerStoppedBeforeItStartedClosesItsSocket() throws {
        let server = try HTTPServer(options: .init(port: 0), handler: Echo())
        let port = server.port
        server.stop()
        #expect(throws: (any Error).self) { try RawHTTP.connect(port: port, timeout: 1) }
    }
}
