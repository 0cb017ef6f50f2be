import Foundation
import Synchronization
import TestSupport

/// A `widgethost watch` running in the background: its standard output read line by line as it
/// comes, so a test waits for the event it expects (with a deadline) instead of sleeping.
final class WatchProcess: Sendable {
    /// The lines read so far, and the start of the next one.
    private final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        let buffer = Mutex<[UInt8]>([])
        /// Signalled whenever lines arrive: a waiter wakes then, not on a timer.
        let arrived = DispatchSemaphore(value: 0)
    }

    // `Process` is not Sendable: it is only started here and signalled or read after.
    private let process: Process
    private let read = Lines()
    private let errorURL: URL
    /// Signalled once the process has exited.
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `widgethost watch` (or `command`) with `arguments` in `scratch`, as on a machine of its own.
    init(
        _ arguments: [String], in scratch: TemporaryDirectory, environment: [String: String] = [:],
        command: String = "watch"
    ) throws {
        process = Process()
        process.executableURL = WidgetHostProcess.executableURL
        process.arguments = [command] + arguments
        var variables = Python.environment(ProcessInfo.processInfo.environment)
        variables["NO_COLOR"] = nil
        variables["WIDGETHOST_STORE"] = scratch.url.appendingPathComponent("store").path
        variables["HOME"] = scratch.url.appendingPathComponent("home").path
        variables["XDG_DATA_HOME"] = scratch.url.appendingPathComponent("data").path
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.currentDirectoryURL = scratch.url
        let output = Pipe()
        errorURL = scratch.url.appendingPathComponent("\(command)-stderr")
        process.standardOutput = output
        process.standardError = try scratch.handleForWriting(errorURL)
        process.standardInput = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [read] handle in
            let data = handle.availableData
            read.buffer.withLock { bytes in
                bytes.append(contentsOf: data)
                while let newline = bytes.firstIndex(of: 0x0A) {
                    let line = String(decoding: bytes[..<newline], as: UTF8.self)
                    bytes.removeSubrange(...newline)
                    read.lines.withLock { $0.append(line) }
                }
            }
            read.arrived.signal()
        }
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Every line written so far.
    var output: [String] { read.lines.withLock { $0 } }

    /// What it wrote on standard error.
    var standardError: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// The events written so far, parsed.
    var events: [[String: Any]] {
        output.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Waits until `count` events (after the first `after`) match `predicate`, at most `timeout`
    /// seconds; returns the matching events (fewer when it timed out).
    @discardableResult
    func wait(
        for count: Int = 1, after start: Int = 0, timeout: Double = 30,
        _ predicate: ([String: Any]) -> Bool
    ) -> [[String: Any]] {
        let deadline = DispatchTime.now() + timeout
        while true {
            let matching = events.dropFirst(start).filter(predicate)
            if matching.count >= count { return Array(matching) }
            // Woken by the next lines, or by the deadline.
            if read.arrived.wait(timeout: deadline) == .timedOut {
                return Array(events.dropFirst(start).filter(predicate))
            }
        }
    }

    /// Waits until the process has written a line, at most `timeout` seconds.
    /// - Returns: whether it has.
    @discardableResult
    func waitForOutput(timeout: Double = 60) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while output.isEmpty {
            if read.arrived.wait(timeout: deadline) == .timedOut { return !output.isEmpty }
        }
        return true
    }

    /// Sends `signal` and waits for the process to exit (at most `timeout` seconds).
    /// - Returns: The exit status, or `nil` when it did not exit in time (it is then killed).
    func stop(_ signal: Int32 = SIGTERM, timeout: Double = 10) -> Int32? {
        if !process.isRunning {
            process.waitUntilExit()
            return process.terminationStatus
        }
        kill(process.processIdentifier, signal)
        guard exited.wait(timeout: .now() + timeout) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Events of a kind: `event` is "widget" with `reason`, for widget `id` when given.
func isWidgetEvent(_ reason: String, id: String? = nil) -> ([String: Any]) -> Bool {
    { event in
        event["event"] as? String == "widget" && event["reason"] as? String == reason
            && (id == nil || event["id"] as? String == id)
    }
}
