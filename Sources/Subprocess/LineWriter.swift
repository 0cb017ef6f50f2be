import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes lines to a non-blocking descriptor in order: directly when the pipe has room (the usual
/// case: no thread hand-off), otherwise the rest goes to a backlog that a serial queue writes as the
/// reader makes room. A full pipe never blocks the sender.
package final class LineWriter: Sendable {
    private struct State {
        var fd: Int32
        var backlog: [UInt8] = []
    }

    private let state: Mutex<State>
    private let queue: DispatchQueue

    /// A writer to `fd`, which it closes in ``close()``.
    package init(fd: Int32, label: String) {
        state = Mutex(State(fd: fd))
        queue = DispatchQueue(label: label)
    }

    /// Writes `line` after every line before it. Nothing is written once the descriptor is closed
    /// or its reader is gone (EPIPE); whoever reads the other side finds out why.
    package func write(_ line: [UInt8]) {
        let startDrain = state.withLock { state -> Bool in
            guard state.fd >= 0 else { return false }
            guard state.backlog.isEmpty else {
                state.backlog += line  // the queue is already draining
                return false
            }
            guard let written = Self.writeSome(state.fd, line[...]), written < line.count else {
                return false
            }
            state.backlog = Array(line[written...])
            return true
        }
        if startDrain { queue.async { [self] in drain() } }
    }

    /// Closes the descriptor; whatever was not written yet is dropped.
    package func close() {
        state.withLock { state in
            if state.fd >= 0 { closeDescriptor(state.fd) }
            state.fd = -1
            state.backlog = []
        }
    }

    /// Writes the backlog as the pipe empties, until it is written or the descriptor is closed.
    private func drain() {
        while true {
            let fd = state.withLock { state -> Int32 in
                guard state.fd >= 0 else { return -1 }
                guard let written = Self.writeSome(state.fd, state.backlog[...]) else {
                    state.backlog = []
                    return -1
                }
                state.backlog.removeFirst(written)
                return state.backlog.isEmpty ? -1 : state.fd
            }
            guard fd >= 0 else { return }
            // Waits for room, re-checking now and then whether the descriptor was closed meanwhile.
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&poller, 1, 100)
        }
    }

    /// Writes as much of `bytes` to the non-blocking `fd` as fits now: the count written (0 when
    /// the pipe is full), or `nil` when the reader is gone (EPIPE, closed).
    static func writeSome(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
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
