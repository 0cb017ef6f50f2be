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
