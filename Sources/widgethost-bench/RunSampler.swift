import Foundation
import Synchronization

/// Runs one command over and over on a thread of its own, one at a time, while something else is
/// measured (a burst of processes), and keeps how long each took.
final class RunSampler: Sendable {
    private let executable: String
    private let arguments: [String]
    private let state = Mutex<(running: Bool, times: [Double], failures: Int)>((false, [], 0))
    private let finished = DispatchSemaphore(value: 0)

    /// A sampler of `executable` with `arguments`.
    init(_ executable: String, _ arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// How many runs since the latest ``start()`` exited with a status other than 0.
    var failures: Int { state.withLock { $0.failures } }

    /// Starts running the command, over and over, until ``stop()``.
    func start() {
        state.withLock { $0 = (true, [], 0) }
        let thread = Thread { [self] in
            while state.withLock({ $0.running }) {
                let start = Clock.now()
                let status = (try? SpawnedProcess.spawn(executable, arguments))?.wait() ?? -1
                let seconds = Double(Clock.now() - start) / 1e9
                state.withLock { state in
                    // A run that ends after stop() overlapped the burst only in part: not kept.
                    guard state.running else { return }
                    state.times.append(seconds)
                    if status != 0 { state.failures += 1 }
                }
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops after the run in progress ends.
    ///
    /// - Returns: How long each run took, in seconds, in order.
    func stop() -> [Double] {
        let times = state.withLock { state in
            state.running = false
            return state.times
        }
        finished.wait()
        return times
    }
}
