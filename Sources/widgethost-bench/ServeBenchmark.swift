import Foundation
import RawHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// `widgethost serve` on the release binary: from a click's POST (`/widgets/focus/controls/1`,
/// the focus toggle, sent as the page's script sends it) to the focus widget's redrawn card
/// arriving on a `GET /events` stream (target: median under 100 ms); then the same with 1,000
/// streams open: every one gets each card, the median click reaches the last of them in under
/// 100 ms, the server holds no thread a stream and its memory stays bounded.
struct ServeBenchmark {
    let samples: Int

    func run() {
        one()
        thousand(clients: 1_000, clicks: 20)
    }

    /// One stream: click to card.
    private func one() {
        guard let served = Served.start(label: "serve") else { return }
        defer { served.stop() }
        let (port, cookie) = (served.port, served.cookie)
        guard let events = try? RawHTTP.connect(port: port, timeout: 5) else {
            print("serve: cannot connect")
            return
        }
        defer { close(events) }
        RawHTTP.write(
            events, Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n".utf8)
        )
        var received = ""
        // The snapshot: every widget's card.
        guard
            RawHTTP.read(
                events, into: &received, until: { $0.components(separatedBy: "event: card").count > 4 })
        else {
            print("serve: the event stream sent no snapshot")
            return
        }
        var latencies: [Double] = []
        for _ in 0..<samples {
            received = ""
            let start = Clock.now()
            guard served.tapFocus() else {
                print("serve: the tap was refused")
                return
            }
            let card = #"event: card"# + "\n" + #"data: {"id":"focus""#
            guard RawHTTP.read(events, into: &received, until: { $0.contains(card) }) else {
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

    /// `clients` streams open while `clicks` clicks arrive: for each click, from its POST to the
    /// focus card on the median stream and on the last one; the server's threads and resident
    /// memory with the streams open, before and after the clicks.
    private func thousand(clients: Int, clicks: Int) {
        guard let served = Served.start(label: "serve-load", ["--max-connections", String(clients + 100)])
        else {
            return
        }
        defer { served.stop() }
        let (serve, port, cookie) = (served.process, served.port, served.cookie)
        let idle = Self.status(of: serve.pid)
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        let head = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n".utf8)
        for _ in 0..<clients {
            guard let socket = try? RawHTTP.connect(port: port, timeout: 30), RawHTTP.write(socket, head)
            else {
                print("serve: stream \(sockets.count + 1) could not connect")
                return
            }
            sockets.append(socket)
        }
        // Every stream's first state (every widget's card), read as it comes.
        guard Self.waitOnAll(sockets, for: "\"event\":\"order\"", timeout: 60) != nil else {
            print("serve: not every stream got the widgets' state")
            return
        }
        let open = Self.status(of: serve.pid)
        var medians: [Double] = []
        var lasts: [Double] = []
        for _ in 0..<clicks {
            let start = Clock.now()
            guard served.tapFocus() else {
                print("serve: the tap was refused")
                return
            }
            guard let arrivals = Self.waitOnAll(sockets, for: #"data: {"id":"focus""#, timeout: 30) else {
                print("serve: not every stream got the card of a click")
                return
            }
            let latencies = arrivals.map { Double($0 - start) / 1e9 }.sorted()
            medians.append(latencies[latencies.count / 2])
            lasts.append(latencies[latencies.count - 1])
        }
        let after = Self.status(of: serve.pid)
        print(
            "serve: \(clients) open /events streams on the release binary, \(clicks) clicks, each card on every stream"
        )
        Report.row("click -> card, median stream", medians)
        Report.row("click -> card, last stream", lasts)
        let median = Clock.median(lasts)
        print(
            "  median click -> every stream \(Clock.milliseconds(median)) (target: under 100 ms, "
                + "\(median < 0.1 ? "met" : "NOT met"))")
        print(
            "  threads                    \(idle.threads) idle, \(open.threads) with \(clients) streams, "
                + "\(after.threads) after the clicks")
        let growth = Double(after.residentKiB) / Double(max(open.residentKiB, 1))
        print(
            "  resident memory            \(idle.residentKiB / 1024) MiB idle, \(open.residentKiB / 1024) MiB with the "
                + "streams, \(after.residentKiB / 1024) MiB after the clicks: "
                + String(format: "%.2fx", growth)
                + " (target: bounded, at most 1.1x, \(growth <= 1.1 ? "met" : "NOT met"))")
    }

    /// The time each socket of `sockets` had read `marker` (from when this is called), or `nil`
    /// when some had not within `timeout` seconds. Reads whatever arrives on any of them, with
    /// poll, so each arrival is timed as it comes.
    private static func waitOnAll(_ sockets: [Int32], for marker: String, timeout: Double) -> [UInt64]? {
        var texts = Array(repeating: "", count: sockets.count)
        var arrived: [UInt64?] = Array(repeating: nil, count: sockets.count)
        var waiting = sockets.count
        let deadline = Clock.now() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while waiting > 0, Clock.now() < deadline {
            var polled = sockets.enumerated().filter { arrived[$0.offset] == nil }.map {
                pollfd(fd: $0.element, events: Int16(POLLIN), revents: 0)
            }
            let ready = poll(&polled, nfds_t(polled.count), 100)
            guard ready > 0 else { continue }
            let now = Clock.now()
            for entry in polled where entry.revents != 0 {
                guard let index = sockets.firstIndex(of: entry.fd) else { continue }
                let count = recv(entry.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { continue }
                texts[index] += String(decoding: buffer[0..<count], as: UTF8.self)
                if texts[index].contains(marker) {
                    arrived[index] = now
                    waiting -= 1
                }
            }
        }
        return waiting == 0 ? arrived.compactMap { $0 } : nil
    }

    /// The threads and resident memory of process `pid`, from /proc.
    private static func status(of pid: Int32) -> (threads: Int, residentKiB: Int) {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else {
                return 0
            }
            return Int(
                line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
                ?? 0
        }
        return (field("Threads:"), field("VmRSS:"))
    }

    /// A release `widgethost serve` of the sample, with its port, its session's cookie and its
    /// page's token.
    private struct Served {
        let process: SpawnedProcess
        let directory: URL
        let port: Int
        let cookie: String
        let token: String

        /// Starts it with `arguments` after the sample and `--port 0`; says why and gives `nil`
        /// when it cannot.
        static func start(label: String, _ arguments: [String] = []) -> Served? {
            guard
                let widgethost = StoreBurstBenchmark.widgetHostExecutable(
                    or: "serve", build: "swift build -c release")
            else { return nil }
            let directory = WatchBenchmark.sampleStore(widgethost, label: label)
            let output = directory.appendingPathComponent("url").path
            guard
                let serve = try? SpawnedProcess.spawn(
                    widgethost,
                    ["serve", StoreBurstBenchmark.sampleConfiguration, "--port", "0"] + arguments,
                    standardOutput: output)
            else {
                print("serve: could not start widgethost serve")
                try? FileManager.default.removeItem(at: directory)
                return nil
            }
            guard WatchBenchmark.waitForLines(output, count: 1, timeout: 30),
                let url = WatchBenchmark.lines(output).first,
                let match = url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/),
                let port = Int(match.output.1)
            else {
                print("serve: widgethost serve printed no URL")
                serve.terminate()
                try? FileManager.default.removeItem(at: directory)
                return nil
            }
            let cookie = "widgethost-\(port)=\(match.output.2)"
            guard
                let page = try? RawHTTP.request(port: port, "GET", "/", headers: ["Cookie": cookie]),
                let token = page.body.firstMatch(of: /widgethost-token" content="([0-9a-f]+)"/)?.output.1
            else {
                print("serve: the page has no token")
                serve.terminate()
                try? FileManager.default.removeItem(at: directory)
                return nil
            }
            return Served(
                process: serve, directory: directory, port: port, cookie: cookie, token: String(token))
        }

        /// Taps the focus widget's toggle as the page's script does; whether the server took it.
        func tapFocus() -> Bool {
            let headers = [
                "X-Widgethost-Token": token, "Origin": "http://127.0.0.1:\(port)", "Cookie": cookie,
            ]
            let reply = try? RawHTTP.request(
                port: port, "POST", "/widgets/focus/controls/1", headers: headers)
            return reply?.status == 200
        }

        /// Ends the server and removes its store.
        func stop() {
            process.terminate()
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
