import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `widgethost serve` on the release binary: from a click's POST (`/widgets/focus/controls/1`,
/// the focus toggle, sent as the page's script sends it) to the focus widget's redrawn card
/// arriving on a `GET /events` stream (target: median under 100 ms).
struct ServeBenchmark {
    let samples: Int

    func run() {
        guard
            let widgethost = StoreBurstBenchmark.widgetHostExecutable(
                or: "serve", build: "swift build -c release")
        else { return }
        let directory = WatchBenchmark.sampleStore(widgethost, label: "serve")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("url").path
        guard
            let serve = try? SpawnedProcess.spawn(
                widgethost, ["serve", StoreBurstBenchmark.sampleConfiguration, "--port", "0"],
                standardOutput: output)
        else {
            print("serve: could not start widgethost serve")
            return
        }
        defer { serve.terminate() }
        guard WatchBenchmark.waitForLines(output, count: 1, timeout: 30),
            let url = WatchBenchmark.lines(output).first,
            let port = url.split(separator: ":").last.flatMap({ Int($0.dropLast()) })
        else {
            print("serve: widgethost serve printed no URL")
            return
        }
        guard
            let page = Self.exchange(
                port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"),
            let token = page.firstMatch(of: /widgethost-token" content="([0-9a-f]+)"/)?.output.1
        else {
            print("serve: the page has no token")
            return
        }
        let events = Self.connect(port)
        guard events >= 0 else {
            print("serve: cannot connect")
            return
        }
        defer { close(events) }
        Self.send(events, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        var received = ""
        // The snapshot: every widget's card.
        guard
            Self.read(events, into: &received, until: { $0.components(separatedBy: "event: card").count > 4 })
        else {
            print("serve: the event stream sent no snapshot")
            return
        }
        let post =
            "POST /widgets/focus/controls/1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Widgethost-Token: \(token)\r\n"
            + "Origin: http://127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        var latencies: [Double] = []
        for _ in 0..<samples {
            received = ""
            let start = Clock.now()
            guard let reply = Self.exchange(port, post), reply.hasPrefix("HTTP/1.1 200") else {
                print("serve: the tap was refused")
                return
            }
            let card = #"event: card"# + "\n" + #"data: {"id":"focus""#
            guard Self.read(events, into: &received, until: { $0.contains(card) }) else {
                print("serve: no card came back after a tap")
                return
            }
            latencies.append(Double(Clock.now() - start) / 1e9)
        }
        let median = Clock.median(latencies)
        print("serve: a click's POST to the redrawn card over SSE, on the release binary, \(samples) clicks")
        Report.row("click -> card", latencies)
        print(
            "  median click -> card       \(Clock.milliseconds(median)) (target: under 100 ms, "
                + "\(median < 0.1 ? "met" : "NOT met"))")
    }

    static func connect(_ port: Int) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var wait = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        return connected == 0 ? socket : -1
    }

    static func send(_ socket: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads into `text` until `done` holds of it; false on an end or a 5 s silence.
    static func read(_ socket: Int32, into text: inout String, until done: (String) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(text) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return false }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return true
    }

    /// One request on a connection of its own; the whole reply.
    static func exchange(_ port: Int, _ request: String) -> String? {
        let socket = connect(port)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        send(socket, request)
        var text = ""
        _ = read(socket, into: &text, until: { _ in false })
        return text.isEmpty ? nil : text
    }
}
