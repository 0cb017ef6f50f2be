import CSpawn
import Foundation
import Synchronization
public import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running plugin executable speaking JSON-RPC 2.0 over its stdin and stdout, one compact JSON
/// object per line (DESIGN.md, Plugins).
///
/// The process runs in a process group of its own, so ending it ends whatever it started. Two
/// threads drain stdout and stderr continuously (a full pipe never blocks the plugin or the host);
/// stdout is split into lines of at most 16 MiB, each parsed and matched to its request by id;
/// stderr's tail is kept for messages. Each request has a deadline. A deadline passed, a line that
/// is not JSON or is too long, or a reply to an unknown id ends the process (SIGTERM to the group,
/// SIGKILL after ``gracePeriod``, always reaped) and fails every request in flight.
public final class PluginProcess: Sendable {
    /// The longest line accepted from a plugin.
    public static let maximumLineLength = 16 << 20
    /// How long a plugin has to exit after its stdin closes or it gets SIGTERM.
    public static let gracePeriod: Double = 0.5
    /// How much of stderr is kept.
    static let stderrTailLength = 2048

    /// The plugin's manifest.
    public let manifest: PluginManifest
    /// The process id, which is also its process group id.
    public let pid: pid_t

    typealias Completion = @Sendable (Result<JSONValue, PluginFailure>) -> Void

    /// A request sent and not answered yet.
    struct Pending {
        var method: String
        var deadline: DispatchTime
        var completion: Completion
    }

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        /// When the watchdog next looks for a passed deadline (`nil`: no watchdog scheduled).
        var watchdog: DispatchTime?
        var failure: PluginFailure?
        var exitStatus: Int32?
        var stderrTail: [UInt8] = []
        var stderrClosed = false
    }

    /// The plugin's stdin (non-blocking on this side) and what could not be written to it yet.
    private struct Input {
        var fd: Int32
        var backlog: [UInt8] = []
    }

    private let state: Mutex<State>
    private let input: Mutex<Input>
    /// Writes the backlog when the pipe was full; most lines are written by the sender itself.
    private let writer: DispatchQueue

    private init(manifest: PluginManifest, pid: pid_t, stdin: Int32) {
        self.manifest = manifest
        self.pid = pid
        self.state = Mutex(State())
        self.input = Mutex(Input(fd: stdin))
        self.writer = DispatchQueue(label: "widgethost.plugin.\(manifest.name).stdin")
    }

    /// Starts the plugin's executable in the plugin's folder, with `WIDGETHOST_PLUGIN=1` in its environment.
    /// - Throws: ``PluginFailure`` (`plugin.start-failed`) when it cannot be started.
    public static func start(_ manifest: PluginManifest) throws(PluginFailure) -> PluginProcess {
        // A plugin that dies makes the next write to its stdin fail; without this the host would
        // die of SIGPIPE instead of reporting it. Children get the default back (below).
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard makePipe(&input), makePipe(&output), makePipe(&errors) else {
            for fd in input + output + errors where fd >= 0 { closeDescriptor(fd) }
            throw PluginFailure(
                code: "plugin.start-failed", plugin: manifest.name,
                what: "could not be started: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // The plugin starts in its folder, so the files it ships are found by relative paths.
        _ = widgethost_spawn_file_actions_addchdir(&actions, manifest.folder)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PLUGIN"] = "1"
        let argv = [manifest.executable] + manifest.arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        var status: Int32 = 0
        // ETXTBSY: another thread of this process forked while the executable was still open for
        // writing (a plugin installed a moment ago); it clears as soon as that child execs.
        for attempt in 0..<20 {
            if attempt > 0 { usleep(10_000) }
            status = withCStrings(argv) { argvPointers in
                withCStrings(envp) { envPointers in
                    posix_spawn(&pid, manifest.executable, &actions, &attributes, argvPointers, envPointers)
                }
            }
            if status != ETXTBSY { break }
        }
        closeDescriptor(input[0])
        closeDescriptor(output[1])
        closeDescriptor(errors[1])
        guard status == 0 else {
            closeDescriptor(input[1])
            closeDescriptor(output[0])
            closeDescriptor(errors[0])
            throw PluginFailure(
                code: "plugin.start-failed", plugin: manifest.name,
                what: "could not be started: \(String(cString: strerror(status)))")
        }
        // The host's end of stdin never blocks: a plugin that stops reading cannot hold the host.
        _ = fcntl(input[1], F_SETFL, fcntl(input[1], F_GETFL) | O_NONBLOCK)
        let process = PluginProcess(manifest: manifest, pid: pid, stdin: input[1])
        let stdout = output[0]
        let stderr = errors[0]
        Thread.detachNewThread { process.readOutput(stdout) }
        Thread.detachNewThread { process.readErrors(stderr) }
        return process
    }

    /// Whether the process is gone or being ended.
    public var hasFailed: Bool { endedBecause != nil }

    /// Why the process is gone or being ended, once it is.
    public var endedBecause: PluginFailure? { state.withLock { $0.failure } }

    /// The tail of its stderr, decoded as UTF-8 (invalid bytes replaced).
    public var stderrTail: String {
        String(decoding: state.withLock { $0.stderrTail }, as: UTF8.self)
    }

    // MARK: - Requests

    /// Sends `method` with `params` and waits for the reply, at most the manifest's timeout.
    public func request(_ method: String, params: JSONValue) async -> Result<JSONValue, PluginFailure> {
        await withCheckedContinuation { continuation in
            send(method, params: params) { continuation.resume(returning: $0) }
        }
    }

    /// Sends `method` and blocks the calling thread until the reply or the deadline.
    public func requestWaiting(_ method: String, params: JSONValue) -> Result<JSONValue, PluginFailure> {
        let box = Mutex<Result<JSONValue, PluginFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        send(method, params: params) { result in
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 } ?? .failure(failure(code: "plugin.internal", what: "gave no reply"))
    }

    func send(_ method: String, params: JSONValue, completion: @escaping Completion) {
        let deadline = DispatchTime.now() + manifest.timeouts.seconds(for: method)
        let sent: (id: Int, watch: Bool)? = state.withLock { state in
            guard state.failure == nil else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.pending[id] = Pending(method: method, deadline: deadline, completion: completion)
            // One watchdog for every request: a new one is needed only for an earlier deadline.
            guard state.watchdog.map({ deadline < $0 }) ?? true else { return (id, false) }
            state.watchdog = deadline
            return (id, true)
        }
        guard let (id, watch) = sent else {
            completion(
                .failure(
                    state.withLock { $0.failure } ?? failure(code: "plugin.exited", what: "is not running")))
            return
        }
        let message: JSONValue = .object([
            .init("jsonrpc", .string("2.0")), .init("id", .int(id)), .init("method", .string(method)),
            .init("params", params),
        ])
        var line = Array(message.description.utf8)
        line.append(0x0A)
        enqueue(line)
        if watch { scheduleWatchdog(at: deadline) }
    }

    /// At `time`, stops the plugin when a request's deadline has passed, or schedules the next look
    /// at the earliest deadline still pending. Requests answered meanwhile cost nothing, so a
    /// plugin answering in time costs one timer per timeout period, not one per request.
    private func scheduleWatchdog(at time: DispatchTime) {
        DispatchQueue.global().asyncAfter(deadline: time) { [self] in
            let now = DispatchTime.now()
            let (late, next) = state.withLock { state -> (Pending?, DispatchTime?) in
                // Another watchdog, for an earlier deadline, took over.
                guard state.watchdog == time, state.failure == nil else { return (nil, nil) }
                let earliest = state.pending.min { $0.value.deadline < $1.value.deadline }?.value
                guard let earliest, earliest.deadline > now else {
                    state.watchdog = nil
                    return (earliest, nil)
                }
                state.watchdog = earliest.deadline
                return (nil, earliest.deadline)
            }
            if let next { scheduleWatchdog(at: next) }
            if let late {
                let seconds = manifest.timeouts.seconds(for: late.method)
                stop(
                    failure(
                        code: "plugin.timeout",
                        what: "did not answer '\(late.method)' within \(Self.format(seconds)) and was stopped"
                    ))
            }
        }
    }

    /// Writes `line` to the plugin's stdin in order after every line before it: directly when
    /// the pipe has room (the usual case: no thread hand-off), otherwise the rest goes to the
    /// backlog, which ``writer`` writes as the plugin reads. A full pipe never blocks the sender;
    /// a plugin that stops reading runs into its request's deadline.
    private func enqueue(_ line: [UInt8]) {
        let startDrain = input.withLock { input -> Bool in
            guard input.fd >= 0 else { return false }
            guard input.backlog.isEmpty else {
                input.backlog += line  // the writer is already draining
                return false
            }
            // nil: EPIPE, the plugin closed its stdin or died; the stdout reader reports how.
            guard let written = Self.writeSome(input.fd, line[...]), written < line.count else {
                return false
            }
            input.backlog = Array(line[written...])
            return true
        }
        if startDrain { writer.async { [self] in drainInput() } }
    }

    /// Writes the backlog as the pipe empties, until it is written or the plugin's stdin is closed.
    private func drainInput() {
        while true {
            let fd = input.withLock { input -> Int32 in
                guard input.fd >= 0 else { return -1 }
                guard let written = Self.writeSome(input.fd, input.backlog[...]) else {
                    input.backlog = []
                    return -1
                }
                input.backlog.removeFirst(written)
                return input.backlog.isEmpty ? -1 : input.fd
            }
            guard fd >= 0 else { return }
            // Waits for room, re-checking now and then whether stdin was closed meanwhile.
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&poller, 1, 100)
        }
    }

    // MARK: - Ending

    /// Closes the plugin's stdin and lets it exit on its own; after the grace period its process
    /// group is killed. Returns once it is reaped.
    public func close() {
        state.withLock { state in
            if state.failure == nil {
                state.failure = PluginFailure(
                    code: "plugin.closed", plugin: manifest.name, what: "was closed")
            }
        }
        closeInput()
        failPending()
        end()
    }

    /// Ends the plugin because of `failure`: every pending request fails with it, its process group
    /// gets SIGTERM then SIGKILL, and it is reaped.
    func stop(_ failure: PluginFailure) {
        state.withLock { state in
            if state.failure == nil { state.failure = failure }
        }
        failPending()
        closeInput()
        kill(-pid, SIGTERM)
        end()
    }

    /// Closes the plugin's stdin; whatever was not written yet is dropped.
    private func closeInput() {
        input.withLock { input in
            if input.fd >= 0 { closeDescriptor(input.fd) }
            input.fd = -1
            input.backlog = []
        }
    }

    private func failPending() {
        let (pending, failure) = state.withLock { state in
            let pending = state.pending
            state.pending = [:]
            return (pending, state.failure)
        }
        for (_, request) in pending.sorted(by: { $0.key < $1.key }) {
            request.completion(.failure(failure ?? self.failure(code: "plugin.exited", what: "stopped")))
        }
    }

    /// Waits the grace period for the process to exit, then kills the group and reaps it.
    private func end() {
        if reap(waiting: Self.gracePeriod) == nil {
            kill(-pid, SIGTERM)
            if reap(waiting: Self.gracePeriod) == nil {
                kill(-pid, SIGKILL)
                _ = reap(waiting: nil)
            }
        }
        // Whatever the plugin started in its group goes too.
        kill(-pid, SIGKILL)
    }

    /// The exit status once the process is reaped, waiting at most `seconds` (forever for `nil`).
    @discardableResult
    private func reap(waiting seconds: Double?) -> Int32? {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        while true {
            let reaped: Int32? = state.withLock { state in
                if let status = state.exitStatus { return status }
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid || (result < 0 && errno == ECHILD) {
                    state.exitStatus = result == pid ? status : 0
                    return state.exitStatus
                }
                return nil
            }
            if let reaped { return reaped }
            if let deadline, Date() >= deadline { return nil }
            usleep(5000)
        }
    }

    // MARK: - Reading

    private func readOutput(_ fd: Int32) {
        defer { closeDescriptor(fd) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                outputEnded()
                return
            }
            // Only the new bytes are searched for a newline (memchr), so a long line costs one
            // copy, not a rescan per chunk.
            let keepReading = chunk.withUnsafeBufferPointer { bytes -> Bool in
                guard let base = bytes.baseAddress else { return true }
                var start = 0
                while start < count, let found = memchr(base + start, 0x0A, count - start) {
                    let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    start = end + 1
                    guard handle(line: buffer[...]) else { return false }
                    buffer.removeAll(keepingCapacity: true)
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
                return true
            }
            guard keepReading else { return }
            if buffer.count > Self.maximumLineLength {
                stop(failure(code: "plugin.line-too-long", what: "wrote a line over 16 MiB and was stopped"))
                return
            }
        }
    }

    /// Handles one line of stdout; `false` when the plugin was stopped for it.
    private func handle(line: ArraySlice<UInt8>) -> Bool {
        var line = line
        if line.last == 0x0D { line = line.dropLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        let message: JSONValue
        do throws(JSONParseError) {
            message = try JSONValue(parsing: line)
        } catch {
            let shown = String(decoding: line.prefix(60), as: UTF8.self)
            stop(
                failure(
                    code: "plugin.invalid-json",
                    what: "wrote a line that is not JSON (\(error.reason)): '\(shown)' and was stopped"))
            return false
        }
        guard case .object = message else {
            stop(
                failure(
                    code: "plugin.invalid-json",
                    what: "wrote a JSON value that is not an object and was stopped"))
            return false
        }
        if message["method"] != nil { return true }  // a notification or request from the plugin: ignored
        guard let idValue = message["id"] else {
            stop(failure(code: "plugin.invalid-reply", what: "wrote a message without an id and was stopped"))
            return false
        }
        let request = idValue.intValue.flatMap { id in state.withLock { $0.pending.removeValue(forKey: id) } }
        guard let request else {
            stop(
                failure(code: "plugin.unknown-id", what: "answered the unknown id \(idValue) and was stopped")
            )
            return false
        }
        if let error = message["error"] {
            let text = error["message"]?.stringValue ?? error.description
            let number = error["code"]?.intValue
            // -32602, JSON-RPC's "invalid params": the values sent could not be used.
            let code = number == -32602 ? "plugin.invalid-params" : "plugin.error"
            request.completion(
                .failure(
                    failure(
                        code: code,
                        what: "failed '\(request.method)': \(text)\(number.map { " (code \($0))" } ?? "")")))
        } else if let result = message["result"] {
            request.completion(.success(result))
        } else {
            let failure = failure(
                code: "plugin.invalid-reply", what: "answered without 'result' or 'error' and was stopped")
            stop(failure)
            // No longer pending, so the stop above does not fail it: its waiter is told here.
            request.completion(.failure(failure))
            return false
        }
        return true
    }

    /// stdout closed: the plugin exited (or closed it); says how, once it is reaped.
    private func outputEnded() {
        let alreadyFailed = state.withLock { $0.failure != nil }
        if alreadyFailed {
            return
        }
        let status = reap(waiting: Self.gracePeriod)
        // Give the stderr reader a moment to take the last words.
        for _ in 0..<40 where !state.withLock({ $0.stderrClosed }) { usleep(5000) }
        let what: String
        if let status {
            let signal = status & 0x7F
            what =
                signal == 0
                ? "exited with status \((status >> 8) & 0xFF)" : "was killed by signal \(signal)"
        } else {
            what = "closed its standard output"
        }
        let method = state.withLock { state in state.pending.values.first?.method }
        stop(failure(code: "plugin.exited", what: what + (method.map { " during '\($0)'" } ?? "")))
    }

    private func readErrors(_ fd: Int32) {
        defer { closeDescriptor(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            state.withLock { state in
                state.stderrTail.append(contentsOf: chunk[0..<count])
                if state.stderrTail.count > 2 * Self.stderrTailLength {
                    state.stderrTail.removeFirst(state.stderrTail.count - Self.stderrTailLength)
                }
            }
        }
        state.withLock { $0.stderrClosed = true }
    }

    // MARK: - Helpers

    /// A failure of this plugin, with its stderr tail.
    func failure(code: String, what: String) -> PluginFailure {
        var tail = state.withLock { $0.stderrTail }
        if tail.count > 600 { tail.removeFirst(tail.count - 600) }
        return PluginFailure(
            code: code, plugin: manifest.name, what: what, stderrTail: String(decoding: tail, as: UTF8.self))
    }

    static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// Writes as much of `bytes` to the non-blocking `fd` as fits now: the count written (0 when
    /// the pipe is full), or `nil` when the plugin's stdin is gone (EPIPE, closed).
    static func writeSome(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno == EAGAIN || errno == EWOULDBLOCK ? offset : nil
                }
                offset += written
            }
            return offset
        }
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

/// `close(2)`, named apart from ``PluginProcess/close()``.
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}

/// A pipe whose ends close on exec, so no other child inherits them; the plugin gets its own ends
/// by `dup2`, which clears the flag.
private func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}
