public import Foundation
import Synchronization

/// What the live host reads as now: the wall clock when it runs for a person, a virtual one when
/// a test (or a simulation) drives it through a day in milliseconds.
public protocol LiveClock: Sendable {
    /// The time now.
    func now() -> Date
}

/// The system's wall clock.
public struct SystemClock: LiveClock {
    /// The wall clock.
    public init() {}

    public func now() -> Date { Date() }
}

/// A clock that reads what it was last set to, and moves only when told.
public final class VirtualClock: LiveClock {
    private let date: Mutex<Date>

    /// A clock reading `start`.
    public init(_ start: Date) {
        date = Mutex(start)
    }

    public func now() -> Date { date.withLock { $0 } }

    /// Sets the clock to `date` (later or earlier).
    public func set(_ date: Date) {
        self.date.withLock { $0 = date }
    }
}

/// A clock that read `start` at `origin` and runs at the wall clock's pace from there: the host of
/// `watch --at DATE` and `serve --at DATE`, living through DATE's day in real time.
public struct ShiftedClock: LiveClock {
    /// What the clock read at `origin`.
    public let start: Date
    /// When it read `start`, on the monotonic clock (which no change of the wall clock moves).
    public let origin: ContinuousClock.Instant

    /// A clock reading `start` at `origin` (now, unless given).
    public init(start: Date, origin: ContinuousClock.Instant = .now) {
        self.start = start
        self.origin = origin
    }

    public func now() -> Date {
        start.addingTimeInterval(origin.duration(to: .now) / .seconds(1))
    }
}
