import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A request, as ``HTTPServer`` hands it to its handler: the method, the path (decoded, without
/// the query), the query's parameters, the headers the handler asks about, and the body.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The path, percent-decoded, without its query.
    public var path: String
    /// The headers in ``HTTPServer/headerNames``, by lower-case name, when sent.
    public var headers: [String: String]
    /// The query's parameters (`?token=...`), decoded, the first of each name.
    public var query: [String: String] = [:]
    /// The body (empty while only the head has been read).
    public var body: [UInt8]
    /// The headers of ``HTTPServer/singleHeaderNames`` sent more than once (lower case): each takes
    /// one value, and which of two a server or a proxy before it believes is what request
    /// smuggling plays on.
    public var repeatedHeaders: [String] = []
}

/// A response: a status, headers, and bytes or a stream.
public struct HTTPResponse: Sendable {
    /// What follows the head.
    public enum Body: Sendable {
        /// These bytes.
        case bytes([UInt8])
        /// Bytes as a stream produces them, until it ends (Server-Sent Events).
        case stream(any HTTPStream)
        /// The whole response, once it is known (a tap waiting for its intent): the connection
        /// is parked meanwhile, holding no thread.
        case later(HTTPPendingResponse)
    }

    /// The status code.
    public var status: Int
    /// The headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body

    /// A response of `status` with `body`, of `contentType`.
    public init(
        status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.headers = [("Content-Type", contentType), ("Cache-Control", "no-store")] + headers
        self.body = .bytes(body)
    }

    /// A response of `status` with `headers` as they are, and `body`.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    /// A streamed response of `status`.
    public init(status: Int, headers: [(name: String, value: String)], stream: any HTTPStream) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
    }
}

extension HTTPResponse {
    /// The response `pending` gives once it is fulfilled.
    public static func later(_ pending: HTTPPendingResponse) -> HTTPResponse {
        HTTPResponse(status: 0, headers: [], pending: pending)
    }

    private init(status: Int, headers: [(name: String, value: String)], pending: HTTPPendingResponse) {
        self.status = status
        self.headers = headers
        self.body = .later(pending)
    }
}

/// A response that is not known yet: the server parks the connection (no thread waits on it) and
/// sends the response once ``fulfil(_:)`` gives it.
public final class HTTPPendingResponse: Sendable {
    private struct State {
        var response: HTTPResponse?
        var waiter: (@Sendable (HTTPResponse) -> Void)?
    }

    private let state = Mutex(State())

    /// A response to come.
    public init() {}

    /// Gives the response; the first one given is the one sent.
    public func fulfil(_ response: HTTPResponse) {
        let waiter = state.withLock { state -> (@Sendable (HTTPResponse) -> Void)? in
            guard state.response == nil else { return nil }
            state.response = response
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?(response)
    }

    /// The response, once given.
    public var response: HTTPResponse? { state.withLock { $0.response } }

    /// Calls `action` with the response once it is given (at once, on this thread, when it is).
    public func whenReady(_ action: @escaping @Sendable (HTTPResponse) -> Void) {
        let ready = state.withLock { state -> HTTPResponse? in
            if state.response == nil { state.waiter = action }
            return state.response
        }
        if let ready { action(ready) }
    }

    /// The response, waiting without a thread of the cooperative pool.
    public func value() async -> HTTPResponse {
        await withCheckedContinuation { continuation in
            whenReady { continuation.resume(returning: $0) }
        }
    }
}

/// What a stream has for its client when asked.
public enum HTTPStreamStep: Sendable {
    /// These messages, to send in order.
    case data([[UInt8]])
    /// Nothing yet: ask again at this instant, or sooner when the stream says it changed.
    case wait(until: ContinuousClock.Instant)
    /// The stream is over.
    case end
}

/// The bytes of a streamed response (Server-Sent Events). The server asks for them when its client
/// can take more, and never waits in the stream.
public protocol HTTPStream: AnyObject, Sendable {
    /// What the stream has now; it never blocks.
    func next(now: ContinuousClock.Instant) -> HTTPStreamStep
    /// Calls `wake`, from any thread, whenever ``next(now:)`` may have something new.
    func onChange(_ wake: @escaping @Sendable () -> Void)
    /// The connection ended (the client left, or the server stopped).
    func close()
}

/// What an ``HTTPServer`` asks of its application.
public protocol HTTPHandler: Sendable {
    /// The refusal of a request from its head alone (host, path, method, token), or `nil` to read
    /// its body and answer it with ``respond(to:)``.
    func check(_ head: HTTPRequest) -> HTTPResponse?
    /// The answer to a whole request.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// The answer to a body over the limit (413).
    func bodyTooLarge(_ head: HTTPRequest) -> HTTPResponse
    /// The answer to a request still waiting for its response when the server stops (503).
    func stopping(_ head: HTTPRequest) -> HTTPResponse
    /// The answer (400) to a request whose head libmicrohttpd would read otherwise than it was
    /// sent (a NUL byte in it, a `Content-Length` that is not a number): `reason` says what.
    func malformedHead(_ reason: String) -> HTTPResponse
}

/// An embedded HTTP server on libmicrohttpd (a few polling threads for every connection), with the
/// bounds a server on a workstation needs: at most `maxConnections` at once, a connection closed
/// after `idleTimeout` without traffic, and a request's head and body taken in at most
/// `idleTimeout` in all, so a client that sends a byte a second cannot hold a connection
/// (libmicrohttpd's own timeout counts only silence). Each request's head is read whole and
/// checked by the server's ``RequestHeadGate`` before libmicrohttpd reads it, and each connection
/// carries one request.
public final class HTTPServer: Sendable {
    /// How the server listens.
    public struct Options: Sendable {
        /// The address to bind (IPv4 or IPv6, numeric).
        public var bind: String
        /// The port; 0 picks a free one.
        public var port: Int
        /// At most this many connections at once; libmicrohttpd closes one more when it is accepted.
        public var maxConnections: Int
        /// Seconds a connection may be silent, and a request may take to arrive.
        public var idleTimeout: Int
        /// The largest body read, in bytes.
        public var maxBodySize: Int

        /// Options with the defaults of `serve`.
        public init(
            bind: String = "127.0.0.1", port: Int = 8080, maxConnections: Int = 512, idleTimeout: Int = 10,
            maxBodySize: Int = 64 * 1024
        ) {
            self.bind = bind
            self.port = port
            self.maxConnections = maxConnections
            self.idleTimeout = idleTimeout
            self.maxBodySize = maxBodySize
        }

        /// Whether ``bind`` is a loopback address (127.0.0.0/8, ::1, or ::ffff:127.x.x.x), which
        /// only this machine's own users can reach.
        public var isLoopback: Bool {
            var v4 = in_addr()
            if inet_pton(AF_INET, bind, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, bind, &v6) == 1 else { return false }
            let bytes = withUnsafeBytes(of: v6) { Array($0) }
            if bytes == [UInt8](repeating: 0, count: 15) + [1] { return true }
            return bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127
        }
    }

    /// Why the server could not start.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, in words.
        public var description: String
    }

    /// The headers a handler sees (lower case).
    public static let headerNames = singleHeaderNames + ["cookie", "transfer-encoding"]

    /// The headers of ``headerNames`` that take one value.
    public static let singleHeaderNames = [
        "host", "origin", "x-widgethost-token", "x-widgethost-revision", "content-length", "content-type",
        "authorization",
    ]

    /// The port the server listens on (the one picked, for port 0).
    public let port: Int
    /// The address it listens on.
    public let bind: String
    private let core: ServerCore
    private let gate: RequestHeadGate
    /// The running daemon's address (0 when none): a pointer is not Sendable, its address is.
    /// Set last in `init`, after every throw: a `Mutex` given as the property's initial value must
    /// be destroyed on each throwing path of the failable class initializer, and Swift 6.3's
    /// optimizer crashes on that (CopyPropagation, "Found outside of lifetime use") in a release
    /// build with cross-module optimization.
    private let daemon: Mutex<Int>

    /// Binds and listens on `options`' address (nothing is answered before ``start()``).
    /// - Throws: ``StartError`` when the address is not numeric, or the port is taken.
    public init(options: Options, handler: some HTTPHandler) throws(StartError) {
        let isIPv6 = options.bind.contains(":")
        let socket = Glibc.socket(
            isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw StartError(description: "cannot make a socket: \(Self.errorText())") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard (0...65535).contains(options.port) else {
            Glibc.close(socket)
            throw StartError(description: "the port \(options.port) is not from 0 to 65535")
        }
        let port = UInt16(options.port)
        // nil: the address is not numeric, so nothing was bound.
        let bound: Int32?
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            bound =
                inet_pton(AF_INET6, options.bind, &address.sin6_addr) == 1
                ? Self.bind(socket, to: address) : nil
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            bound =
                inet_pton(AF_INET, options.bind, &address.sin_addr) == 1
                ? Self.bind(socket, to: address) : nil
        }
        guard let bound else {
            Glibc.close(socket)
            throw StartError(description: "'\(options.bind)' is not a numeric IPv4 or IPv6 address")
        }
        guard bound == 0, listen(socket, 1024) == 0 else {
            let reason = Self.errorText()
            Glibc.close(socket)
            throw StartError(description: "cannot listen on \(options.bind) port \(options.port): \(reason)")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        let picked = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if isIPv6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        self.port = Int(UInt16(bigEndian: picked))
        self.bind = options.bind
        self.core = ServerCore(handler: handler, options: options)
        self.gate = RequestHeadGate(listener: socket, core: core)
        self.daemon = Mutex(0)
    }

    /// Starts answering: the gate's thread accepts and checks each request's head, libmicrohttpd's
    /// threads answer.
    /// - Throws: ``StartError`` when libmicrohttpd cannot start.
    public func start() throws(StartError) {
        let context = Unmanaged.passUnretained(core).toOpaque()
        // A few polling threads for every connection; a stream with nothing to send, or a tap
        // waiting for its intent, is parked (suspended) and holds none.
        let flags =
            UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_POLL.rawValue)
            | UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue)
        let started = widgethost_mhd_start(
            flags, accessHandler, context, notifyConnection, requestCompleted, context,
            UInt32(core.options.maxConnections), UInt32(core.options.idleTimeout), RequestHead.limit,
            512 * 1024, UInt32(HTTPServer.pollingThreads))
        guard let started else {
            throw StartError(description: "libmicrohttpd could not start on port \(port)")
        }
        let address = Int(bitPattern: started)
        daemon.withLock { $0 = address }
        core.startWatchdog()
        gate.start(daemon: address)
    }

    /// The threads that serve every connection: enough that a page being written does not hold
    /// up the others, whatever the number of clients.
    static let pollingThreads = 4

    /// Stops: every stream is ended, every connection closed, the socket closed.
    public func stop() {
        // No connection is handed over from here on; the listening socket is closed.
        gate.stop()
        // libmicrohttpd must not stop with a connection parked: each is woken to end.
        core.unparkAll()
        core.stopWatchdog()
        let address = daemon.withLock { value -> Int in
            defer { value = 0 }
            return value
        }
        guard let running = OpaquePointer(bitPattern: address) else { return }
        MHD_stop_daemon(running)
    }

    /// Binds `socket` to `address`, a `sockaddr_in` or `sockaddr_in6`.
    private static func bind<Address>(_ socket: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(socket, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// What libmicrohttpd's callbacks reach through their context pointer: the handler, and the
/// connections whose request is still arriving (the watchdog ends those past their deadline).
final class ServerCore: Sendable {
    let handler: any HTTPHandler
    let options: HTTPServer.Options
    /// Per connection (by its address): its socket and when its request must have arrived.
    private let arriving = Mutex<[UInt: (descriptor: Int32, deadline: ContinuousClock.Instant?)]>([:])
    private let watching = Mutex(false)
    private let watchdogDone = Mutex(true)
    /// The streams and the answers to come whose connection may be parked, by identity.
    private let parkable = Mutex<[ObjectIdentifier: any Parkable]>([:])

    /// Keeps `item` until it is done, so that a stop can wake it.
    func track(_ item: any Parkable) {
        parkable.withLock { $0[ObjectIdentifier(item)] = item }
    }

    /// Forgets `item`.
    func forget(_ item: any Parkable) {
        _ = parkable.withLock { $0.removeValue(forKey: ObjectIdentifier(item)) }
    }

    /// Wakes every parked connection to end: a stream sends its end, an answer to come is the
    /// handler's refusal of a server stopping.
    func unparkAll() {
        let items = parkable.withLock { items in
            defer { items = [:] }
            return Array(items.values)
        }
        for item in items { item.endForStop(handler: handler) }
    }

    init(handler: any HTTPHandler, options: HTTPServer.Options) {
        self.handler = handler
        self.options = options
    }

    private var bound: Duration { .seconds(options.idleTimeout) }

    /// The deadlines of the connections the gate hands over, by socket: the request's head was
    /// read within its bound, and its body must arrive by the same deadline.
    private let handedOver = Mutex<[Int32: ContinuousClock.Instant]>([:])

    /// The connection on `descriptor`, about to be handed to libmicrohttpd, must have sent its whole
    /// request by `deadline`.
    func expect(_ descriptor: Int32, by deadline: ContinuousClock.Instant) {
        handedOver.withLock { $0[descriptor] = deadline }
    }

    func connectionStarted(_ connection: OpaquePointer) {
        let descriptor = widgethost_mhd_connection_fd(connection)
        let deadline =
            handedOver.withLock { $0.removeValue(forKey: descriptor) } ?? ContinuousClock.now + bound
        arriving.withLock {
            $0[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))] = (descriptor, deadline)
        }
    }

    /// The connections libmicrohttpd serves now.
    var servedConnections: Int { arriving.withLock { $0.count } }

    func connectionClosed(_ connection: OpaquePointer) {
        _ = arriving.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// The request arrived whole: no deadline while it is answered (a stream may last).
    func requestArrived(_ connection: OpaquePointer) {
        arriving.withLock { $0[Self.key(connection)]?.deadline = nil }
    }

    /// The answer is sent: the next request on the connection has its own deadline.
    func requestAnswered(_ connection: OpaquePointer) {
        let deadline = ContinuousClock.now + bound
        arriving.withLock { $0[Self.key(connection)]?.deadline = deadline }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    func startWatchdog() {
        watching.withLock { $0 = true }
        watchdogDone.withLock { $0 = false }
        let thread = Thread { [self] in
            while watching.withLock({ $0 }) {
                let now = ContinuousClock.now
                arriving.withLock { connections in
                    for (key, connection) in connections {
                        guard let deadline = connection.deadline, deadline < now else { continue }
                        // Ends the connection as if the client had left: libmicrohttpd reads the
                        // end, closes the socket and reports it closed (which drops it from here).
                        shutdown(connection.descriptor, Int32(SHUT_RDWR))
                        connections[key]?.deadline = nil
                    }
                }
                usleep(100_000)
            }
            watchdogDone.withLock { $0 = true }
        }
        thread.start()
    }

    func stopWatchdog() {
        watching.withLock { $0 = false }
        while !watchdogDone.withLock({ $0 }) { usleep(10_000) }
    }
}

/// A request's state across libmicrohttpd's calls of the access handler.
private final class RequestContext {
    var request: HTTPRequest
    var tooLarge = false

    init(_ request: HTTPRequest) {
        self.request = request
    }
}

/// A libmicrohttpd connection's address, carried across threads: libmicrohttpd lets another thread
/// resume a connection it suspended, and queue a response for it while it is suspended.
struct ConnectionAddress: Sendable {
    private let bits: Int

    init(_ connection: OpaquePointer) {
        bits = Int(bitPattern: UnsafeRawPointer(connection))
    }

    var pointer: OpaquePointer {
        // A suspended connection lives until it is resumed: the address is one libmicrohttpd gave.
        OpaquePointer(bitPattern: bits).unsafelyUnwrapped
    }
}

/// What a stop wakes: a parked stream or an answer to come.
protocol Parkable: AnyObject, Sendable {
    /// Ends it because the server stops, waking its connection if it is parked.
    func endForStop(handler: any HTTPHandler)
}

/// A stream's box for libmicrohttpd's reader callback: it hands over what the stream has and,
/// when it has nothing, parks (suspends) the connection until the stream changes or its next
/// keep-alive is due, so no thread waits for a quiet client. Released by its free callback.
final class StreamBox: Parkable {
    private struct State {
        var pending: [UInt8] = []
        var offset = 0
        /// The stream changed since the reader last asked it.
        var changed = false
        /// The connection is suspended, to be resumed by the next change or due time.
        var parked = false
        /// The server stops: the reader ends the stream.
        var ending = false
        /// libmicrohttpd released the response: the connection is gone.
        var released = false
    }

    let stream: any HTTPStream
    private let connection: ConnectionAddress
    private let state = Mutex(State())

    init(_ stream: any HTTPStream, connection: OpaquePointer) {
        self.stream = stream
        self.connection = ConnectionAddress(connection)
        stream.onChange { [weak self] in self?.wake() }
    }

    /// What the reader callback gives libmicrohttpd.
    enum Read {
        /// These bytes.
        case bytes([UInt8])
        /// Nothing now: the connection is parked.
        case parked
        /// The stream is over.
        case end
    }

    /// At most `max` bytes of the stream; parks the connection when it has none.
    func read(max: Int) -> Read {
        while true {
            let taken = state.withLock { state -> [UInt8]? in
                guard state.offset < state.pending.count else { return nil }
                let end = min(state.pending.count, state.offset + max)
                defer { state.offset = end }
                return Array(state.pending[state.offset..<end])
            }
            if let taken { return .bytes(taken) }
            if state.withLock({ state -> Bool in
                state.changed = false
                return state.ending
            }) {
                return .end
            }
            switch stream.next(now: .now) {
            case .data(let messages):
                state.withLock { state in
                    state.pending = messages.flatMap { $0 }
                    state.offset = 0
                }
            case .end:
                return .end
            case .wait(let until):
                // Parked under the lock, so that a change cannot slip in between the stream's
                // answer and the suspension: a change seen meanwhile asks the stream again.
                let parked = state.withLock { state -> Bool in
                    guard !state.changed, !state.ending else { return false }
                    state.parked = true
                    MHD_suspend_connection(connection.pointer)
                    return true
                }
                guard parked else { continue }
                let delay = Swift.max(0, Double((until - .now) / .milliseconds(1)) / 1000)
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.wake() }
                return .parked
            }
        }
    }

    /// The stream may have something new: a parked connection is resumed to ask it.
    func wake() {
        let resume = state.withLock { state -> Bool in
            state.changed = true
            guard state.parked, !state.released else { return false }
            state.parked = false
            return true
        }
        if resume { MHD_resume_connection(connection.pointer) }
    }

    func endForStop(handler: any HTTPHandler) {
        state.withLock { $0.ending = true }
        wake()
    }

    /// libmicrohttpd is done with the response.
    func release() {
        state.withLock { $0.released = true }
        stream.close()
    }
}

/// An answer to come for a parked connection: sent, and the connection resumed, once given.
final class PendingAnswer: Parkable {
    let pending: HTTPPendingResponse
    let head: HTTPRequest

    init(_ pending: HTTPPendingResponse, head: HTTPRequest) {
        self.pending = pending
        self.head = head
    }

    func endForStop(handler: any HTTPHandler) {
        pending.fulfil(handler.stopping(head))
    }
}

// libmicrohttpd's closed enums, by value (0.9.75's header: MHD_NO 0, MHD_YES 1, MHD_HEADER_KIND 1,
// MHD_GET_ARGUMENT_KIND 8, MHD_RESPMEM_MUST_COPY 2); Swift names their cases differently from one
// version to the next.
private let mhdNo = MHD_Result(rawValue: 0)!
private let mhdYes = MHD_Result(rawValue: 1)!
private let headerKind = MHD_ValueKind(rawValue: 1)!
private let argumentKind = MHD_ValueKind(rawValue: 8)!
private let mustCopy = MHD_ResponseMemoryMode(rawValue: 2)!

/// What libmicrohttpd's reader callbacks reach: the stream's box and the server it belongs to.
private final class StreamContext {
    let box: StreamBox
    let core: ServerCore

    init(box: StreamBox, core: ServerCore) {
        self.box = box
        self.core = core
    }
}

private func queue(
    _ response: HTTPResponse, on connection: OpaquePointer, core: ServerCore, head: HTTPRequest? = nil
) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
        made = bytes.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), mustCopy)
        }
    case .stream(let stream):
        let box = StreamBox(stream, connection: connection)
        core.track(box)
        let context = Unmanaged.passRetained(StreamContext(box: box, core: core)).toOpaque()
        made = MHD_create_response_from_callback(UInt64.max, 32 * 1024, readStream, context, freeStream)
    case .later(let pending):
        if let ready = pending.response { return queue(ready, on: connection, core: core) }
        // Parked until the answer is given; queued then (libmicrohttpd takes a response for a
        // suspended connection at any moment) and the connection resumed to send it.
        let answer = PendingAnswer(
            pending, head: head ?? HTTPRequest(method: "", path: "", headers: [:], body: []))
        core.track(answer)
        MHD_suspend_connection(connection)
        let address = ConnectionAddress(connection)
        pending.whenReady { [core] response in
            core.forget(answer)
            _ = queue(response, on: address.pointer, core: core)
            MHD_resume_connection(address.pointer)
        }
        return mhdYes
    }
    guard let made else { return mhdNo }
    for header in response.headers { MHD_add_response_header(made, header.name, header.value) }
    // One request a connection: the gate checked this one's head, and would not see the next.
    MHD_add_response_header(made, "Connection", "close")
    let result = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return result
}

private let readStream: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return -2 }
    let box = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue().box
    switch box.read(max: max) {
    case .end: return -1
    case .parked: return 0
    case .bytes(let bytes):
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress {
                buffer.update(from: base.assumingMemoryBound(to: CChar.self), count: bytes.count)
            }
        }
        return bytes.count
    }
}

private let freeStream: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
    stream.core.forget(stream.box)
    stream.box.release()
}

private let notifyConnection: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    if code.rawValue == 0 {
        core.connectionStarted(connection)
    } else {
        core.connectionClosed(connection)
    }
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
    if let requestContext, let stored = requestContext.pointee {
        Unmanaged<RequestContext>.fromOpaque(stored).release()
        requestContext.pointee = nil
    }
    guard let context, let connection else { return }
    Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().requestAnswered(connection)
}

/// Counts the request's headers of ``HTTPServer/singleHeaderNames`` into the `[String: Int]` its
/// context points at.
private let countHeader: MHD_KeyValueIterator = { context, _, key, _ in
    guard let context, let key else { return mhdYes }
    let name = String(cString: key).lowercased()
    if HTTPServer.singleHeaderNames.contains(name) {
        context.assumingMemoryBound(to: [String: Int].self).pointee[name, default: 0] += 1
    }
    return mhdYes
}

/// Keeps the first value of each query parameter in the `[String: String]` its context points at.
private let collectArgument: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return mhdYes }
    let name = String(cString: key)
    let parameters = context.assumingMemoryBound(to: [String: String].self)
    if parameters.pointee[name] == nil { parameters.pointee[name] = value.map { String(cString: $0) } ?? "" }
    return mhdYes
}

private let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let context, let connection, let url, let method, let uploadDataSize, let requestContext else {
        return mhdNo
    }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    guard let stored = requestContext.pointee else {
        var headers: [String: String] = [:]
        for name in HTTPServer.headerNames {
            if let value = MHD_lookup_connection_value(connection, headerKind, name) {
                headers[name] = String(cString: value)
            }
        }
        var counts: [String: Int] = [:]
        _ = withUnsafeMutablePointer(to: &counts) {
            MHD_get_connection_values(connection, headerKind, countHeader, $0)
        }
        var query: [String: String] = [:]
        _ = withUnsafeMutablePointer(to: &query) {
            MHD_get_connection_values(connection, argumentKind, collectArgument, $0)
        }
        let head = HTTPRequest(
            method: String(cString: method), path: String(cString: url), headers: headers, query: query,
            body: [], repeatedHeaders: HTTPServer.singleHeaderNames.filter { (counts[$0] ?? 0) > 1 })
        requestContext.pointee = Unmanaged.passRetained(RequestContext(head)).toOpaque()
        if let refusal = core.handler.check(head) {
            core.requestArrived(connection)
            return queue(refusal, on: connection, core: core)
        }
        if let length = headers["content-length"].flatMap({ Int($0) }), length > core.options.maxBodySize {
            core.requestArrived(connection)
            return queue(core.handler.bodyTooLarge(head), on: connection, core: core)
        }
        return mhdYes
    }
    let request = Unmanaged<RequestContext>.fromOpaque(stored).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        let size = uploadDataSize.pointee
        if request.request.body.count + size > core.options.maxBodySize {
            request.tooLarge = true
        } else if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                request.request.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
            }
        }
        uploadDataSize.pointee = 0
        return mhdYes
    }
    core.requestArrived(connection)
    if request.tooLarge {
        return queue(core.handler.bodyTooLarge(request.request), on: connection, core: core)
    }
    return queue(core.handler.respond(to: request.request), on: connection, core: core, head: request.request)
}
