import Diagnostics
import Foundation
import LiveHost
import Synchronization
import Testing
import WidgetHostKit

@testable import WidgetEngine
@testable import WidgetHost
@testable import WidgetServer

/// `serve`'s answers, a request value in and a response value out, without a socket: who gets in,
/// and what each refusal says.
@Suite struct WidgetServerTests {
    let server: WidgetServer

    init() throws {
        let session = try HostSession(bundles: [], settings: .init(hostVersion: "test", environment: [:]))
        server = WidgetServer(session: session, idleTimeout: 10)
        server.port = 8080
    }

    /// The access cookie as the browser sends it back.
    var cookie: String { "widgethost-8080=\(server.accessToken)" }

    /// The answer to `method path` with `headers` (Host defaults to the served address).
    func answer(
        _ method: String = "GET", _ path: String, query: [String: String] = [:],
        headers: [String: String] = [:]
    ) -> HTTPResponse {
        var all = headers
        if all["host"] == nil { all["host"] = "127.0.0.1:8080" }
        let request = HTTPRequest(method: method, path: path, headers: all, query: query, body: [])
        return server.check(request) ?? server.respond(to: request)
    }

    func text(_ response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "(a stream)" }
        return String(decoding: bytes, as: UTF8.self)
    }

    func header(_ name: String, of response: HTTPResponse) -> String? {
        response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test func theAccessTokenIsSecretRandomAndTheURLCarriesIt() throws {
        let session = try HostSession(bundles: [], settings: .init(hostVersion: "test", environment: [:]))
        let other = WidgetServer(session: session, idleTimeout: 10)
        // 256 bits, in hex; a new one each run, and not the page's token.
        #expect(server.accessToken.count == 64)
        #expect(server.accessToken.allSatisfy { $0.isHexDigit })
        #expect(server.accessToken != other.accessToken)
        #expect(server.accessToken != server.token)
        #expect(server.url(address: "127.0.0.1") == "http://127.0.0.1:8080/?token=\(server.accessToken)")
    }

    @Test(arguments: [
        ("GET", "/"), ("GET", "/events"), ("GET", "/api/widgets"), ("HEAD", "/"),
        ("POST", "/widgets/a/controls/1"),
        ("GET", "/nothing"),
    ])
    func withoutTheTokenNothingIsServed(method: String, path: String) {
        let wrong = String(server.accessToken.reversed())
        for (query, headers) in [
            ([:], [:]), (["token": wrong], [:]), ([:], ["cookie": "widgethost-8080=\(wrong)"]),
            // The cookie of another port's server, or the page's own token, is no way in.
            ([:], ["cookie": "widgethost-9090=\(server.accessToken)"]), (["token": server.token], [:]),
            ([:], ["authorization": "Bearer \(wrong)"]), ([:], ["x-widgethost-token": server.token]),
        ] {
            let response = answer(method, path, query: query, headers: headers)
            #expect(response.status == 401, "\(method) \(path) \(query) \(headers)")
            #expect(header("WWW-Authenticate", of: response) == "Bearer realm=\"widgethost\"")
            #expect(!text(response).contains(server.accessToken))
        }
    }

    @Test func thePageSaysHowToGetInAndAScriptGetsTheJSONError() {
        let page = answer("GET", "/")
        #expect(header("Content-Type", of: page) == "text/plain; charset=utf-8")
        #expect(
            text(page) == """
                This is widgethost serve. It lets in only those given its address with its access token.
                Open the URL it printed when it started, http://127.0.0.1:8080/?token=..., as it is.

                """)
        let api = answer("GET", "/api/widgets")
        #expect(header("Content-Type", of: api) == "application/json")
        #expect(
            text(api) == """
                {"error":{"code":"serve.unauthorized","message":"this request needs the access token of the URL \
                widgethost serve printed when it started (http://127.0.0.1:8080/?token=...): the cookie that URL \
                sets, ?token=, or Authorization: Bearer"}}

                """)
    }

    @Test func thePrintedURLSetsTheCookieAndLeavesTheAddressBar() {
        let response = answer("GET", "/", query: ["token": server.accessToken])
        #expect(response.status == 303)
        #expect(header("Location", of: response) == "/")
        #expect(header("Set-Cookie", of: response) == "\(cookie); Path=/; HttpOnly; SameSite=Strict")
        #expect(header("Cache-Control", of: response) == "no-store")
        // With the cookie, a wrong token in the address is dropped from it, and sets nothing.
        let wrong = answer("GET", "/", query: ["token": "0"], headers: ["cookie": cookie])
        #expect(wrong.status == 303)
        #expect(header("Set-Cookie", of: wrong) == nil)
    }

    @Test func theCookieTheQueryOrABearerHeaderGetsIn() {
        #expect(answer("GET", "/", headers: ["cookie": "theme=dark; \(cookie); other=1"]).status == 200)
        #expect(answer("GET", "/api/widgets", query: ["token": server.accessToken]).status == 200)
        #expect(
            answer("GET", "/api/widgets", headers: ["authorization": "Bearer \(server.accessToken)"]).status
                == 200)
        #expect(answer("GET", "/events", headers: ["cookie": cookie]).status == 200)
        // The other checks still hold with the cookie: a POST needs the page's token too.
        let post = answer("POST", "/widgets/a/controls/1", headers: ["cookie": cookie])
        #expect(post.status == 403)
        #expect(text(post).contains("serve.missing-token"))
        #expect(answer("GET", "/", headers: ["cookie": cookie, "host": "evil.example:8080"]).status == 403)
    }

    @Test func eachLoadOfThePageHasANonceOfItsOwn() throws {
        var nonces: [String] = []
        for _ in 0..<2 {
            let page = answer("GET", "/", headers: ["cookie": cookie])
            let policy = try #require(header("Content-Security-Policy", of: page))
            let nonce = try #require(policy.firstMatch(of: /script-src 'nonce-([0-9a-f]+)';/)?.output.1)
            #expect(nonce.count == 64)
            #expect(text(page).contains("<script nonce=\"\(nonce)\">"))
            nonces.append(String(nonce))
        }
        #expect(nonces[0] != nonces[1])
        #expect(!nonces.contains(server.token) && !nonces.contains(server.accessToken))
    }

    @Test(arguments: [
        "127.0.0.1:+8080", "127.0.0.1:08080", "127.0.0.1:8080 ", "127.0.0.1: 8080", "[::1]:+8080",
    ])
    func onlyTheServedPortWrittenAsItIsServesTheHost(host: String) {
        let response = answer("GET", "/", headers: ["cookie": cookie, "host": host])
        #expect(response.status == 403)
        #expect(text(response).contains("serve.forbidden-host"))
    }

    @Test func theServedPortIsServedAsEveryNumericAddressWritesIt() {
        for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST:8080"] {
            #expect(answer("GET", "/", headers: ["cookie": cookie, "host": host]).status == 200, "\(host)")
        }
    }

    @Test func aNULInThePathOrAHeaderIsRefused() {
        for (path, headers) in [
            ("/api/widgets\0.html", ["cookie": cookie]),
            ("/", ["cookie": cookie, "host": "127.0.0.1:8080\0evil"]),
            ("/", ["cookie": cookie + "\0", "origin": "http://127.0.0.1:8080"]),
        ] {
            let response = answer("GET", path, headers: headers)
            #expect(response.status == 400, "\(path.debugDescription) \(headers)")
            #expect(text(response).contains("\"code\":\"serve.bad-request\""))
            #expect(text(response).contains("holds a NUL character"))
        }
    }

    @Test func headOfTheEventsHasTheirHeadersAndNoStream() {
        let head = answer("HEAD", "/events", headers: ["cookie": cookie])
        #expect(head.status == 200)
        #expect(header("Content-Type", of: head) == "text/event-stream; charset=utf-8")
        guard case .bytes(let bytes) = head.body else {
            Issue.record("HEAD /events answered with a stream")
            return
        }
        #expect(bytes.isEmpty)
    }

    @Test(.timeLimit(.minutes(1))) func aTapWaitingForItsIntentWhenTheServerStopsIsAnswered503() async throws
    {
        // The test waits without holding a thread of the cooperative pool (a full run on two cores
        // may have no other to run the tap's intent on).
        let (started, starting) = AsyncStream<Void>.makeStream()
        let (release, gate) = AsyncStream<Void>.makeStream()
        let server = WidgetServer(symbols: [:], idleTimeout: 10) { _, _, _, _ in
            starting.yield()
            // The intent of a plugin that does not answer (until the test ends).
            for await _ in release {}
            return .failure(.unknownIntent("Hung"))
        }
        defer { gate.finish() }
        server.port = 8080
        let instance = WidgetInstance(
            id: "a", kind: "K", family: .systemSmall, configuration: [:], appGroup: "group", file: "w.yaml",
            location: SourceLocation(line: 1, column: 1))
        server.publish(
            .widget(
                .start,
                WidgetResult(
                    instance: instance, family: .systemSmall,
                    outcome: .failure(WidgetFailure(code: .widgetProviderFailed, message: "down")))))
        let request = HTTPRequest(
            method: "POST", path: "/widgets/a/controls/1",
            headers: ["host": "127.0.0.1:8080", "x-widgethost-token": server.token],
            query: ["token": server.accessToken],
            body: [])
        #expect(server.check(request) == nil)
        // The answer comes later: no thread waits for the intent.
        let parked = server.respond(to: request)
        guard case .later(let pending) = parked.body else {
            Issue.record("a tap was answered before its intent ran")
            return
        }
        for await _ in started { break }
        #expect(pending.response == nil)
        server.stop()
        let stopped = await pending.value()
        #expect(stopped.status == 503)
        #expect(
            text(stopped) == """
                {"error":{"code":"serve.stopping","message":"widgethost serve is stopping: the tap of control 1 of \
                widget 'a' was left unanswered (its intent may have run)"}}

                """)
        // A tap once it is stopping is not run.
        let late = server.respond(to: request)
        #expect(late.status == 503)
        #expect(text(late).contains("control 1 of widget 'a' was not tapped"))
    }

    @Test func aLengthWithAChunkedBodyIsRefused() {
        for encoding in ["chunked", "gzip, chunked"] {
            let response = answer(
                "POST", "/widgets/a/controls/1",
                headers: [
                    "cookie": cookie, "x-widgethost-token": server.token, "content-length": "5",
                    "transfer-encoding": encoding,
                ])
            #expect(response.status == 400)
            #expect(
                text(response).contains(
                    "\"serve.bad-request\",\"message\":\"the request sends both Content-Length and Transfer-Encoding"
                ))
        }
    }
}
