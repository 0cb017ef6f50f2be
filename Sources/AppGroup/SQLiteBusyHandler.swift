#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a connection waits for a lock another process holds: retries with exponential backoff and
/// random jitter, until ``timeout`` has passed since the first refusal.
///
/// SQLite's own `sqlite3_busy_timeout` sleeps a fixed schedule (1, 2, 5, 10 ... 100 ms), the same
/// for every waiter: in a burst of hundreds of processes the waiters wake in step and all but one
/// go back to sleep, while a lock freed between two wake-ups stays idle. Random delays spread the
/// attempts out, and short first delays let a waiter take a lock that is held for a millisecond
/// without sleeping much longer than that. The ceiling is a trade: each wake-up costs a context
/// switch, and a thousand waiters waking every 20 ms took the CPU from the processes they waited
/// for (in one run, a 1,000-process burst took 1.6 times as long as with 50 ms).
///
/// Not `Sendable`: SQLite calls it on the thread that runs the connection's statement, and the
/// connection has one user at a time.
final class SQLiteBusyHandler {
    /// The longest the connection waits for one lock.
    var timeout: Duration
    /// The first retry's delay at most; each retry doubles it up to ``maximumDelay``.
    static let firstDelay: Duration = .milliseconds(1)
    /// The longest delay between two attempts.
    static let maximumDelay: Duration = .milliseconds(50)

    /// The first retry's delay, and the longest, for the one writer at the head of the
    /// ``SQLiteWriterQueue``: it polls alone, so it can poll often.
    static let firstDelayAlone: Duration = .microseconds(50)
    /// See ``firstDelayAlone``.
    static let maximumDelayAlone: Duration = .microseconds(500)

    /// When the current wait began (monotonic nanoseconds).
    private var start: UInt64 = 0
    /// Set by ``beginWait(at:alone:)``: the next first refusal keeps ``start``.
    private var startIsSet = false
    /// Whether this waiter polls alone (it heads the writer queue).
    private var isAlone = false
    /// How long the latest wait that gave up lasted, until a later statement succeeds.
    var lastGivenUpWait: Duration?

    /// A handler that waits at most `timeout` for each lock.
    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Whether SQLite should try to take the lock again, after sleeping, the `attempt`th time it was
    /// refused (0 for the first refusal of this lock).
    ///
    /// - Returns: `false` once ``timeout`` has passed since the first refusal; the statement then
    ///   fails with `SQLITE_BUSY`, and ``lastGivenUpWait`` says how long it waited.
    func shouldRetry(attempt: Int) -> Bool {
        let now = Self.monotonicNanoseconds()
        if attempt == 0 {
            if !startIsSet { start = now }
            startIsSet = false
            lastGivenUpWait = nil
        }
        let waited = Duration.nanoseconds(Int64(clamping: now &- start))
        guard waited < timeout else {
            lastGivenUpWait = waited
            return false
        }
        let ceiling = isAlone ? Self.delayCeilingAlone(attempt: attempt) : Self.delayCeiling(attempt: attempt)
        // Half fixed, half random: waiters that started together drift apart, and none sleeps
        // less than half its share.
        let nanoseconds = Self.nanoseconds(ceiling)
        var delay = nanoseconds / 2 + Int64.random(in: 0...max(nanoseconds / 2, 0))
        delay = min(delay, Self.nanoseconds(timeout - waited))
        Self.sleep(nanoseconds: delay)
        return true
    }

    /// The longest delay before retry number `attempt`: ``firstDelay`` doubled per attempt, at most
    /// ``maximumDelay``.
    static func delayCeiling(attempt: Int) -> Duration {
        let doubled = firstDelay * (1 << min(max(attempt, 0), 16))
        return min(doubled, maximumDelay)
    }

    /// ``delayCeiling(attempt:)`` for a writer polling alone at the head of the writer queue.
    static func delayCeilingAlone(attempt: Int) -> Duration {
        let doubled = firstDelayAlone * (1 << min(max(attempt, 0), 16))
        return min(doubled, maximumDelayAlone)
    }

    /// Starts a wait that began at `start` (before queueing), so the time queued counts toward
    /// ``timeout``; `alone` says whether this waiter heads the writer queue. Ended by
    /// ``endWait()``.
    func beginWait(at start: UInt64, alone: Bool) {
        self.start = start
        startIsSet = true
        isAlone = alone
    }

    /// Ends the wait ``beginWait(at:alone:)`` started.
    func endWait() {
        startIsSet = false
        isAlone = false
    }

    /// How long since `start` (monotonic nanoseconds).
    static func elapsed(since start: UInt64) -> Duration {
        .nanoseconds(Int64(clamping: monotonicNanoseconds() &- start))
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let components = duration.components
        return components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }

    private static func sleep(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(
            tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }

    /// Monotonic time in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
