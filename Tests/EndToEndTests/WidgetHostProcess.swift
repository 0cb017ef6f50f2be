import Foundation
import TestSupport

/// Runs the built `widgethost` binary as a child process and captures what it did.
///
/// Output goes to temporary files rather than pipes, so a child writing megabytes never blocks on a
/// full pipe while the test waits for it to exit.
enum WidgetHostProcess {
    /// Where the child's standard input comes from.
    enum Input: Sendable {
        /// `/dev/null`, so a command reading standard input by mistake sees end of file, not the
        /// test runner's terminal.
        case none
        /// A regular file (standard input is seekable and has a size).
        case file(URL)
        /// A pipe holding these bytes, then closed; at most 64 KiB, so it is filled before launch.
        case pipe([UInt8])
    }

    /// What one run did.
    struct Result: Sendable {
        /// Standard output, decoded as UTF-8.
        var standardOutput: String
        /// Standard error, decoded as UTF-8.
        var standardError: String
        /// Standard error as written, to look for escape bytes.
        var standardErrorBytes: [UInt8]
        /// The exit status, or the signal's number when the child was killed.
        var status: Int32
        /// Wall time from launch to exit.
        var duration: Duration
        /// Whether the child outlived the timeout and was killed.
        var timedOut: Bool

        /// The first line of standard error, without its newline.
        var firstErrorLine: String {
            String(standardError.prefix { $0 != "\n" })
        }
    }

    /// Errors setting up a run, before the child starts.
    struct SetupError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The `widgethost` executable SwiftPM built next to the test bundle.
    static let executableURL = BuiltProduct.url("widgethost")

    /// Runs `script` with `/bin/sh -c`, for what needs the shell's redirections (a closed or full
    /// standard output, a pipe to a reader that stops early); the script finds the binary where
    /// the caller's environment says.
    static func runShell(
        _ script: String,
        environment: [String: String] = [:],
        directory: URL? = nil
    ) throws -> Result {
        try run(
            ["-c", script], environment: environment, directory: directory,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Runs `widgethost` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program name.
    ///   - input: Standard input.
    ///   - environment: Variables set on top of the test's environment, from which `NO_COLOR` is
    ///     removed first so every test says whether it wants it.
    ///   - directory: The working directory, so diagnostics can name files by relative paths.
    ///   - standardError: A file descriptor to use as standard error instead of a capture file (a
    ///     terminal, say); ``Result/standardError`` is then empty.
    ///   - timeout: How long the child may run before it is killed.
    /// - Returns: What the child wrote and how it exited.
    /// - Throws: When the child cannot be started or its output cannot be read back.
    static func run(
        _ arguments: [String],
        input: Input = .none,
        environment: [String: String] = [:],
        directory: URL? = nil,
        standardError: FileHandle? = nil,
        timeout: Duration = .seconds(20),
        executable: URL = executableURL
    ) throws -> Result {
        let scratch = try TemporaryDirectory()
        let outputURL = scratch.url.appendingPathComponent("stdout")
        let errorURL = scratch.url.appendingPathComponent("stderr")
        let outputHandle = try scratch.handleForWriting(outputURL)
        let errorHandle = try standardError ?? scratch.handleForWriting(errorURL)

        let process = Process.child(executable, arguments, environment: environment, directory: directory)
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        switch input {
        case .none:
            process.standardInput = FileHandle.nullDevice
        case .file(let url):
            process.standardInput = try FileHandle(forReadingFrom: url)
        case .pipe(let bytes):
            guard bytes.count <= 1 << 16 else {
                throw SetupError(description: "a piped input holds at most 64 KiB, not \(bytes.count) bytes")
            }
            let pipe = Pipe()
            try pipe.fileHandleForWriting.write(contentsOf: Data(bytes))
            try pipe.fileHandleForWriting.close()
            process.standardInput = pipe
        }

        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        var timedOut = false
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            timedOut = true
            process.terminate()
            exited.wait()
        }
        let duration = clock.now - start
        try outputHandle.close()
        if standardError == nil { try errorHandle.close() }

        let errorBytes = standardError == nil ? [UInt8](try Data(contentsOf: errorURL)) : []
        return Result(
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: errorBytes, as: UTF8.self),
            standardErrorBytes: errorBytes,
            status: process.terminationStatus,
            duration: duration,
            timedOut: timedOut
        )
    }
}
