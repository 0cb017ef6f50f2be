import Dispatch
import Foundation
import Synchronization

/// Writes a run's output on a thread of its own, so a reader slower than the run (a pipe into
/// another program, a terminal) blocks only this thread, never one of the cooperative pool's,
/// which evaluate the widgets: on a machine with few cores a blocked pool thread is a core lost.
///
/// At most ``capacity`` chunks wait to be written; a writer asking to add one more is suspended
/// (not blocked) until the thread has written one, so memory stays bounded however slow the
/// reader. Chunks are written in the order they were added.
public final class OutputThread: Sendable {
    /// What the thread is asked to do.
    public enum Chunk: Sendable {
        /// Bytes written exactly.
        case data([UInt8])
        /// Text written guarded for the terminal.
        case text(String)
    }

    private struct State {
        var chunks: [Chunk] = []
        var finished = false
        /// The writer waiting for room, if one is.
        var waitingForRoom: CheckedContinuation<Void, Never>?
        /// Whoever waits for everything to be written, once ``finish()`` was called.
        var waitingForEnd: CheckedContinuation<Void, Never>?
        var ended = false
    }

    /// How many chunks may wait to be written.
    let capacity: Int
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// Where the chunks go (standard output, for the executable), called on the thread.
    private let sink: @Sendable (Chunk) -> Void

    /// Starts the thread, which hands each chunk to `sink` in order.
    public init(capacity: Int = 4, sink: @escaping @Sendable (Chunk) -> Void) {
        self.capacity = max(1, capacity)
        self.sink = sink
        let thread = Thread { [self] in run() }
        thread.name = "widgethost output"
        thread.start()
    }

    /// Adds `chunk`, waiting for room first when ``capacity`` chunks are waiting already.
    public func write(_ chunk: Chunk) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let hasRoom = state.withLock { state -> Bool in
                state.chunks.append(chunk)
                guard state.chunks.count > capacity else { return true }
                state.waitingForRoom = continuation
                return false
            }
            wake.signal()
            if hasRoom { continuation.resume() }
        }
    }

    /// Returns once every chunk added is written, and ends the thread.
    public func finish() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                state.finished = true
                if state.ended { return true }
                state.waitingForEnd = continuation
                return false
            }
            wake.signal()
            if ended { continuation.resume() }
        }
    }

    /// What the thread does after a wake-up.
    private enum Step {
        /// Writes `chunk`, after letting a writer waiting for room go on.
        case write(Chunk, room: CheckedContinuation<Void, Never>?)
        /// Ends, letting whoever waits for the end go on.
        case end(CheckedContinuation<Void, Never>?)
        /// Nothing yet.
        case wait
    }

    private func run() {
        while true {
            wake.wait()
            let step = state.withLock { state -> Step in
                guard state.chunks.isEmpty else {
                    let chunk = state.chunks.removeFirst()
                    guard state.chunks.count <= capacity else { return .write(chunk, room: nil) }
                    defer { state.waitingForRoom = nil }
                    return .write(chunk, room: state.waitingForRoom)
                }
                guard state.finished else { return .wait }
                state.ended = true
                defer { state.waitingForEnd = nil }
                return .end(state.waitingForEnd)
            }
            switch step {
            case .write(let chunk, let room):
                room?.resume()
                sink(chunk)
            case .end(let waiting):
                waiting?.resume()
                return
            case .wait:
                continue
            }
        }
    }
}
