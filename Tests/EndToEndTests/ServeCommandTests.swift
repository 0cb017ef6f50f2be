import Foundation
import RawHTTP
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `widgethost serve`, run as the built binary and spoken to over real sockets: the page, the JSON
/// document, a tap through POST that changes the store and comes back through the event stream,
/// each refusal with its status, 200 clients at once, a client that sends a byte a second, and an
/// end on SIGTERM.
@Suite struct ServeCommandTests {
    /// A running `serve` of the sample configuration: its process, port, the URL it printed, the
    /// cookie that URL sets, and the page's token.
    struct Served {
        let process: WatchProcess
        let port: Int
        let url: String
        let cookie: String
        let token: String
        let scratch: TemporaryDirectory

        /// `RawHTTP.request` with the access cookie.
        func request(
            _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
        ) throws -> RawHTTP.Reply {
            try RawHTTP.request(
                port: port, method, path, headers: headers.merging(["Cookie": cookie]) { $1 }, body: body)
        }
    }

    static func serve(_ arguments: [String] = [], scratch: TemporaryDirectory? = nil) throws -> Served {
        let scratch = try scratch ?? WatchCommandTests.sample()
        let process = try WatchProcess(
            ["--port", "0"] + arguments, in: scratch, environment: WatchCommandTests.store(scratch),
            command: "serve")
        process.waitForOutput(timeout: 60)
        let url = try #require(process.output.first, "serve printed no URL: \(process.standardError)")
        let match = try #require(
            url.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})/), "not a URL: \(url)")
        let port = try #require(Int(match.output.1))
        // The URL printed sets the cookie and sends the browser to the page.
        let entry = try RawHTTP.request(port: port, "GET", "/?token=\(match.output.2)")
        #expect(entry.status == 303)
        #expect(entry.headers["location"] == "/")
        let cookie = try #require(entry.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        #expect(cookie == "widgethost-\(port)=\(match.output.2)")
        let page = try RawHTTP.request(port: port, "GET", "/", headers: ["Cookie": cookie])
        let token = try #require(
            page.body.firstMatch(of: /<meta name="widgethost-token" content="([0-9a-f]+)">/)?.output.1)
        return Served(
            process: process, port: port, url: url, cookie: cookie, token: String(token), scratch: scratch)
    }

    @Test func onlyTheURLPrintedAtStartGetsIn() throws {
        let served = try Self.serve()
        // Another local user, who has the port but not the URL, gets a page saying how to get in.
        let page = try RawHTTP.request(port: served.port, "GET", "/")
        #expect(page.status == 401)
        #expect(page.body.contains("Open the URL it printed when it started"))
        for path in ["/events", "/api/widgets"] {
            let reply = try RawHTTP.request(port: served.port, "GET", path)
            #expect(reply.status == 401, "\(path)")
            #expect(reply.body.contains("\"code\":\"serve.unauthorized\""), "\(path): \(reply.body)")
        }
        let tap = try RawHTTP.request(
            port: served.port, "POST", "/widgets/focus/controls/1",
            headers: ["X-Widgethost-Token": served.token])
        #expect(tap.status == 401)
        // The token works in the query, and as a bearer, for scripts.
        let token = String(served.url.split(separator: "=").last ?? "")
        #expect(try RawHTTP.request(port: served.port, "GET", "/api/widgets?token=\(token)").status == 200)
        #expect(
            try RawHTTP.request(
                port: served.port, "GET", "/api/widgets", headers: ["Authorization": "Bearer \(token)"]
            ).status == 200)
        #expect(served.process.stop() == 0)
    }

    @Test func servingBeyondLoopbackWarnsWhoCanReachIt() throws {
        let scratch = try WatchCommandTests.sample()
        let process = try WatchProcess(
            ["--port", "0", "--bind", "0.0.0.0"], in: scratch, environment: WatchCommandTests.store(scratch),
            command: "serve")
        process.waitForOutput(timeout: 60)
        let url = try #require(process.output.first, "serve printed no URL: \(process.standardError)")
        let port = try #require(url.firstMatch(of: /:(\d+)\//).flatMap { Int($0.output.1) })
        #expect(url.hasPrefix("http://0.0.0.0:\(port)/?token="))
        #expect(process.stop() == 0)
        #expect(
            process.standardError
                == "warning: serving on 0.0.0.0, not a loopback address: anyone who can reach this machine on "
                + "port \(port), from other machines on its networks too, can connect; they need the printed "
                + "URL's token to get in, but plain HTTP carries it unencrypted, for anyone who can watch "
                + "the network to read\n")
    }

    @Test func thePageAndTheDocumentShowWhatRunShows() throws {
        let served = try Self.serve()
        let page = try served.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        // The script runs under a nonce of this load's, not the page's token.
        let nonce = try #require(page.body.firstMatch(of: /<script nonce="([0-9a-f]+)">/)?.output.1)
        #expect(nonce != served.token)
        #expect(page.headers["content-security-policy"]?.contains("script-src 'nonce-\(nonce)'") == true)
        // No other site may frame the page (and have its buttons clicked unseen).
        #expect(page.headers["content-security-policy"]?.hasSuffix("; frame-ancestors 'none'") == true)
        #expect(page.headers["x-frame-options"] == "DENY")
        for (id, family, size) in [
            ("work-tasks", "systemMedium", "364px;height:170px"),
            ("all-tasks", "systemLarge", "364px;height:382px"),
            ("focus", "systemSmall", "170px;height:170px"),
            ("quick-menu", "systemMedium", "364px;height:170px"),
        ] {
            #expect(page.body.contains("data-widget-id=\"\(id)\" data-kind="))
            // A live card carries the revision of the view it shows, which a tap sends back.
            #expect(
                page.body.firstMatch(
                    of: try Regex(
                        #"data-family="\#(family)" data-revision="[0-9a-f]{16}" style="width:\#(size)"#))
                    != nil)
        }
        let api = try served.request("GET", "/api/widgets")
        #expect(api.status == 200)
        #expect(api.headers["content-type"] == "application/json")
        let run = try served.scratch.widgethost(
            ["run", "--format", "json"], environment: WatchCommandTests.store(served.scratch))
        let fromServer = try JSONText.object(api.body)["widgets"] as? [[String: Any]] ?? []
        let ran = try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]] ?? []
        #expect(fromServer.map { $0["id"] as? String } == ran.map { $0["id"] as? String })
        #expect(
            fromServer.map { JSONText.canonical($0["view"]) } == ran.map { JSONText.canonical($0["view"]) })
        #expect(served.process.stop() == 0)
    }

    @Test func aTapThroughPostTogglesTheTaskAndTheCardComesBackThroughTheEventStream() throws {
        let served = try Self.serve()
        let events = try EventStreamReader(served)
        #expect(events.wait { $0.cards.count >= 4 }, "no snapshot: \(events.text.prefix(300))")
        #expect(events.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(events.text.contains("Content-Type: text/event-stream"))
        #expect(
            events.text.contains("data: {\"event\":\"widget\",\"reason\":\"start\",\"id\":\"work-tasks\""))
        let before = events.cards.count
        let tap = try served.request(
            "POST", "/widgets/work-tasks/controls/1",
            headers: ["X-Widgethost-Token": served.token, "Origin": "http://127.0.0.1:\(served.port)"])
        #expect(tap.status == 200)
        let answer = try JSONText.object(tap.body)
        #expect(answer["widget"] as? String == "work-tasks")
        #expect(answer["control"] as? Int == 1)
        #expect(answer["intent"] as? String == "ToggleTaskIntent")
        #expect(answer["value"] as? Bool == true)
        // The store has it: the roadmap task is done.
        let export = try served.scratch.exportJSON()
        let tasks = try JSONText.object(export)["tasks"] as? [[String: Any]] ?? []
        #expect(
            tasks.first { $0["id"] as? String == WatchCommandTests.roadmap }?["isCompleted"] as? Bool == true)
        // The live host reloads the task widgets and the stream brings their new cards.
        #expect(
            events.wait { reader in
                reader.cards.dropFirst(before).contains { $0["id"] as? String == "work-tasks" }
            })
        let card = events.cards.dropFirst(before).first { $0["id"] as? String == "work-tasks" }
        let html = try #require(card?["html"] as? String)
        #expect(html.contains("data-widget-id=\"work-tasks\""))
        #expect(!html.contains("Finish the Q3 roadmap slides"))
        events.close()
        #expect(served.process.stop() == 0)
    }

    @Test func everyRefusalHasItsStatusAndCode() throws {
        let served = try Self.serve()
        let port = served.port
        let token = served.token
        let path = "/widgets/focus/controls/1"
        let cases: [(String, RawHTTP.Reply, Int, String)] = [
            (
                "a DNS name as Host",
                try served.request("GET", "/", headers: ["Host": "evil.example:\(port)"]), 403,
                "serve.forbidden-host"
            ),
            (
                "another port as Host",
                try served.request("GET", "/", headers: ["Host": "127.0.0.1:1"]), 403,
                "serve.forbidden-host"
            ),
            (
                "a POST without the token", try served.request("POST", path), 403,
                "serve.missing-token"
            ),
            (
                "a POST with a wrong token",
                try served.request(
                    "POST", path,
                    // One digit changed (a token starting with 0 gets a 1: "0" + the rest would be
                    // the token itself one time in sixteen).
                    headers: ["X-Widgethost-Token": (token.hasPrefix("0") ? "1" : "0") + token.dropFirst()]),
                403,
                "serve.missing-token"
            ),
            (
                "a POST from another origin",
                try served.request(
                    "POST", path,
                    headers: ["X-Widgethost-Token": token, "Origin": "http://evil.example"]), 403,
                "serve.forbidden-origin"
            ),
            (
                "a body over 64 KiB",
                try served.request(
                    "POST", path, headers: ["X-Widgethost-Token": token],
                    body: [UInt8](repeating: 65, count: 64 * 1024 + 1)), 413, "serve.body-too-large"
            ),
            (
                "an unknown path", try served.request("GET", "/etc/passwd"), 404,
                "serve.not-found"
            ),
            (
                "an unknown widget",
                try served.request(
                    "POST", "/widgets/nope/controls/1", headers: ["X-Widgethost-Token": token]),
                404, "serve.not-found"
            ),
            (
                "a control the widget lacks",
                try served.request(
                    "POST", "/widgets/focus/controls/9", headers: ["X-Widgethost-Token": token]),
                404, "serve.not-found"
            ),
            (
                "GET of a control", try served.request("GET", path), 405,
                "serve.method-not-allowed"
            ),
            (
                "POST of the page",
                try served.request("POST", "/", headers: ["X-Widgethost-Token": token]), 405,
                "serve.method-not-allowed"
            ),
            (
                "a second Host header",
                try RawHTTP.exchange(
                    port: port,
                    Array(
                        "GET /api/widgets HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
                            .utf8)), 400, "serve.bad-request"
            ),
            (
                "a second Content-Length",
                try RawHTTP.exchange(
                    port: port,
                    Array(
                        ("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Widgethost-Token: \(token)\r\n"
                            + "Content-Length: 0\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello").utf8
                    )),
                400, "serve.bad-request"
            ),
            (
                "a control number past 64 bits",
                try served.request(
                    "POST", "/widgets/focus/controls/99999999999999999999999",
                    headers: ["X-Widgethost-Token": token]), 404, "serve.not-found"
            ),
            (
                "a NUL in the Host header, where libmicrohttpd would end it",
                try RawHTTP.exchange(
                    port: port,
                    Array("GET /api/widgets HTTP/1.1\r\nHost: 127.0.0.1:\(port)\0evil.example\r\n\r\n".utf8)),
                400, "serve.bad-request"
            ),
            (
                "a Content-Length of -1",
                try RawHTTP.exchange(
                    port: port,
                    Array(
                        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: -1\r\n\r\n".utf8)
                ),
                400, "serve.bad-request"
            ),
            (
                "a Content-Length of 10^20",
                try RawHTTP.exchange(
                    port: port,
                    Array(
                        ("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                            + "Content-Length: 100000000000000000000\r\n\r\n").utf8)),
                413, "serve.body-too-large"
            ),
        ]
        for (what, reply, status, code) in cases {
            #expect(reply.status == status, "\(what)")
            let error = (try? JSONText.object(reply.body))?["error"] as? [String: Any]
            #expect(error?["code"] as? String == code, "\(what): \(reply.body)")
        }
        #expect(cases[9].1.headers["allow"] == "POST")
        #expect(cases[11].1.body.contains("sends the Host header more than once"), "\(cases[11].1.body)")
        #expect(cases[12].1.body.contains("sends the Content-Length header more than once"))
        #expect(cases[13].1.body.contains("widget 'focus' has no control 99999999999999999999999"))
        #expect(cases[14].1.body.contains("the request's head holds a NUL character"))
        #expect(cases[15].1.body.contains("the Content-Length '-1' is not a number of bytes"))
        // Answered once: libmicrohttpd's own refusal sent the status line and headers twice.
        let socket = try RawHTTP.connect(port: port)
        defer { close(socket) }
        _ = RawHTTP.write(
            socket,
            Array("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: -1\r\n\r\n".utf8))
        let raw = String(decoding: RawHTTP.readAll(socket), as: UTF8.self)
        #expect(raw.components(separatedBy: "HTTP/1.1 ").count == 2, "\(raw)")
        // A body sent in chunks, with no length up front, is refused as it passes the limit.
        let chunk = String(repeating: "B", count: 40 * 1024)
        let chunked =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Widgethost-Token: \(token)\r\n"
            + "Cookie: \(served.cookie)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "a000\r\n\(chunk)\r\na000\r\n\(chunk)\r\n0\r\n\r\n"
        #expect(try RawHTTP.exchange(port: port, Array(chunked.utf8)).status == 413)
        // Nothing refused changed the store: the focus mode is still off.
        let export = try JSONText.object(try served.scratch.exportJSON())
        #expect((export["focus"] as? [String: Any])?["isOn"] as? Bool != true)
        // localhost and the served address with the token are served.
        #expect(
            try served.request("GET", "/api/widgets", headers: ["Host": "localhost:\(port)"])
                .status == 200)
        #expect(
            try served.request("POST", path, headers: ["X-Widgethost-Token": token]).status
                == 200)
        #expect(served.process.stop() == 0)
    }

    @Test func twoHundredClientsAtOnceAreAllAnswered() throws {
        let served = try Self.serve()
        let answered = Mutex<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<200 {
            group.enter()
            Thread.detachNewThread {
                let status =
                    (try? served.request("GET", "/api/widgets"))
                    .map { $0.status == 200 && $0.body.hasPrefix("{\"widgets\":[") ? 200 : $0.status } ?? 0
                answered.withLock { $0.append(status) }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let statuses = answered.withLock { $0 }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses.filter { $0 != 200 })")
        #expect(served.process.stop() == 0)
    }

    @Test(.ownThreads) func aClientSendingAByteASecondIsDroppedWithinTheIdleBound() throws {
        let served = try Self.serve(["--idle-timeout", "2"])
        let socket = try RawHTTP.connect(port: served.port, timeout: 10)
        defer { close(socket) }
        let started = Date()
        var closedAfter: Double?
        for byte in Array("GET /api/widgets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: aaaaaaaaaaaa".utf8) {
            if !RawHTTP.write(socket, [byte]) {
                closedAfter = Date().timeIntervalSince(started)
                break
            }
            // The server closing shows as an end of file on the read side.
            var probe: UInt8 = 0
            let peeked = recv(socket, &probe, 1, Int32(MSG_DONTWAIT))
            if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                closedAfter = Date().timeIntervalSince(started)
                break
            }
            sleep(1)
        }
        let after = try #require(closedAfter, "the slow client was never dropped")
        #expect(after >= 1.5 && after <= 4.5, "dropped after \(after) s")
        // Others are still served.
        #expect(try served.request("GET", "/api/widgets").status == 200)
        #expect(served.process.stop() == 0)
    }

    @Test func sigtermEndsTheServerAndItsStreams() throws {
        let served = try Self.serve()
        let events = try EventStreamReader(served)
        #expect(events.wait { $0.cards.count >= 4 })
        #expect(served.process.stop(SIGTERM) == 0)
        #expect(served.process.standardError == "")
        #expect((try? RawHTTP.request(port: served.port, "GET", "/")) == nil)
    }

    @Test func setOverridesAndWidgetSelectionApplyAsInWatch() throws {
        let served = try Self.serve(["--set", "focus.family=systemMedium", "--widget", "focus"])
        let api = try JSONText.object(try served.request("GET", "/api/widgets").body)
        let widgets = api["widgets"] as? [[String: Any]] ?? []
        #expect(widgets.map { $0["id"] as? String } == ["focus"])
        #expect(widgets.first?["family"] as? String == "systemMedium")
        let page = try served.request("GET", "/").body
        #expect(
            page.contains(
                "data-widget-id=\"focus\" data-kind=\"FocusWidget\" data-family=\"systemMedium\" data-revision=\""
            ))
        #expect(page.contains("style=\"width:364px;height:170px"))
        #expect(served.process.stop() == 0)
    }

    @Test func sigintEndsTheServerWithItsPlugins() throws {
        let scratch = try PluginExamplesTests.clockScratch()
        #expect(
            try scratch.widgethost(["store", "init"], environment: WatchCommandTests.store(scratch)).status
                == 0)
        let served = try Self.serve(["widgets.yaml"], scratch: scratch)
        let page = try served.request("GET", "/")
        #expect(page.body.contains("data-widget-id=\"clock\" data-kind=\"PythonClock\""))
        let plugins = Self.children(of: served.process.pid)
        #expect(!plugins.isEmpty, "the plugin is not running")
        #expect(served.process.stop(SIGINT) == 0)
        #expect(plugins.allSatisfy { kill($0, 0) != 0 }, "a plugin outlived the server")
    }

    /// The processes whose parent is `pid` (from /proc).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    @Test func aTakenPortOrAnInvalidConfigurationServesNothing() throws {
        let served = try Self.serve()
        let scratch = served.scratch
        let taken = try scratch.widgethost(
            ["serve", "--port", String(served.port)], environment: WatchCommandTests.store(scratch))
        #expect(taken.status == 1)
        #expect(
            taken.standardError.hasPrefix(
                "error: cannot serve: cannot listen on 127.0.0.1 port \(served.port): "))
        #expect(served.process.stop() == 0)
        try scratch.file("bad.yaml", "widgets:\n  - kind: Nope\n")
        let invalid = try scratch.widgethost(
            ["serve", "bad.yaml", "--port", "0"], environment: WatchCommandTests.store(scratch))
        #expect(invalid.status == 65)
        #expect(invalid.standardOutput == "")
        #expect(invalid.standardError.contains("bad.yaml:2:"))
        let bind = try scratch.widgethost(
            ["serve", "--bind", "example.com", "--port", "0"], environment: WatchCommandTests.store(scratch))
        #expect(bind.status == 1)
        #expect(bind.standardError.contains("'example.com' is not a numeric IPv4 or IPv6 address"))
    }
}
