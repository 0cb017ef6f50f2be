import Foundation

/// A wait that blocks (on a semaphore, a child's exit, a poll of a terminal) run on a thread of its
/// own, so the test awaiting it gives its thread back to the cooperative pool meanwhile.
///
/// Swift Testing runs tests on the pool, which has a thread per core: a synchronous test waiting
/// seconds for a plugin's timer or a browser holds one of them, and on two cores halves the
/// suite's pace while it waits. Awaited here, the other tests run on.
public enum OffPool {
    /// Runs `wait` on a new thread and returns what it returns.
    public static func run<Value>(_ wait: @escaping @Sendable () -> Value) async -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Unchecked<Value>, Never>) in
            Thread.detachNewThread { continuation.resume(returning: Unchecked(value: wait())) }
        }
        return result.value
    }

    /// Runs `wait`, which may throw, on a new thread and returns what it returns.
    public static func run<Value>(_ wait: @escaping @Sendable () throws -> Value) async throws -> Value {
        let result = await run { Unchecked(value: Result { try wait() }) }
        return try result.value.get()
    }

    /// A value handed from the waiting thread to the test, which alone uses it from then on.
    private struct Unchecked<Wrapped>: @unchecked Sendable {
        var value: Wrapped
    }
}

extension OffPool {
    /// Waits until a file is at `path`, at most `timeout` seconds, looking every 10 ms on a
    /// thread of its own.
    /// - Returns: Whether it is there.
    public static func fileAppears(at path: String, timeout: Double = 30) async -> Bool {
        await run {
            let deadline = Date().addingTimeInterval(timeout)
            while !FileManager.default.fileExists(atPath: path) {
                guard Date() < deadline else { return false }
                usleep(10_000)
            }
            return true
        }
    }
}
