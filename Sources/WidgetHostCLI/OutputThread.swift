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
final class OutputThread: Sendable {
    /// What the thread is asked to do.
    enum Chunk: Sendable {
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

    /// Starts the thread.
    init(capacity: Int = 4) {
        self.capacity = max(1, capacity)
        let thread = Thread { [self] in run() }
        thread.name = "widgethost output"
        thread.start()
    }

    /// Adds `chunk`, waiting for room first when ``capacity`` chunks are waiting already.
    func write(_ chunk: Chunk) async {
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
    func finish() async {
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

    private func run() {
        while true {
            wake.wait()
            let (chunk, room, end) = state.withLock {
                state -> (Chunk?, CheckedContinuation<Void, Never>?, CheckedContinuation<Void, Never>?) in
                guard state.chunks.isEmpty else {
                    let chunk = state.chunks.removeFirst()
                    var room: CheckedContinuation<Void, Never>?
                    if state.chunks.count <= capacity {
                        room = state.waitingForRoom
                        state.waitingForRoom = nil
                    }
                    return (chunk, room, nil)
                }
                guard state.finished else { return (nil, nil, nil) }
                state.ended = true
                let end = state.waitingForEnd
                state.waitingForEnd = nil
                return (nil, nil, end)
            }
            room?.resume()
            switch chunk {
            case .data(let bytes)?: StandardStream.output.writeData(bytes)
            case .text(let text)?: StandardStream.output.write(text)
            case nil:
                if state.withLock({ $0.ended }) {
                    end?.resume()
                    return
                }
            }
        }
    }
}
