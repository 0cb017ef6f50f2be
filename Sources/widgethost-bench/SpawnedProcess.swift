#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, its standard output and error sent to files: no
/// pipes to drain and no threads, so a thousand of them start as fast as the kernel allows.
struct SpawnedProcess {
    /// The child's process id.
    let pid: pid_t

    /// Why a process could not be started.
    struct Failure: Error, CustomStringConvertible {
        /// The executable.
        var path: String
        /// `posix_spawn`'s error number.
        var number: Int32

        var description: String { "cannot start '\(path)': \(String(cString: strerror(number)))" }
    }

    /// Starts `path` with `arguments` (not counting the program name), in the current directory,
    /// with this process's environment.
    ///
    /// - Parameters:
    ///   - standardOutput: The file standard output is appended to (`/dev/null` to drop it).
    ///   - standardError: The file standard error is appended to.
    /// - Throws: ``Failure`` when the process cannot be started.
    static func spawn(
        _ path: String, _ arguments: [String], standardOutput: String = "/dev/null",
        standardError: String = "/dev/null"
    ) throws(Failure) -> SpawnedProcess {
        try spawn(path, arguments, standardError: standardError) { actions in
            posix_spawn_file_actions_addopen(
                &actions, 1, standardOutput, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
    }

    /// Starts `path` with `arguments` as ``spawn(_:_:standardOutput:standardError:)`` does, its
    /// standard output the write end of `pipe` (whose read end the child closes), its standard
    /// error sent to `/dev/null`.
    ///
    /// - Throws: ``Failure`` when the process cannot be started.
    static func spawn(_ path: String, _ arguments: [String], pipe: [Int32]) throws(Failure) -> SpawnedProcess
    {
        try spawn(path, arguments, standardError: "/dev/null") { actions in
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
        }
    }

    /// Starts `path` with standard input from `/dev/null`, standard error appended to
    /// `standardError`, and standard output as `output` sets it up.
    private static func spawn(
        _ path: String, _ arguments: [String], standardError: String,
        output: (inout posix_spawn_file_actions_t) -> Void
    ) throws(Failure) -> SpawnedProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        output(&actions)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argv -> Int32 in
            guard let base = argv.baseAddress else { return EINVAL }
            return posix_spawn(&pid, path, &actions, nil, base, environ)
        }
        guard result == 0 else { throw Failure(path: path, number: result) }
        return SpawnedProcess(pid: pid)
    }

    /// Ends the process with SIGTERM and waits for it.
    func terminate() {
        kill(pid, SIGTERM)
        _ = wait()
    }

    /// Waits for the process to end.
    ///
    /// - Returns: Its exit status, or 128 plus the signal that ended it.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
