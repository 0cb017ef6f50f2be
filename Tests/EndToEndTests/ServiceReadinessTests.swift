import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `watch` and `serve` as systemd `Type=notify` services, where no user systemd runs (a
/// container): the socket `$NOTIFY_SOCKET` names is a datagram socket of the test's own, as the
/// service manager's is, and the built binary must send `READY=1` to it once it is up, hand the
/// variable to none of its plugins, and end on SIGTERM with status 0 (what `Restart=on-failure`
/// counts as a clean stop).
@Suite struct ServiceReadinessTests {
    /// A bound unix datagram socket, the service manager's end of the notify protocol.
    final class NotifySocket {
        let path: String
        private let descriptor: Int32

        /// Binds a socket at `path` (a path, or `@name` for the abstract namespace).
        init(path: String) throws {
            self.path = path
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(path.utf8)
            if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
            let length = socklen_t(
                MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            try #require(
                descriptor >= 0 && bound == 0, "cannot bind \(path): \(String(cString: strerror(errno)))")
            var timeout = timeval(tv_sec: 60, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        /// The next datagram, `nil` when none came within 60 seconds.
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }

        deinit { close(descriptor) }
    }

    /// A plugin whose view says whether it saw `$NOTIFY_SOCKET`.
    static func pluginSeeingTheEnvironment(in scratch: TemporaryDirectory) throws {
        try ScratchPlugin.write(
            "envcheck", in: scratch, manifest: "kinds: [EnvCheck]\n",
            widgets: [#"{"kind": "EnvCheck", "supportedFamilies": ["systemSmall"]}"#],
            onRender: #"VIEW = {"type": "text", "text": "notify:" + os.environ.get("NOTIFY_SOCKET", "none")}"#
        )
    }

    @Test func watchIsReadyOnceEveryWidgetIsDrawnAndStopsCleanly() throws {
        let scratch = try WatchCommandTests.sample()
        let socket = try NotifySocket(path: scratch.path("notify"))
        let watch = try WatchProcess(
            ["--format", "ndjson"], in: scratch, environment: ["NOTIFY_SOCKET": socket.path])
        let message = try #require(socket.receive(), "no notification: \(watch.standardError)")
        #expect(message.split(separator: "\n").contains("READY=1"))
        // Ready is sent after every widget's first drawing was written (read here a moment later).
        #expect(watch.wait(for: 4, timeout: 5, isWidgetEvent("start")).count == 4)
        #expect(watch.stop(SIGTERM) == 0, "\(watch.standardError)")
    }

    @Test func serveIsReadyOnceItListensAndStopsCleanly() throws {
        let scratch = try WatchCommandTests.sample()
        // The abstract namespace, which systemd uses too.
        let socket = try NotifySocket(path: "@widgethost-test-\(UUID().uuidString)")
        let serve = try WatchProcess(
            ["--port", "0"], in: scratch, environment: ["NOTIFY_SOCKET": socket.path], command: "serve")
        let message = try #require(socket.receive(), "no notification: \(serve.standardError)")
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.contains("READY=1"))
        // The URL is written before READY=1 is sent; the pipe it comes through is read a moment later.
        let deadline = Date().addingTimeInterval(10)
        while serve.output.isEmpty && Date() < deadline { usleep(10_000) }
        let url = try #require(serve.output.first, "serve printed no URL: \(serve.standardError)")
        let port = try #require(url.firstMatch(of: /127\.0\.0\.1:(\d+)\//)?.output.1)
        // The status names the address, never the token.
        #expect(lines.contains("STATUS=serving http://127.0.0.1:\(port)/"))
        #expect(!message.contains("token"))
        #expect(serve.stop(SIGTERM) == 0, "\(serve.standardError)")
    }

    @Test func pluginsDoNotInheritTheNotifySocket() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try Self.pluginSeeingTheEnvironment(in: scratch)
        try scratch.file("widgets.yaml", "widgets:\n  - {kind: EnvCheck, id: env}\n")
        let socket = try NotifySocket(path: scratch.path("notify"))
        let watch = try WatchProcess(
            ["widgets.yaml", "--plugins", "plugins", "--format", "ndjson"], in: scratch,
            environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive()?.contains("READY=1") == true, "\(watch.standardError)")
        let started = watch.wait(for: 1, isWidgetEvent("start"))
        let event = try #require(started.first, "\(watch.standardError)")
        let text = String(data: try JSONSerialization.data(withJSONObject: event), encoding: .utf8) ?? ""
        #expect(text.contains("notify:none"), "\(text)")
        #expect(watch.stop(SIGTERM) == 0)
    }

    @Test func aNotifySocketThatIsNoPathIsReportedAndTheHostRunsOn() throws {
        let scratch = try WatchCommandTests.sample()
        let watch = try WatchProcess(
            ["--format", "ndjson"], in: scratch, environment: ["NOTIFY_SOCKET": "relative/notify"])
        #expect(watch.wait(for: 4, isWidgetEvent("start")).count == 4)
        let deadline = Date().addingTimeInterval(10)
        while !watch.standardError.contains("NOTIFY_SOCKET") && Date() < deadline { usleep(10_000) }
        #expect(
            watch.standardError
                == "warning: NOTIFY_SOCKET 'relative/notify' is neither an absolute path nor an abstract "
                + "socket (@name)\n")
        #expect(watch.stop(SIGTERM) == 0)
    }
}
