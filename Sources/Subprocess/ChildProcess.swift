import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process in a process group of its own, with pipes for its three standard streams: how
/// it is started, signalled, reaped, and torn down in steps.
///
/// Ending the group ends whatever the child started; every child is reaped.
package final class ChildProcess: Sendable {
    /// One step of tearing a child down, as swift-subprocess names them.
    package enum TeardownStep: Sendable, Equatable {
        /// Wait this long for the child to exit on its own (its stdin is closed).
        case wait(seconds: Double)
        /// Send `signal` to the whole group, then wait this long.
        case signal(Int32, thenWait: Double)
    }

    /// The process id, which is also its process group id.
    package let pid: Int32
    /// The host's end of the child's stdin (non-blocking).
    package let standardInput: Int32
    /// The host's end of the child's stdout.
    package let standardOutput: Int32
    /// The host's end of the child's stderr.
    package let standardError: Int32
    /// The exit status once reaped.
    private let exitStatus = Mutex<Int32?>(nil)

    /// The children this process started and has not reaped yet. A process's children are a fact
    /// of the whole process, not of one run, so this one table is process-wide: any other child
    /// is an orphan adopted as subreaper (see ``endAdoptedOrphans()``).
    private static let started = Mutex<Set<pid_t>>([])

    /// Whether this process is a child subreaper (``becomeSubreaper()``).
    private static let subreaper = Mutex(false)

    /// Makes this process a child subreaper, so a plugin's descendants that leave its group
    /// (`setsid()`) and outlive their parent become this process's children, and are ended with
    /// the plugin (``endAdoptedOrphans()``). Only the executable calls it: a test process hosting
    /// plugins beside other tests' children must not end those.
    package static func becomeSubreaper() {
        subreaper.withLock { on in
            if !on { on = widgethost_become_child_subreaper() == 0 }
        }
    }

    private init(pid: pid_t, standardInput: Int32, standardOutput: Int32, standardError: Int32) {
        self.pid = pid
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Starts `executable` with `arguments` in `directory`, with `environment`, in a new process
    /// group, its signal mask cleared and SIGPIPE back to its default.
    /// - Throws: The `errno` of what failed (a pipe, the spawn).
    package static func spawn(
        executable: String,
        arguments: [String],
        directory: String,
        environment: [String: String]
    ) throws(SpawnError) -> ChildProcess {
        // A child that dies makes the next write to its stdin fail; without this the host would
        // die of SIGPIPE instead of reporting it. Children get the default back (below).
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard makePipe(&input), makePipe(&output), makePipe(&errors) else {
            let code = errno
            for fd in input + output + errors where fd >= 0 { closeDescriptor(fd) }
            throw SpawnError(code: code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        _ = widgethost_spawn_file_actions_addchdir(&actions, directory)
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

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        var status: Int32 = 0
        // ETXTBSY: another thread of this process forked while the executable was still open for
        // writing (a plugin installed a moment ago); it clears as soon as that child execs.
        // The child is entered in `started` under the same lock it is spawned in, so that
        // ``endAdoptedOrphans()`` (which lists this process's children before it reads `started`)
        // never takes a child being started for an orphan.
        started.withLock { started in
            for attempt in 0..<20 {
                if attempt > 0 { usleep(10_000) }
                status = withCStrings(argv) { argvPointers in
                    withCStrings(envp) { envPointers in
                        posix_spawn(&pid, executable, &actions, &attributes, argvPointers, envPointers)
                    }
                }
                if status != ETXTBSY { break }
            }
            if status == 0 { started.insert(pid) }
        }
        closeDescriptor(input[0])
        closeDescriptor(output[1])
        closeDescriptor(errors[1])
        guard status == 0 else {
            closeDescriptor(input[1])
            closeDescriptor(output[0])
            closeDescriptor(errors[0])
            throw SpawnError(code: status)
        }
        // The host's end of stdin never blocks: a child that stops reading cannot hold the host.
        _ = fcntl(input[1], F_SETFL, fcntl(input[1], F_GETFL) | O_NONBLOCK)
        return ChildProcess(
            pid: pid, standardInput: input[1], standardOutput: output[0], standardError: errors[0])
    }

    /// Sends `signal` to the child's whole group.
    func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }

    /// The exit status once the child is reaped, waiting at most `seconds` (forever for `nil`).
    @discardableResult
    package func reap(waiting seconds: Double?) -> Int32? {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        while true {
            let reaped: Int32? = exitStatus.withLock { exitStatus in
                if let status = exitStatus { return status }
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid || (result < 0 && errno == ECHILD) {
                    exitStatus = result == pid ? status : 0
                    Self.started.withLock { _ = $0.remove(pid) }
                    return exitStatus
                }
                return nil
            }
            if let reaped { return reaped }
            if let deadline, Date() >= deadline { return nil }
            usleep(5000)
        }
    }

    /// The usual teardown: wait `grace` for the child to exit, then SIGTERM and `grace` more, then
    /// SIGKILL.
    package static func teardown(grace: Double) -> [TeardownStep] {
        [.wait(seconds: grace), .signal(SIGTERM, thenWait: grace), .signal(SIGKILL, thenWait: .infinity)]
    }

    /// Carries out `steps` until the child is reaped; whatever it started in its group is killed
    /// after.
    package func tearDown(_ steps: [TeardownStep]) {
        for step in steps {
            let wait: Double
            switch step {
            case .wait(let seconds): wait = seconds
            case .signal(let signal, let seconds):
                signalGroup(signal)
                wait = seconds
            }
            if reap(waiting: wait.isFinite ? wait : nil) != nil { break }
        }
        signalGroup(SIGKILL)
        Self.endAdoptedOrphans()
    }

    /// Blocks until the child exits (without reaping it, so ``reap(waiting:)`` still gets its
    /// status); `false` when it cannot tell (the child was reaped already).
    package func waitForExit() -> Bool {
        var info = siginfo_t()
        while true {
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    /// Kills every child this process started, with its group, and then what they leave behind
    /// (``endAdoptedOrphans()``): for a signal that ends the process before its plugins are torn
    /// down in steps. Reaps nothing of its own: the process is about to end.
    package static func killAllStarted() {
        for pid in started.withLock({ $0 }) {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        // A `setsid()` descendant is adopted once its parent has died: give the kernel a moment.
        for _ in 0..<10 where subreaper.withLock({ $0 }) {
            usleep(5000)
            endAdoptedOrphans()
        }
    }

    /// Kills and reaps every child of this process it did not start: descendants of plugins whose
    /// parents died (a `setsid()` grandchild), adopted because this process is a subreaper. Their
    /// own groups are killed too, and what they leave is adopted and ended in turn.
    static func endAdoptedOrphans() {
        guard subreaper.withLock({ $0 }) else { return }
        let me = getpid()
        for _ in 0..<8 {
            // Children first, then the table: a child listed was entered before the table is read.
            let children = children(of: me)
            let ours = started.withLock { $0 }
            let orphans = children.filter { !ours.contains($0) }
            guard !orphans.isEmpty else { return }
            for orphan in orphans {
                kill(-orphan, SIGKILL)
                kill(orphan, SIGKILL)
            }
            for orphan in orphans {
                var status: Int32 = 0
                while waitpid(orphan, &status, 0) < 0 && errno == EINTR {}
            }
        }
    }

    /// The processes whose parent is `parent`, from /proc.
    private static func children(of parent: pid_t) -> [pid_t] {
        // /proc/PID/task/TID/children lists a thread's children; every thread's, for the process.
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task")) ?? []
        return tasks.flatMap { task -> [pid_t] in
            guard let data = FileManager.default.contents(atPath: "/proc/\(parent)/task/\(task)/children")
            else {
                return []
            }
            return String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { pid_t($0) }
        }
    }
}

/// Why a child could not be started: the `errno` of the pipe or spawn that failed.
package struct SpawnError: Error, Sendable {
    /// The `errno` value.
    var code: Int32

    /// The error of `errno` value `code`.
    package init(code: Int32) { self.code = code }

    /// `strerror`'s words for it.
    package var reason: String { String(cString: strerror(code)) }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

/// `close(2)`.
func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}

/// A pipe whose ends close on exec, so no other child inherits them; the child gets its own ends
/// by `dup2`, which clears the flag.
private func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}
