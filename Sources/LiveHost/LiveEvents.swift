import Diagnostics
import Dispatch
public import Foundation
public import PluginHosting
package import Subprocess
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What wakes the live host: a due date reached, files changed in a watched directory, a signal.
///
/// One thread waits in `poll(2)` on an inotify descriptor and a wake pipe, with the timeout of the
/// next due date, and nothing else: no polling loop, no CPU while nothing is due. Signals
/// (SIGUSR1: reload all; SIGINT, SIGTERM: stop) arrive through Dispatch sources that write to the
/// wake pipe.
public final class LiveEvents: LiveEventSource {
    /// One wake-up.
    public enum Event: Sendable {
        /// The due date set with ``wake(at:)`` was reached.
        case due
        /// Names changed in watched directories.
        case files([FileChange])
        /// The kernel's queue of file events overflowed (`IN_Q_OVERFLOW`): some changes were lost,
        /// and any watched file may have changed.
        case filesLost
        /// SIGUSR1: reload every timeline.
        case reloadAll
        /// SIGINT or SIGTERM, or ``stop()``: end the host.
        case stop
        /// A plugin exited on its own.
        case pluginExited(PluginFailure)
    }

    /// One name changed in a watched directory.
    public struct FileChange: Sendable {
        /// The watched directory, as it was given to ``watch(directory:)``.
        public var directory: String
        /// The name in it.
        public var name: String
        /// Whether the name was only created (`IN_CREATE`), and is not a directory: a file made
        /// by `open` is then still empty, and its close (`IN_CLOSE_WRITE`) is reported after its
        /// writer is done; a link (`ln`, `ln -s`) is whole when it is made, and has no close.
        public var isCreation: Bool

        /// A change of `name` in `directory`.
        public init(directory: String, name: String, isCreation: Bool = false) {
            self.directory = directory
            self.name = name
            self.isCreation = isCreation
        }
    }

    private struct State {
        var deadline: Date?
        var directories: [Int32: String] = [:]
        /// The reverse of `directories`: the watch of each directory.
        var descriptors: [String: Int32] = [:]
        var reloadAll = false
        /// Whether the directories were given once (the start's, whose files the host reads).
        var hasWatched = false
        /// Whether a stop is to be reported (cleared once the waiter reports it; ``stopRequest``
        /// keeps that one was asked for, for good).
        var stop = false
        var ended = false
    }

    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())
    private let stopRequest = StopRequest()
    // Dispatch sources are thread-safe; these are only made in `init` and cancelled in `close()`.
    private nonisolated(unsafe) var signals: [any DispatchSourceSignal] = []
    public let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    /// Starts waiting. - Throws: the `errno` when inotify or the pipe cannot be made.
    package init() throws(SpawnError) {
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw SpawnError(code: errno) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            Glibc.close(inotify)
            throw SpawnError(code: errno)
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        signals = makeSignalSources()
        Thread.detachNewThread { [self] in waitLoop() }
    }

    /// Watches `directory` for files written and closed, created, renamed in or out, and deleted
    /// (editors that save by rename included). A file is reported once it is closed, not at every
    /// write, so a file saved in several writes is read once, whole; a creation is reported marked
    /// as one (``FileChange/isCreation``), for the host to wait for its close.
    private func watch(directory: String) {
        let mask = UInt32(
            IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF
                | IN_MOVE_SELF)
        let descriptor = FileSystemName.withCString(directory) { inotify_add_watch(inotify, $0, mask) }
        guard descriptor >= 0 else { return }
        state.withLock { state in
            state.directories[descriptor] = directory
            state.descriptors[directory] = descriptor
        }
    }

    /// Watches the directories of `directories` not watched yet (``watch(directory:)``), and stops
    /// watching every other one.
    /// - Complexity: O(n) in the directories watched and given, and one system call per
    ///   directory added or removed: the host calls it once per change of what it watches, and
    ///   at thousands of directories a lookup per directory in a set rebuilt each time was
    ///   quadratic (seconds of CPU per file added).
    public func watch(only directories: Set<String>) {
        let (gone, new) = state.withLock { state in
            let gone = state.descriptors.filter { !directories.contains($0.key) }
            // Two paths of one directory (a link) share a watch: it stays while one is kept.
            let kept = Set(state.descriptors.values).subtracting(gone.values)
            for (directory, descriptor) in gone {
                state.descriptors[directory] = nil
                if !kept.contains(descriptor) { state.directories[descriptor] = nil }
            }
            let new = directories.filter { state.descriptors[$0] == nil }
            return (Set(gone.values).subtracting(kept), new)
        }
        for descriptor in gone { inotify_rm_watch(inotify, descriptor) }
        for directory in new { watch(directory: directory) }
        // A directory watched after the start (made while the host ran, a configuration's new
        // include folder) may have had files written in it before its watch was added, whose
        // events no watch saw: each name in it is reported as a change, so the host reads it.
        let isFirst = state.withLock { state in
            defer { state.hasWatched = true }
            return !state.hasWatched
        }
        guard !isFirst else { return }
        var missed: [FileChange] = []
        for directory in new {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                missed.append(FileChange(directory: directory, name: name))
            }
        }
        if !missed.isEmpty { continuation.yield(.files(missed)) }
    }

    /// Whether a stop was asked for (SIGINT, SIGTERM, SIGHUP, ``stop()``, or standard output gone):
    /// the host reads it between units of work, so that a long batch of work does not hold it.
    public var isStopping: Bool { stopRequest.isAsked }

    /// Sets the next due date (`nil`: none) and wakes the waiter so it waits for that one.
    public func wake(at date: Date?) {
        state.withLock { $0.deadline = date }
        poke()
    }

    /// Reports that a plugin exited on its own.
    public func pluginExited(_ failure: PluginFailure) {
        continuation.yield(.pluginExited(failure))
    }

    /// What to do the moment a stop is asked for (SIGINT, SIGTERM, SIGHUP or ``stop()``), on the
    /// thread that asks: the host reads the stop only between its events, which may be long in
    /// coming while it waits on a plugin.
    public func onStop(_ action: @escaping @Sendable () -> Void) {
        stopRequest.onStop(action)
    }

    /// Ends the host, as SIGTERM does.
    public func stop() {
        stopRequest.ask()
        state.withLock { $0.stop = true }
        poke()
    }

    /// Stops the waiter thread and releases the descriptors.
    public func close() {
        state.withLock { $0.ended = true }
        poke()
        for source in signals { source.cancel() }
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func makeSignalSources() -> [any DispatchSourceSignal] {
        var sources: [any DispatchSourceSignal] = []
        // SIGHUP: the terminal was closed; the host ends as for SIGTERM, plugins included.
        for number in [SIGUSR1, SIGINT, SIGTERM, SIGHUP] {
            // Dispatch delivers a signal only when its default action is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                if number == SIGUSR1 {
                    state.withLock { $0.reloadAll = true }
                    poke()
                } else {
                    stop()
                }
            }
            source.resume()
            sources.append(source)
        }
        return sources
    }

    private func waitLoop() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let (deadline, ended) = state.withLock { ($0.deadline, $0.ended) }
            if ended { break }
            var timeout: Int32 = -1
            if let deadline {
                let milliseconds = (deadline.timeIntervalSinceNow * 1000).rounded(.up)
                timeout = Int32(max(0, min(milliseconds, 3_600_000)))
            }
            // Standard output with no events asked: poll still says when its reader is gone (a pipe
            // whose reader exited, a terminal hung up), which ends the host at once rather than at
            // its next write.
            var fds = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: 1, events: 0, revents: 0),
            ]
            let ready = poll(&fds, 3, timeout)
            if fds[2].revents & Int16(POLLERR | POLLHUP) != 0 {
                continuation.yield(.stop)
                state.withLock { $0.ended = true }
                stopRequest.record()
                continue
            }
            if ready < 0 && errno == EINTR { continue }
            if fds[1].revents != 0 {
                while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
            }
            let (reloadAll, stop) = state.withLock { state -> (Bool, Bool) in
                defer {
                    state.reloadAll = false
                    state.stop = false
                }
                return (state.reloadAll, state.stop)
            }
            if stop { continuation.yield(.stop) }
            if reloadAll { continuation.yield(.reloadAll) }
            if fds[0].revents != 0 {
                let (changed, lost) = readChanges(&buffer)
                if !changed.isEmpty { continuation.yield(.files(changed)) }
                if lost { continuation.yield(.filesLost) }
            }
            if ready == 0, let deadline, deadline <= Date() {
                state.withLock { state in
                    if state.deadline == deadline { state.deadline = nil }
                }
                continuation.yield(.due)
            }
        }
        continuation.finish()
        Glibc.close(inotify)
    }

    // The wake pipe lives as long as this object: a stop or a ``close()`` after the waiter ended
    // (the host closes once more as it returns) writes to it, not to a descriptor reused since.
    deinit {
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// The change of every inotify event waiting, and whether the kernel dropped some.
    private func readChanges(_ buffer: inout [UInt8]) -> (changes: [FileChange], lost: Bool) {
        var changes: [FileChange] = []
        var lost = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { lost = true }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)]
                let name = FileSystemName.string(fromBytes: nameBytes.prefix { $0 != 0 })
                if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    // The directory itself was removed or moved away (`rm -rf c; mkdir c`): its
                    // watch is gone, or follows the old folder; the host is told its path changed,
                    // and watches whatever comes to have that path again.
                    if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(inotify, descriptor) }
                    let gone = state.withLock { state -> String? in
                        guard let directory = state.directories.removeValue(forKey: descriptor) else {
                            return nil
                        }
                        if state.descriptors[directory] == descriptor { state.descriptors[directory] = nil }
                        return directory
                    }
                    if let directory = gone {
                        changes.append(
                            FileChange(
                                directory: directory.parentPath,
                                name: (directory as NSString).lastPathComponent, isCreation: false))
                    }
                } else if let directory = state.withLock({ $0.directories[descriptor] }) {
                    let created = mask & UInt32(IN_CREATE) != 0 && mask & UInt32(IN_ISDIR) == 0
                    changes.append(FileChange(directory: directory, name: name, isCreation: created))
                }
                offset += header + length
            }
        }
        return (changes, lost)
    }
}
