import Diagnostics
import Foundation
import JSON
package import PluginProtocol
import Subprocess
import Synchronization
import WidgetEngine
package import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running plugin executable speaking JSON-RPC 2.0 over its stdin and stdout, one compact JSON
/// object per line (docs/plugin-protocol.md).
///
/// Built from four parts, each on its own: the ``ChildProcess`` (spawn in a group of its own,
/// signals, reaping, teardown steps), a ``LineReader`` for stdout (lines of at most 16 MiB, each
/// parsed and matched to its request by id) and one for stderr's tail, a ``LineWriter`` for stdin
/// (a full pipe never blocks the host), and ``PendingRequests``, the pure state machine of requests
/// and their deadlines. A deadline passed, a line that is not JSON or is too long, or a reply to an
/// unknown id ends the process (SIGTERM to the group, SIGKILL after ``gracePeriod``, always
/// reaped) and fails every request in flight.
package final class PluginProcess: Sendable {
    /// The longest line accepted from a plugin.
    package static let maximumLineLength = 16 << 20
    /// How long a plugin has to exit after its stdin closes or it gets SIGTERM.
    package static let gracePeriod: Double = 0.5
    /// How much of stderr is kept.
    static let stderrTailLength = 2048

    /// The plugin's manifest.
    package let manifest: PluginManifest
    /// The process id, which is also its process group id.
    package var pid: Int32 { child.pid }

    typealias Completion = @Sendable (Result<JSONValue, PluginFailure>) -> Void

    private struct State {
        var pending = PendingRequests<Completion>()
        var failure: PluginFailure?
        var stderrTail: [UInt8] = []
        var stderrClosed = false
        /// Whether its exit was taken in hand (by the end of stdout or by the exit itself).
        var exitHandled = false
        /// The stderr line being read, up to its newline (at most ``fatalLineLength`` bytes).
        var stderrLine: [UInt8] = []
        /// The first line of a fatal error message (Swift's `Fatal error: ...`), kept beside the
        /// tail: a crash's backtrace pushes it out of the tail.
        var fatalLine: String?
    }

    /// How much of a stderr line is looked at for a fatal error message.
    static let fatalLineLength = 1024
    /// How fatal error messages begin: Swift's runtime, Go, Rust, assertions.
    static let fatalMarkers = [
        "Fatal error:", "fatal error:", "Precondition failed:", "Assertion failed:", "panic:",
        "thread 'main' panicked",
    ]

    private let child: ChildProcess
    private let state = Mutex(State())
    private let input: LineWriter
    /// Where stderr and messages are shown, when asked.
    private let log: PluginLog?

    /// Told when the plugin exits on its own (not when the host ends it).
    private let onExit: (@Sendable (PluginFailure) -> Void)?

    private init(
        manifest: PluginManifest, child: ChildProcess, log: PluginLog?,
        onExit: (@Sendable (PluginFailure) -> Void)?
    ) {
        self.manifest = manifest
        self.child = child
        self.log = log
        self.onExit = onExit
        self.input = LineWriter(
            fd: child.standardInput, label: "widgethost.plugin.\(manifest.name).stdin")
    }

    /// Starts the plugin's executable in the plugin's folder, with `WIDGETHOST_PLUGIN=1` in its
    /// environment, on `clock` when the host's clock is not the wall clock.
    /// - Throws: ``PluginFailure`` (`plugin.start-failed`) when it cannot be started,
    ///   (`plugin.clock-unavailable`) when it cannot be given `clock`.
    /// - Parameter onExit: Told, on a thread of the process's own, when the plugin exits while no
    ///   one asked it to (a live host restarts it).
    package static func start(
        _ manifest: PluginManifest, log: PluginLog? = nil, clock: PluginClock? = nil,
        onExit: (@Sendable (PluginFailure) -> Void)? = nil
    ) throws(PluginFailure) -> PluginProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETHOST_PLUGIN"] = "1"
        if let clock { environment = try clock.environment(for: manifest.name, adding: environment) }
        let child: ChildProcess
        do throws(SpawnError) {
            // The plugin starts in its folder, so the files it ships are found by relative paths.
            child = try ChildProcess.spawn(
                executable: manifest.executable, arguments: manifest.arguments, directory: manifest.folder,
                environment: environment)
        } catch {
            throw PluginFailure(
                code: .pluginStartFailed, plugin: manifest.name,
                what: "could not be started: \(error.reason)")
        }
        let process = PluginProcess(manifest: manifest, child: child, log: log, onExit: onExit)
        LineReader.start(
            child.standardOutput, maximumLength: maximumLineLength,
            line: { process.handle(line: $0) },
            end: { process.outputEnded($0) })
        LineReader.startTail(
            child.standardError,
            keep: { bytes in
                process.log?.stderr(bytes, plugin: manifest.name)
                process.state.withLock { state in
                    state.stderrTail.append(contentsOf: bytes)
                    if state.stderrTail.count > 2 * Self.stderrTailLength {
                        state.stderrTail.removeFirst(state.stderrTail.count - Self.stderrTailLength)
                    }
                    Self.findFatalLine(in: bytes, state: &state)
                }
            },
            end: {
                process.log?.stderrEnded(plugin: manifest.name)
                process.state.withLock { $0.stderrClosed = true }
            })
        // Its exit is noticed as an exit even while a descendant still holds its stdout open.
        let watcher = Thread {
            guard child.waitForExit() else { return }
            // Its last replies may still be in the pipe: the end of stdout, when it comes at once,
            // says the exit after them; only a descendant holding stdout open makes this say it.
            for _ in 0..<100 where !process.state.withLock({ $0.exitHandled || $0.failure != nil }) {
                usleep(5000)
            }
            process.exited(endOfOutput: false)
        }
        watcher.name = "widgethost.plugin.\(manifest.name).exit"
        watcher.start()
        return process
    }

    /// Whether the process is gone or being ended.
    package var hasFailed: Bool { endedBecause != nil }

    /// Why the process is gone or being ended, once it is.
    package var endedBecause: PluginFailure? { state.withLock { $0.failure } }

    /// The tail of its stderr, decoded as UTF-8 (invalid bytes replaced), from the start of a line:
    /// a line the tail's start cut is left out, so what is shown never begins mid-line.
    package var stderrTail: String {
        var bytes = state.withLock { $0.stderrTail }
        if bytes.count >= Self.stderrTailLength, let newline = bytes.firstIndex(of: 0x0A) {
            bytes.removeSubrange(...newline)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Requests

    /// Sends `request` and waits for the reply, at most the manifest's timeout.
    package func request(_ request: PluginRequest) async -> Result<JSONValue, PluginFailure> {
        await self.request(request.method, params: request.params)
    }

    /// Sends `request` and blocks the calling thread until the reply or the deadline (see
    /// ``requestWaiting(_:params:)``).
    package func requestWaiting(_ request: PluginRequest) -> Result<JSONValue, PluginFailure> {
        requestWaiting(request.method, params: request.params)
    }

    /// Sends `method` with `params` and waits for the reply, at most the manifest's timeout.
    package func request(_ method: String, params: JSONValue) async -> Result<JSONValue, PluginFailure> {
        await withCheckedContinuation { continuation in
            send(method, params: params) { continuation.resume(returning: $0) }
        }
    }

    /// Sends `method` and blocks the calling thread until the reply or the deadline. For callers
    /// that are not on Swift's cooperative pool (benchmarks and tests); the host itself awaits
    /// ``request(_:params:)``.
    package func requestWaiting(_ method: String, params: JSONValue) -> Result<JSONValue, PluginFailure> {
        let box = Mutex<Result<JSONValue, PluginFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        send(method, params: params) { result in
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 } ?? .failure(failure(code: .pluginInternal, what: "gave no reply"))
    }

    func send(_ method: String, params: JSONValue, completion: @escaping Completion) {
        let deadline = Self.now() + UInt64(manifest.timeouts.seconds(for: method) * 1e9)
        let sent: (id: Int, watchdogAt: UInt64?)? = state.withLock { state in
            guard state.failure == nil else { return nil }
            return state.pending.add(method: method, deadline: deadline, completion: completion)
        }
        guard let (id, watchdogAt) = sent else {
            completion(
                .failure(
                    state.withLock { $0.failure } ?? failure(code: .pluginExited, what: "is not running")))
            return
        }
        let line = Array(PluginMessage.request(id: .int(id), method: method, params: params).line.utf8)
        log?.message(line, plugin: manifest.name, outgoing: true)
        input.write(line)
        if let watchdogAt { scheduleWatchdog(at: watchdogAt) }
    }

    /// The monotonic clock the deadlines are kept in, in nanoseconds.
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// At `time`, asks ``PendingRequests`` what the watchdog finds, and does it.
    private func scheduleWatchdog(at time: UInt64) {
        DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: time)) { [self] in
            let outcome = state.withLock { $0.pending.watchdogFired(scheduledAt: time, now: Self.now()) }
            switch outcome {
            case .superseded, .idle: break
            case .reschedule(let next): scheduleWatchdog(at: next)
            case .late(let late):
                let seconds = manifest.timeouts.seconds(for: late.method)
                stop(
                    failure(
                        code: .pluginTimeout,
                        what: "did not answer '\(late.method)' within \(Self.format(seconds)) and was stopped"
                    ))
            }
        }
    }

    // MARK: - Ending

    /// Closes the plugin's stdin and lets it exit on its own; after the grace period its process
    /// group is killed. Returns once it is reaped.
    package func close() {
        state.withLock { state in
            if state.failure == nil {
                state.failure = PluginFailure(
                    code: .pluginClosed, plugin: manifest.name, what: "was closed")
            }
        }
        input.close()
        failPending()
        child.tearDown(ChildProcess.teardown(grace: Self.gracePeriod))
    }

    /// Ends the plugin because of `failure`: every pending request fails with it, its process group
    /// gets SIGTERM then SIGKILL, and it is reaped.
    func stop(_ failure: PluginFailure) {
        state.withLock { state in
            if state.failure == nil { state.failure = failure }
        }
        failPending()
        input.close()
        child.tearDown([
            .signal(SIGTERM, thenWait: Self.gracePeriod), .signal(SIGKILL, thenWait: .infinity),
        ])
    }

    private func failPending() {
        let (pending, failure) = state.withLock { state in (state.pending.removeAll(), state.failure) }
        for request in pending {
            request.completion(.failure(failure ?? self.failure(code: .pluginExited, what: "stopped")))
        }
    }

    // MARK: - Reading

    /// Handles one line of stdout; `false` when the plugin was stopped for it.
    private func handle(line: ArraySlice<UInt8>) -> Bool {
        log?.message(line, plugin: manifest.name, outgoing: false)
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
                    code: .pluginInvalidJson,
                    what: "wrote a line that is not JSON (\(error.reason)): '\(shown)' and was stopped "
                        + "(its standard output carries the protocol alone: a plugin writes its logs to "
                        + "standard error, where the Python SDK sends print from its import on)"))
            return false
        }
        let reply: (id: JSONValue, outcome: Result<JSONValue, PluginError>?)
        do throws(InvalidMessage) {
            switch try PluginMessage(json: message) {
            case .request, .notification: return true  // the plugin's own messages: ignored
            case .reply(let id, let result): reply = (id, .success(result))
            case .error(let id, let error): reply = (id, .failure(error))
            }
        } catch {
            switch (error.reason, error.id) {
            case (.noMethod, _): return true  // a message of the plugin's own, however malformed: ignored
            case (.noOutcome, let id?): reply = (id, nil)
            case (.notAnObject, _):
                stop(failure(code: .pluginInvalidJson, what: "wrote \(error.description) and was stopped"))
                return false
            case (.noID, _), (.noOutcome, nil):
                stop(
                    failure(code: .pluginInvalidReply, what: "wrote \(error.description) and was stopped"))
                return false
            }
        }
        let request = reply.id.intValue.flatMap { id in state.withLock { $0.pending.take(id: id) } }
        guard let request else {
            stop(
                failure(
                    code: .pluginUnknownId, what: "answered the unknown id \(reply.id) and was stopped")
            )
            return false
        }
        switch reply.outcome {
        case .failure(let error):
            // JSON-RPC's "invalid params": the values sent could not be used.
            let code: FailureCode = error.code == .invalidParams ? .pluginInvalidParams : .pluginError
            var what =
                "failed '\(request.method)': \(error.message)\(error.code.map { " (code \($0))" } ?? "")"
            // A coded error's code (the SDKs send it as `data.reason`), checked as a built-in's is.
            var reason: String?
            if let given = error.data?["reason"] {
                if let text = given.stringValue {
                    reason = WidgetFailure.reason(text, noting: &what)
                } else {
                    what += " (its reason \(given) is left out: a reason is a string)"
                }
            }
            var failure = failure(code: code, what: what)
            failure.reason = reason
            // The plugin's own account (the Python SDK's traceback), which its stderr may not
            // have reached us with yet.
            if let traceback = error.data?["traceback"]?.stringValue, !traceback.isEmpty {
                failure.stderrTail = traceback
            }
            request.completion(.failure(failure))
        case .success(let result):
            request.completion(.success(result))
        case nil:
            let failure = failure(
                code: .pluginInvalidReply, what: "answered without 'result' or 'error' and was stopped")
            stop(failure)
            // No longer pending, so the stop above does not fail it: its waiter is told here.
            request.completion(.failure(failure))
            return false
        }
        return true
    }

    /// stdout ended: a line too long stops the plugin; the end of the stream means it exited (or
    /// closed it), which is said once it is reaped.
    private func outputEnded(_ end: LineReader.End) {
        switch end {
        case .stopped:
            return
        case .lineTooLong:
            stop(failure(code: .pluginLineTooLong, what: "wrote a line over 16 MiB and was stopped"))
            return
        case .endOfFile:
            exited(endOfOutput: true)
        }
    }

    /// The plugin exited, or closed its stdout: said once, with its status once it is reaped.
    private func exited(endOfOutput: Bool) {
        let first = state.withLock { state -> Bool in
            guard state.failure == nil, !state.exitHandled else { return false }
            state.exitHandled = true
            return true
        }
        guard first else { return }
        let status = child.reap(waiting: endOfOutput ? Self.gracePeriod : nil)
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
        let method = state.withLock { $0.pending.anyMethod }
        let exited = failure(code: .pluginExited, what: what + (method.map { " during '\($0)'" } ?? ""))
        stop(exited)
        onExit?(exited)
    }

    // MARK: - Helpers

    /// A failure of this plugin, with its stderr tail (and the first line of a fatal error
    /// message, when the tail no longer holds it).
    func failure(code: FailureCode, what: String) -> PluginFailure {
        var (tail, fatal) = state.withLock { ($0.stderrTail, $0.fatalLine) }
        // Enough for the last lines a failure shows (a traceback's), from the start of a line.
        if tail.count > 1600 {
            tail.removeFirst(tail.count - 1600)
            if let newline = tail.firstIndex(of: 0x0A) { tail.removeSubrange(...newline) }
        }
        var text = String(decoding: tail, as: UTF8.self)
        if let fatal, !text.contains(fatal) { text = fatal + "\n…\n" + text }
        return PluginFailure(code: code, plugin: manifest.name, what: what, stderrTail: text)
    }

    /// Looks for the first line of a fatal error message in `bytes`, the next of stderr. Only the
    /// first ``fatalLineLength`` bytes of a line are kept, and newlines are found with `memchr`,
    /// so a flood of stderr costs little.
    private static func findFatalLine(in bytes: ArraySlice<UInt8>, state: inout State) {
        guard state.fatalLine == nil else { return }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let rest = buffer.count - offset
                let newline: Int? = memchr(base + offset, 0x0A, rest).map { found in
                    UnsafeRawPointer(found) - UnsafeRawPointer(base + offset)
                }
                let length = newline ?? rest
                let room = max(0, fatalLineLength - state.stderrLine.count)
                if room > 0 {
                    state.stderrLine.append(
                        contentsOf: UnsafeBufferPointer(start: base + offset, count: min(room, length)))
                }
                guard let newline else { return }
                let line = String(decoding: state.stderrLine, as: UTF8.self)
                state.stderrLine.removeAll(keepingCapacity: true)
                if fatalMarkers.contains(where: { line.contains($0) }) {
                    state.fatalLine = line.trimmingCharacters(in: .whitespaces)
                    return
                }
                offset += newline + 1
            }
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
