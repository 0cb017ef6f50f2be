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

    /// The name of its threads (at most 15 bytes, the kernel's limit).
    static let threadName = "test-own-thread"

    /// The name of the thread the caller runs on.
    static var currentThreadName: String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .newlines)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread {
            // Named, as a test can check (a new thread takes its creator's name on Linux).
            try? Data(Self.threadName.utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
            job.runSynchronously(on: executor)
        }
    }
}

/// The trait does what the suite's time relies on: a test under it runs on a thread of its own,
/// and reports its expectations as any test does.
@Suite struct OwnThreadsTests {
    @Test(.ownThreads) func aTestUnderTheTraitRunsOnAThreadOfItsOwn() {
        #expect(ThreadPerJobExecutor.currentThreadName == ThreadPerJobExecutor.threadName)
    }

    @Test(.ownThreads) func anAwaitingTestComesBackToAThreadOfItsOwn() async throws {
        try await Task.sleep(for: .milliseconds(1))
        #expect(ThreadPerJobExecutor.currentThreadName == ThreadPerJobExecutor.threadName)
    }

    @Test func aTestWithoutItRunsOnThePool() {
        #expect(ThreadPerJobExecutor.currentThreadName != ThreadPerJobExecutor.threadName)
    }
}
