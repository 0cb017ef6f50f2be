import Diagnostics
import Foundation
public import LiveHost
import Rendering
import Synchronization
import WidgetEngine
public import WidgetHost
import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#endif

/// `widgethost serve` (docs/guide.md, "Seeing widgets"): the HTML page of the widgets, live. It is fed
/// by the live host behind `watch` (``LiveHost``; its events go to ``publish(_:)``) and answers:
/// - `GET /`: the page, its cards as the latest events drew them, with the page's script and this
///   run's page token; `GET /?token=SECRET` sets the access cookie and sends the browser to `/`;
/// - `GET /events`: Server-Sent Events, the `watch` NDJSON events as `data:` lines, each widget
///   event followed by an `event: card` message with the widget's card (`{"id", "html"}`);
/// - `GET /api/widgets`: the `run --format json` document of what the widgets show now;
/// - `POST /widgets/ID/controls/N`: taps control N of widget ID, answering as `tap --format json`.
///
/// Every request must carry the access secret of the URL printed at start (``accessToken``): in
/// the cookie `GET /?token=` sets, as `?token=`, or as `Authorization: Bearer`; any local user can
/// connect to 127.0.0.1, but only one given the URL gets in (401 otherwise). It refuses, before
/// reading a body: a Host header that is not an address it serves (403: DNS rebinding), a POST
/// without the page token in `X-Widgethost-Token` or from another Origin (403), a body over the
/// limit (413), an unknown path (404), a method the path does not take (405).
public final class WidgetServer: HTTPHandler {
    /// Taps a control as ``HostSession/tap(_:control:date:shown:)`` does.
    typealias Tapping =
        @Sendable (WidgetInstance, Int, Date, ViewRevision?) async -> Result<
            HostSession.Tap, HostSession.TapFailure
        >

    private let tapping: Tapping
    private let clock: any LiveClock
    private let hub: ServeHub
    private let renderer: HTMLPageRenderer
    /// The secret of the URL printed at start (256 bits from the system's secure generator): the
    /// only way in.
    public let accessToken: String
    /// This run's page token: the page sends it with every POST (which another site's page,
    /// unable to read the page, cannot).
    let token: String
    /// The port served (set once the socket is bound, before anything is answered).
    private let served: ServedAddress
    /// Whether the server is stopping, and the taps waiting for their intent meanwhile.
    private let taps = Mutex(Taps())

    private struct Taps {
        var stopping = false
        /// Each tap waiting for its intent: its answer to come, its widget and control.
        var waiting: [ObjectIdentifier: (pending: HTTPPendingResponse, id: String, number: Int)] = [:]
    }

    /// Where the server listens, for the Host check.
    final class ServedAddress: Sendable {
        private let value = Mutex(0)
        var port: Int {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }

    /// A server of `session`'s widgets; `idleTimeout` paces the streams' keep-alive comments; a
    /// tap runs at `clock`'s now (the live host's).
    public convenience init(session: HostSession, idleTimeout: Int, clock: any LiveClock = SystemClock()) {
        self.init(symbols: session.symbolFallbacks, idleTimeout: idleTimeout, clock: clock) {
            instance, number, date, shown in
            await session.tap(instance, control: number, date: date, shown: shown)
        }
    }

    /// A server drawing unknown symbols with `symbols`, whose controls `tapping` taps.
    init(
        symbols: [String: String], idleTimeout: Int, clock: any LiveClock = SystemClock(),
        tapping: @escaping Tapping
    ) {
        self.tapping = tapping
        self.clock = clock
        self.renderer = HTMLPageRenderer(symbols: symbols)
        self.hub = ServeHub(renderer: renderer, keepAlive: .seconds(min(15, max(1, idleTimeout / 2))))
        self.accessToken = Self.randomHex()
        self.token = Self.randomHex()
        self.served = ServedAddress()
    }

    /// 256 random bits in hex, from the system's cryptographically secure generator (getrandom(2)
    /// on Linux).
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The URL to give the user, `address` (as a URL writes it: an IPv6 address in brackets) with
    /// the served port and the access token.
    public func url(address: String) -> String {
        "http://\(address):\(port)/?token=\(accessToken)"
    }

    /// The cookie that carries the access token: one name per port, since a browser keeps one jar
    /// for every port of a host.
    var cookieName: String { "widgethost-\(port)" }

    /// The port the Host header must name.
    public var port: Int {
        get { served.port }
        set { served.port = newValue }
    }

    /// Takes in an event of the live host.
    public func publish(_ event: WatchEvent) {
        hub.publish(event)
    }

    /// Stops answering as the server stops: ends every open event stream, and answers 503 to every
    /// tap, those waiting for their intent included (they would otherwise hold the server's end
    /// until the intent's timeout, and then say the intent timed out).
    public func stop() {
        let waiting = taps.withLock { taps in
            taps.stopping = true
            return Array(taps.waiting.values)
        }
        for tap in waiting { tap.pending.fulfil(Self.unanswered(id: tap.id, number: tap.number)) }
        hub.close()
    }

    // MARK: - Refusals

    public func check(_ head: HTTPRequest) -> HTTPResponse? {
        // A NUL ends a text where C reads it and not where Swift does: which of the two a check
        // sees is what an attack plays on.
        if head.path.contains("\0") || head.headers.values.contains(where: { $0.contains("\0") }) {
            return Self.failure(400, .serveBadRequest, "the request's path or a header holds a NUL character")
        }
        if head.headers["content-length"] != nil, head.headers["transfer-encoding"] != nil {
            // RFC 9112, 6.3: a server may refuse it, and should, since a proxy before it may frame
            // the body by the other header (request smuggling).
            return Self.failure(
                400, .serveBadRequest,
                "the request sends both Content-Length and Transfer-Encoding; it must frame its body by one")
        }
        if let repeated = head.repeatedHeaders.first {
            return Self.failure(
                400, .serveBadRequest,
                "the request sends the \(Self.headerTitle(repeated)) header more than once; it takes one value"
            )
        }
        guard let host = head.headers["host"], isServed(host: host) else {
            return Self.failure(
                403, .serveForbiddenHost,
                "the Host header '\(head.headers["host"] ?? "")' is not an address this server serves "
                    + "(a numeric address or localhost, with port \(port))")
        }
        guard isAuthorized(head) else { return unauthorized(head, host: host) }
        let allowed: [String]
        switch route(head.path) {
        case .none:
            return Self.failure(404, .serveNotFound, "there is nothing at '\(head.path)'")
        case .page, .events, .widgets: allowed = ["GET", "HEAD"]
        case .control: allowed = ["POST"]
        }
        guard allowed.contains(head.method) else {
            var response = Self.failure(
                405, .serveMethodNotAllowed,
                "'\(head.path)' takes \(allowed.joined(separator: " or ")), not \(head.method)")
            response.headers.append(("Allow", allowed.joined(separator: ", ")))
            return response
        }
        if head.method == "POST" {
            if let origin = head.headers["origin"], origin != "http://" + host {
                return Self.failure(
                    403, .serveForbiddenOrigin,
                    "a POST from the origin '\(origin)' is refused: the page is http://\(host)")
            }
            guard head.headers["x-widgethost-token"] == token else {
                return Self.failure(
                    403, .serveMissingToken,
                    "a POST needs this run's token in the X-Widgethost-Token header, as the page sends it")
            }
        }
        return nil
    }

    /// Whether `head` carries the access token: in its cookie, as `?token=`, or as
    /// `Authorization: Bearer`.
    func isAuthorized(_ head: HTTPRequest) -> Bool {
        var offered: [Substring] = []
        if let token = head.query["token"] { offered.append(Substring(token)) }
        if let authorization = head.headers["authorization"], authorization.lowercased().hasPrefix("bearer ")
        {
            offered.append(authorization.dropFirst("bearer ".count).drop { $0 == " " })
        }
        for cookie in (head.headers["cookie"] ?? "").split(separator: ";") {
            let pair = cookie.drop { $0 == " " }.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == cookieName { offered.append(pair[1]) }
        }
        return offered.contains { Self.isSame($0, accessToken) }
    }

    /// Compares in a time that does not depend on where the texts differ.
    static func isSame(_ offered: Substring, _ secret: String) -> Bool {
        let offered = Array(offered.utf8)
        let secret = Array(secret.utf8)
        guard offered.count == secret.count else { return false }
        var difference: UInt8 = 0
        for index in secret.indices { difference |= offered[index] ^ secret[index] }
        return difference == 0
    }

    /// 401, saying how to get in: a short plain page for the page's address (a person opened it),
    /// the JSON error elsewhere (a script asked).
    private func unauthorized(_ head: HTTPRequest, host: String) -> HTTPResponse {
        var response: HTTPResponse
        if head.path == "/" {
            let text = """
                This is widgethost serve. It lets in only those given its address with its access token.
                Open the URL it printed when it started, http://\(host)/?token=..., as it is.

                """
            response = HTTPResponse(
                status: 401, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
        } else {
            response = Self.failure(
                401, .serveUnauthorized,
                "this request needs the access token of the URL widgethost serve printed when it started "
                    + "(http://\(host)/?token=...): the cookie that URL sets, ?token=, or Authorization: Bearer"
            )
        }
        response.headers.append(("WWW-Authenticate", "Bearer realm=\"widgethost\""))
        return response
    }

    public func malformedHead(_ reason: String) -> HTTPResponse {
        Self.failure(400, .serveBadRequest, reason)
    }

    public func bodyTooLarge(_ head: HTTPRequest) -> HTTPResponse {
        Self.failure(413, .serveBodyTooLarge, "the body is over \(64 * 1024) bytes")
    }

    /// A header's name as HTTP writes it (`content-length` is `Content-Length`).
    static func headerTitle(_ name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
    }

    /// Whether `host` (a Host header) names this server: a numeric address or `localhost`, with
    /// its port. A DNS name is refused whatever it resolves to, which is what a rebinding attack
    /// needs.
    func isServed(host: String) -> Bool {
        var name = Substring(host)
        var portText: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            name = name[name.index(after: name.startIndex)..<close]
            if rest.hasPrefix(":") { portText = rest.dropFirst() } else if !rest.isEmpty { return false }
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(name), &address) == 1 else { return false }
        } else {
            if let colon = name.lastIndex(of: ":") {
                portText = name[name.index(after: colon)...]
                name = name[..<colon]
            }
            var address = in_addr()
            guard name.lowercased() == "localhost" || inet_pton(AF_INET, String(name), &address) == 1 else {
                return false
            }
        }
        guard let portText else { return port == 80 }
        // The port as the server writes it: `+8080` or `08080` name no port of its.
        return portText == String(port)
    }

    // MARK: - Answers

    private enum Route {
        case page, events, widgets
        case control(id: String, number: Substring)
    }

    private func route(_ path: String) -> Route? {
        switch path {
        case "/": return .page
        case "/events": return .events
        case "/api/widgets": return .widgets
        default:
            guard path.hasPrefix("/widgets/"), let marker = path.range(of: "/controls/", options: .backwards)
            else {
                return nil
            }
            let id = path[path.index(path.startIndex, offsetBy: 9)..<marker.lowerBound]
            let number = path[marker.upperBound...]
            guard !id.isEmpty, !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber)
            else {
                return nil
            }
            return .control(id: String(id), number: number)
        }
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch route(request.path) {
        case .page:
            if let offered = request.query["token"] {
                // The URL given at start: the token goes into a cookie the browser keeps for this
                // address only (HttpOnly: no script reads it; SameSite=Strict: no other site's
                // request carries it), and out of the address bar.
                var headers: [(name: String, value: String)] = [
                    ("Location", "/"), ("Referrer-Policy", "no-referrer"),
                ]
                if Self.isSame(Substring(offered), accessToken) {
                    headers.append(
                        ("Set-Cookie", "\(cookieName)=\(accessToken); Path=/; HttpOnly; SameSite=Strict"))
                }
                return HTTPResponse(
                    status: 303, contentType: "text/plain; charset=utf-8", body: Array("See /\n".utf8),
                    headers: headers)
            }
            var cards = ""
            for result in hub.results { cards += renderer.card(result, live: true) }
            // A nonce of its own for each load: one a page once showed (or a cache kept) lets
            // no script run in another.
            let nonce = Self.randomHex()
            let page = renderer.page(cards: cards, live: (token, nonce))
            return HTTPResponse(
                status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8),
                headers: [
                    (
                        "Content-Security-Policy",
                        "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-\(nonce)'; "
                            + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
                            + "frame-ancestors 'none'"
                    ),
                    // No page of another site may frame it and have its buttons clicked unseen.
                    ("X-Frame-Options", "DENY"),
                    ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                ])
        case .events:
            let headers: [(name: String, value: String)] = [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                ("X-Accel-Buffering", "no"),
            ]
            // HEAD: the headers a GET would have, and no stream.
            guard request.method == "GET" else {
                return HTTPResponse(status: 200, headers: headers, body: [])
            }
            return HTTPResponse(status: 200, headers: headers, stream: hub.subscribe())
        case .widgets:
            let document = RunJSON.document(hub.results, includeTimeline: false).description + "\n"
            return HTTPResponse(status: 200, contentType: "application/json", body: Array(document.utf8))
        case .control(let id, let number):
            guard let number = Int(number) else {
                return Self.failure(
                    404, .serveNotFound,
                    "widget '\(id)' has no control \(number): the number is past any count of controls")
            }
            var shown: ViewRevision?
            if let text = request.headers["x-widgethost-revision"] {
                guard let revision = ViewRevision(text) else {
                    return Self.failure(
                        400, .serveBadRequest,
                        "X-Widgethost-Revision must be the 16 hexadecimal digits of the card's data-revision")
                }
                shown = revision
            }
            return tap(id: id, number: number, shown: shown)
        case .none:
            return Self.failure(404, .serveNotFound, "there is nothing at '\(request.path)'")
        }
    }

    /// Taps control `number` of widget `id` as `tap` does; `shown` is the view the page showed.
    /// The answer comes once the intent has run: the connection is parked meanwhile, holding no
    /// thread, and a stop answers it at once.
    private func tap(id: String, number: Int, shown: ViewRevision?) -> HTTPResponse {
        guard let instance = hub.result(of: id)?.instance else {
            return Self.failure(404, .serveNotFound, "there is no widget '\(id)'")
        }
        let pending = HTTPPendingResponse()
        let key = ObjectIdentifier(pending)
        let stopping = taps.withLock { taps in
            if !taps.stopping { taps.waiting[key] = (pending, id, number) }
            return taps.stopping
        }
        guard !stopping else {
            return Self.failure(
                503, .serveStopping,
                "widgethost serve is stopping: control \(number) of widget '\(id)' was not tapped")
        }
        let tapping = self.tapping
        let now = Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down))
        Task { [self] in
            let outcome = await tapping(instance, number, now, shown)
            _ = taps.withLock { $0.waiting.removeValue(forKey: key) }
            pending.fulfil(Self.response(to: outcome, id: id, number: number))
        }
        return .later(pending)
    }

    /// The answer to a tap left waiting for its intent when the server stops.
    static func unanswered(id: String, number: Int) -> HTTPResponse {
        failure(
            503, .serveStopping,
            "widgethost serve is stopping: the tap of control \(number) of widget '\(id)' was left "
                + "unanswered (its intent may have run)")
    }

    public func stopping(_ head: HTTPRequest) -> HTTPResponse {
        Self.failure(503, .serveStopping, "widgethost serve is stopping: '\(head.path)' was left unanswered")
    }

    private static func response(
        to outcome: Result<HostSession.Tap, HostSession.TapFailure>, id: String, number: Int
    )
        -> HTTPResponse
    {
        let place: [JSONValue.Member] = [.init("widget", .string(id)), .init("control", .int(number))]
        switch outcome {
        case .success(.performed(.success(let result))):
            guard case .object(let members) = result.json else { return json(200, .object(place)) }
            return json(200, .object(place + members))
        case .success(.performed(.failure(let failure))):
            return self.failure(
                failure.code.isInvalidInput ? 422 : 500, failure.code, failure.message, reason: failure.reason
            )
        case .success(.opened(let url, let destination)):
            var members = place + [.init("url", .string(url))]
            if let destination {
                members += [
                    .init("tab", .string(destination.name)), .init("tabIndex", .int(destination.index)),
                ]
            }
            return json(200, .object(members))
        case .failure(let failure):
            let message = failure.message(control: number, of: id)
            if case .noSuchControl = failure { return self.failure(404, .serveNotFound, message) }
            if case .staleView = failure { return self.failure(409, failure.code, message) }
            if case .disabledControl = failure { return self.failure(409, failure.code, message) }
            return self.failure(500, failure.code, message, reason: failure.reason)
        }
    }

    private static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(
            status: status, contentType: "application/json", body: Array((value.description + "\n").utf8))
    }

    /// `{"error": {"code", "message", "reason"?}}` with `status`.
    static func failure(_ status: Int, _ code: FailureCode, _ message: String, reason: String? = nil)
        -> HTTPResponse
    {
        json(status, .object([.init("error", code.json(message: message, reason: reason))]))
    }
}
