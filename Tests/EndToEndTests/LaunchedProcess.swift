import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started and not yet waited for, so a test can start a hundred at once and then
/// wait for each, or kill one in the middle of a write.
///
/// Like ``WidgetHostProcess``, output goes to files (in a scratch directory of its own), never to
/// pipes a busy test might not drain.
final class LaunchedProcess {
    /// How a launched process ended.
    struct Exit: Sendable {
        /// Standard output, decoded as UTF-8.
        var standardOutput: String
        /// Standard error, decoded as UTF-8.
        var standardError: String
        /// The exit status when the process exited; `nil` when a signal ended it.
        var status: Int32?
        /// The signal that ended the process (SIGKILL, SIGSEGV, ...); `nil` when it exited.
        var signal: Int32?
        /// Wall time from launch to the end.
        var duration: Duration

        /// The status, or a description of how the process did not exit, for messages.
        var summary: String {
            if let status { return "exit \(status)" }
            return "signal \(signal ?? 0)"
        }
    }

    /// The process's id.
    let processIdentifier: Int32

    private let process: Process
    private let scratch: TemporaryDirectory
    private let outputHandle: FileHandle
    private let errorHandle: FileHandle
    private let exited = DispatchSemaphore(value: 0)
    private let start = ContinuousClock.now

    /// Starts `executable` with `arguments`, standard input `/dev/null`.
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Variables set on top of the test's environment, from which `NO_COLOR` is
    ///     removed first.
    ///   - directory: The working directory.
    /// - Throws: When the process cannot be started.
    init(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String] = [:],
        directory: URL? = nil
    ) throws {
        scratch = try TemporaryDirectory()
        outputHandle = try scratch.handleForWriting(scratch.url.appendingPathComponent("stdout"))
        errorHandle = try scratch.handleForWriting(scratch.url.appendingPathComponent("stderr"))
        process = Process.child(executable, arguments, environment: environment, directory: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        processIdentifier = process.processIdentifier
    }

    /// What the process has written to standard output so far.
    var standardOutputSoFar: String {
        (try? String(contentsOf: scratch.url.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
    }

    /// Sends `signal` to the process (SIGKILL unless told).
    func kill(_ signal: Int32 = SIGKILL) {
        _ = sendSignal(signal, to: processIdentifier)
    }

    /// Whether the process has ended.
    var hasExited: Bool { !process.isRunning }

    /// Waits for the process to end, killing it with SIGKILL when it outlives `timeout`; call it once.
    ///
    /// - Returns: How it ended and what it wrote.
    /// - Throws: When its output cannot be read back.
    func wait(timeout: Duration = .seconds(30)) throws -> Exit {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            kill()
            exited.wait()
        }
        let duration = ContinuousClock.now - start
        try outputHandle.close()
        try errorHandle.close()
        let signaled = process.terminationReason == .uncaughtSignal
        return Exit(
            standardOutput: String(
                decoding: try Data(contentsOf: scratch.url.appendingPathComponent("stdout")), as: UTF8.self),
            standardError: String(
                decoding: try Data(contentsOf: scratch.url.appendingPathComponent("stderr")), as: UTF8.self),
            status: signaled ? nil : process.terminationStatus,
            signal: signaled ? process.terminationStatus : nil,
            duration: duration
        )
    }
}

/// `kill(2)`, which the method of the same name hides inside ``LaunchedProcess``.
private func sendSignal(_ signal: Int32, to process: Int32) -> Int32 {
    kill(process, signal)
}

extension TemporaryDirectory {
    /// The environment ``widgethost(_:environment:)`` runs `widgethost` in: `HOME` and
    /// `XDG_DATA_HOME` inside this directory and no `WIDGETHOST_STORE` from the test's own
    /// environment, then `extra` on top.
    func widgethostEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var variables = [
            "WIDGETHOST_STORE": "",
            "HOME": url.appendingPathComponent("home").path,
            "XDG_DATA_HOME": url.appendingPathComponent("data").path,
        ]
        variables.merge(extra) { _, new in new }
        return variables
    }

    /// Starts `widgethost` with `arguments` in this directory, as ``widgethost(_:environment:)``
    /// runs it, without waiting for it.
    func launchWidgetHost(_ arguments: [String], environment: [String: String] = [:]) throws
        -> LaunchedProcess
    {
        try LaunchedProcess(
            WidgetHostProcess.executableURL, arguments, environment: widgethostEnvironment(environment),
            directory: url)
    }

    /// Runs `widgethost` with `arguments` in this directory and waits for it, telling an exit from a
    /// signal (which ``widgethost(_:environment:)`` cannot: a crash's status is the signal's number).
    func widgethostExit(_ arguments: [String], environment: [String: String] = [:]) throws
        -> LaunchedProcess.Exit
    {
        try launchWidgetHost(arguments, environment: environment).wait()
    }
}
