import Foundation

/// Blocking work (reaping a process, waiting out a grace period) run on a thread of its own and
/// awaited, so no thread of Swift's cooperative pool is held while it waits.
package enum OffPool {
    /// Runs `work` on a new thread and returns its result.
    package static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
