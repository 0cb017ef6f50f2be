import Foundation
import Testing

/// A trait that runs a test, or every test of a suite, on threads of its own instead of the
/// cooperative pool: for the tests that spend seconds waiting on a live host (a plugin's timers,
/// a browser starting, a terminal redrawing) rather than working.
///
/// Swift Testing runs every test on the cooperative pool, which has a thread per core. A test
/// that blocks while it waits holds one of them, and on a two-core machine halves the pace of the
/// whole suite for as long as it waits. Under this trait the test's task prefers
/// ``ThreadPerJobExecutor``: its body, synchronous or not, runs on a thread started for it, as the
/// same task, so `#expect` and the test's task-local state work as on the pool, and the pool's
/// threads go on running the other tests.
struct OwnThreadsTrait: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else { return try await function() }
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the test, or every test of the suite, on threads of its own: ``OwnThreadsTrait``.
    static var ownThreads: Self { Self() }
}

/// A task executor that runs each job it is given on a new thread: the waiting tests it serves are
/// few, and a job of theirs may block for seconds.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.name = "test own thread"
        thread.start()
    }
}
