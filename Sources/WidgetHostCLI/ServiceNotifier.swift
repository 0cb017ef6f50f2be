#if canImport(Glibc)
    import Glibc
#endif

/// Tells the service manager how a `Type=notify` service is doing (systemd's `sd_notify`, written
/// out: one datagram of `KEY=value` lines to the unix socket `$NOTIFY_SOCKET` names), so
/// `systemctl start` returns once `watch` or `serve` is really up, not when the process starts.
///
/// No libsystemd is linked for one datagram: the protocol is the socket's path (a leading `@` is
/// the abstract namespace) and the text sent to it.
struct ServiceNotifier: Sendable {
    /// The socket's path as `$NOTIFY_SOCKET` spells it.
    let socketPath: String

    /// The notifier `$NOTIFY_SOCKET` asks for, `nil` when it is unset or empty (no service manager
    /// waits). The variable is taken out of the environment, as `sd_notify` can: the plugins this
    /// process starts are not the service, and must not speak for it.
    static func fromEnvironment() -> ServiceNotifier? {
        guard let value = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !value.isEmpty else {
            return nil
        }
        unsetenv("NOTIFY_SOCKET")
        return ServiceNotifier(socketPath: value)
    }

    /// Sends `state` (`READY=1`, `STATUS=...`, lines joined by newlines).
    ///
    /// - Returns: Why it could not be sent, `nil` when it was.
    func send(_ state: String) -> String? {
        var pathBytes = Array(socketPath.utf8)
        guard pathBytes.first == UInt8(ascii: "/") || pathBytes.first == UInt8(ascii: "@") else {
            return "NOTIFY_SOCKET '\(socketPath)' is neither an absolute path nor an abstract socket (@name)"
        }
        if pathBytes[0] == UInt8(ascii: "@") { pathBytes[0] = 0 }
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else {
            return "NOTIFY_SOCKET '\(socketPath)' is longer than a socket path can be (\(capacity - 1) bytes)"
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path.copyBytes(from: pathBytes)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return "cannot open a socket: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        // An abstract name's length counts its bytes exactly; a path's, its terminating NUL too.
        let length =
            MemoryLayout<sa_family_t>.size + pathBytes.count + (pathBytes[0] == 0 ? 0 : 1)
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(
                    descriptor, message, message.count, Int32(MSG_NOSIGNAL), socketAddress,
                    socklen_t(length))
            }
        }
        guard sent == message.count else {
            return "cannot notify the service manager at '\(socketPath)': \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Sends `state`, writing a warning to standard error when it cannot be sent (the service
    /// manager then never hears the service is up, and says so when its start times out).
    func tell(_ state: String) {
        if let problem = send(state) {
            StandardStream.error.write("warning: \(problem)\n")
        }
    }
}
