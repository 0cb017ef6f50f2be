import Foundation
import Glibc
import RawHTTP
import TestSupport
import Testing

/// `serve` with a thousand browsers following its events: a quiet stream is parked, holding no
/// thread, and every one of them is woken by a change.
@Suite struct ServeScaleTests {
    /// The threads of process `pid`, from /proc.
    static func threads(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Threads:") })
        return try #require(Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test(.timeLimit(.minutes(2))) func aThousandEventStreamsHoldNoThreadEachAndAllSeeATap() throws {
        let served = try ServeCommandTests.serve(["--max-connections", "1100"])
        let clients = 1_000
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        let head = Array(
            "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\nCookie: \(served.cookie)\r\n\r\n".utf8)
        for _ in 0..<clients {
            let socket = try RawHTTP.connect(port: served.port, timeout: 30)
            sockets.append(socket)
            #expect(RawHTTP.write(socket, head))
        }
        // Each gets the widgets' state, then waits with nothing to read.
        for socket in sockets {
            var text = ""
            #expect(RawHTTP.read(socket, into: &text) { $0.contains("\"event\":\"order\"") })
        }
        let threads = try Self.threads(of: served.process.pid)
        // Before streams were parked, each held a thread of its own (a thousand and more).
        #expect(threads < 64, "serve runs \(threads) threads for \(clients) event streams")

        let tap = try served.request(
            "POST", "/widgets/focus/controls/1",
            headers: ["X-Widgethost-Token": served.token, "Origin": "http://127.0.0.1:\(served.port)"])
        #expect(tap.status == 200)
        // Every parked stream is woken and brings the focus widget's new card.
        var woken = 0
        for socket in sockets {
            var text = ""
            if RawHTTP.read(socket, into: &text, until: { $0.contains("\"id\":\"focus\"") }) { woken += 1 }
        }
        #expect(woken == clients)
        #expect(served.process.stop() == 0)
    }
}
