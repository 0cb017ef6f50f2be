import Foundation
import RawHTTP

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
            let match = url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)/),
            let port = Int(match.output.1)
        else {
            print("serve: widgethost serve printed no URL")
            return
        }
        let cookie = "widgethost-\(port)=\(match.output.2)"
        guard
            let page = try? RawHTTP.request(port: port, "GET", "/", headers: ["Cookie": cookie]),
            let token = page.body.firstMatch(of: /widgethost-token" content="([0-9a-f]+)"/)?.output.1
        else {
            print("serve: the page has no token")
            return
        }
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
        let headers = [
            "X-Widgethost-Token": String(token), "Origin": "http://127.0.0.1:\(port)", "Cookie": cookie,
        ]
        var latencies: [Double] = []
        for _ in 0..<samples {
            received = ""
            let start = Clock.now()
            guard
                let reply = try? RawHTTP.request(
                    port: port, "POST", "/widgets/focus/controls/1", headers: headers),
                reply.status == 200
            else {
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
}
