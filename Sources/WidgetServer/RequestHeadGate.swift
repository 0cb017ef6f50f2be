import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a request's head, read whole before libmicrohttpd sees it, is found to be.
enum HeadVerdict: Equatable, Sendable {
    /// The head has not arrived whole yet.
    case incomplete
    /// The head is whole (or past what libmicrohttpd takes, which it refuses itself): hand the
    /// connection over.
    case admit
    /// The head holds what libmicrohttpd 0.9.75 would misread: a NUL byte (it ends a header's value
    /// there, so a check would read less than was sent), or a `Content-Length` that is not a
    /// number of bytes (its own refusal then sends the status line and headers twice).
    case malformed(String)
    /// The head announces a body over the limit by a `Content-Length` too large for libmicrohttpd.
    case bodyTooLarge
}

/// The check of a request's head as it stands in the socket, before libmicrohttpd reads it.
enum RequestHead {
    /// The most of a head looked at: libmicrohttpd's memory for a connection (the head and the
    /// response's buffers), so a head not ended within it is one libmicrohttpd refuses (431).
    static let limit = 32 * 1024

    /// The verdict on `bytes`, the start of what the client sent, with bodies of at most
    /// `maxBodySize` bytes taken.
    static func verdict(_ bytes: UnsafeRawBufferPointer, maxBodySize: Int) -> HeadVerdict {
        guard let end = headEnd(bytes) else { return bytes.count >= limit ? .admit : .incomplete }
        let head = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        if head.contains(0) { return .malformed("the request's head holds a NUL character") }
        var lineStart = 0
        var first = true
        while lineStart < head.count {
            var lineEnd = lineStart
            while lineEnd < head.count, head[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            // The request line is no header.
            guard !first else {
                first = false
                continue
            }
            let line = UnsafeRawBufferPointer(rebasing: head[lineStart..<lineEnd])
            guard let value = contentLength(line) else { continue }
            guard !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else {
                let shown = String(decoding: value.prefix(40), as: UTF8.self).unicodeScalars
                    .map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
                return .malformed("the Content-Length '\(shown)' is not a number of bytes")
            }
            let digits = value.drop { $0 == UInt8(ascii: "0") }
            if digits.count > 18 || (Int(String(decoding: digits, as: UTF8.self)) ?? 0) > maxBodySize {
                return .bodyTooLarge
            }
        }
        return .admit
    }

    /// Where the head ends (the index past its empty line), or `nil` while it has not: lines end
    /// with CR LF, or with LF alone as libmicrohttpd also reads them.
    static func headEnd(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let newline = UInt8(ascii: "\n")
        var index = 0
        while index < bytes.count {
            if bytes[index] == newline {
                if index + 1 < bytes.count, bytes[index + 1] == newline { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"),
                    bytes[index + 2] == newline
                {
                    return index + 3
                }
            }
            index += 1
        }
        return nil
    }

    /// The value of `line` when it is a `Content-Length` header, without the white space around it.
    private static func contentLength(_ line: UnsafeRawBufferPointer) -> [UInt8]? {
        let name = Array("content-length:".utf8)
        guard line.count >= name.count else { return nil }
        for (offset, expected) in name.enumerated() {
            var byte = line[offset]
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte += 32 }
            guard byte == expected else { return nil }
        }
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        var value = Array(line[name.count...])
        while let last = value.last, blank.contains(last) { value.removeLast() }
        return Array(value.drop { blank.contains($0) })
    }
}

/// The door of an ``HTTPServer``: it accepts each connection, reads its request's head whole
/// (peeked, so libmicrohttpd still reads it all) within the idle bound, and hands it to
/// libmicrohttpd only when libmicrohttpd reads that head as it was sent. A head it would misread is
/// answered here and the connection closed. Every answer closes its connection, so each
/// connection carries one request, the one checked. One thread, polling, whatever the number of
/// connections waiting.
final class RequestHeadGate: Sendable {
    private let listener: Int32
    private let core: ServerCore
    /// A pipe whose reading end wakes the gate's thread to stop.
    private let wake: (read: Int32, write: Int32)
    /// Whether the gate's thread was started, and whether it was told to stop.
    private let state = Mutex((started: false, stopped: false))
    private let finished = DispatchSemaphore(value: 0)

    /// A gate on `listener` (bound and listening) for `core`'s server.
    init(listener: Int32, core: ServerCore) {
        self.listener = listener
        self.core = core
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.wake = (ends[0], ends[1])
    }

    /// Starts accepting, handing connections to `daemon`.
    func start(daemon: Int) {
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        state.withLock { $0.started = true }
        let thread = Thread { [self] in
            run(daemon: daemon)
            finished.signal()
        }
        thread.name = "widgethost serve: request heads"
        thread.start()
    }

    /// Stops accepting and closes every connection not handed over yet, and the listening socket;
    /// returns once the gate's thread has ended.
    func stop() {
        let (first, started) = state.withLock { state -> (Bool, Bool) in
            defer { state.stopped = true }
            return (!state.stopped, state.started)
        }
        guard first else { return }
        if started {
            var one: UInt8 = 1
            _ = write(wake.write, &one, 1)
            finished.wait()
        } else {
            close(listener)
        }
        close(wake.read)
        close(wake.write)
    }

    private struct Waiting {
        var descriptor: Int32
        var address: sockaddr_storage
        var length: socklen_t
        var deadline: ContinuousClock.Instant
    }

    private func run(daemon: Int) {
        var waiting: [Waiting] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: RequestHead.limit, alignment: 1)
        defer {
            buffer.deallocate()
            for connection in waiting { close(connection.descriptor) }
            close(listener)
        }
        let bound = Duration.seconds(core.options.idleTimeout)
        while true {
            var descriptors = [
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            ]
            descriptors += waiting.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let now = ContinuousClock.now
            let nearest = waiting.map(\.deadline).min().map { max(.zero, $0 - now) } ?? .seconds(1)
            let timeout = Int32(min(1000, (nearest / .milliseconds(1)).rounded(.up)))
            guard poll(&descriptors, nfds_t(descriptors.count), timeout) >= 0 || errno == EINTR else {
                return
            }
            if descriptors[0].revents != 0 { return }
            var kept: [Waiting] = []
            let after = ContinuousClock.now
            for (index, connection) in waiting.enumerated() {
                let events = descriptors[index + 2].revents
                guard events != 0 else {
                    if connection.deadline <= after {
                        close(connection.descriptor)
                    } else {
                        kept.append(connection)
                    }
                    continue
                }
                switch look(at: connection.descriptor, into: buffer) {
                case nil:
                    close(connection.descriptor)
                case .incomplete?:
                    if connection.deadline <= after {
                        close(connection.descriptor)
                    } else {
                        kept.append(connection)
                    }
                case .admit?:
                    admit(connection, to: daemon)
                case .malformed(let reason)?:
                    refuse(connection.descriptor, with: core.handler.malformedHead(reason))
                case .bodyTooLarge?:
                    refuse(
                        connection.descriptor,
                        with: core.handler.bodyTooLarge(
                            HTTPRequest(method: "", path: "", headers: [:], body: [])))
                }
            }
            waiting = kept
            if descriptors[1].revents != 0 {
                accept(into: &waiting, deadline: after + bound)
            }
        }
    }

    /// Accepts every connection waiting on the listening socket, up to the server's bound.
    private func accept(into waiting: inout [Waiting], deadline: ContinuousClock.Instant) {
        while true {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.accept(listener, $0, &length)
                }
            }
            guard descriptor >= 0 else {
                // Out of descriptors: the connection stays in the backlog, and the gate waits a
                // little rather than poll a listening socket that stays readable.
                if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) { usleep(10_000) }
                return
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            // As libmicrohttpd does past its bound: closed at once, without an answer. The bound
            // counts the connections waiting here and those libmicrohttpd serves.
            guard waiting.count + core.servedConnections < core.options.maxConnections else {
                close(descriptor)
                continue
            }
            waiting.append(
                Waiting(descriptor: descriptor, address: address, length: length, deadline: deadline))
        }
    }

    /// The verdict on what `descriptor` has sent so far, or `nil` when the client has left.
    private func look(at descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> HeadVerdict? {
        let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_PEEK))
        if count < 0, errno == EAGAIN || errno == EINTR { return .incomplete }
        guard count > 0 else { return nil }
        return RequestHead.verdict(
            UnsafeRawBufferPointer(rebasing: buffer[..<count]), maxBodySize: core.options.maxBodySize)
    }

    private func admit(_ connection: Waiting, to daemon: Int) {
        guard let running = OpaquePointer(bitPattern: daemon) else {
            close(connection.descriptor)
            return
        }
        core.expect(connection.descriptor, by: connection.deadline)
        var address = connection.address
        // libmicrohttpd closes the socket itself when it cannot take it.
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                MHD_add_connection(running, connection.descriptor, $0, connection.length)
            }
        }
    }

    /// Answers `response` on `descriptor` and closes it.
    private func refuse(_ descriptor: Int32, with response: HTTPResponse) {
        guard case .bytes(let body) = response.body else {
            close(descriptor)
            return
        }
        var text = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for header in response.headers { text += "\(header.name): \(header.value)\r\n" }
        text += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(text.utf8) + body
        // What was sent is read first: a socket closed with unread bytes is reset, and the reset
        // may reach the client before the answer does.
        var sink = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < RequestHead.limit * 2 {
            let count = recv(descriptor, &sink, sink.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { break }
            drained += count
        }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(descriptor, Int32(SHUT_WR))
        close(descriptor)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 413: "Content Too Large"
        default: "Error"
        }
    }
}
