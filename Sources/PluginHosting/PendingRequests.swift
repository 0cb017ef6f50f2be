/// The requests sent to a plugin and not answered yet, with their deadlines, as a pure state
/// machine: it reads no clock and starts no timer. The caller passes the time in and carries out
/// what it returns (schedule the watchdog, stop the plugin), so deadlines are tested with plain
/// numbers instead of by sleeping, as swift-nio's embedded event loop allows.
///
/// One watchdog serves every request: it is scheduled only when a request's deadline is earlier
/// than the one it is set for, and when it fires it either finds a late request or moves itself to
/// the earliest deadline left. Requests answered meanwhile cost nothing.
struct PendingRequests<Completion> {
    /// A request sent and not answered yet.
    struct Request {
        /// The JSON-RPC method.
        var method: String
        /// When it is late, in the caller's clock (nanoseconds).
        var deadline: UInt64
        /// Who waits for the reply.
        var completion: Completion
    }

    /// What the watchdog found when it fired.
    enum WatchdogOutcome {
        /// It was superseded by one for an earlier deadline, or the requests were ended: nothing to do.
        case superseded
        /// Nothing is pending: the watchdog stops.
        case idle
        /// Nothing is late yet: look again at this time.
        case reschedule(at: UInt64)
        /// This request is late: the plugin is to be stopped (which fails every request).
        case late(Request)
    }

    /// The id the next request gets.
    private(set) var nextID = 1
    private var requests: [Int: Request] = [:]
    /// When the watchdog next looks, or `nil` when none is scheduled.
    private(set) var watchdog: UInt64?

    /// How many requests wait for a reply.
    var count: Int { requests.count }

    /// The method of some request still waiting (the one to name when the plugin exits).
    var anyMethod: String? { requests.min { $0.key < $1.key }?.value.method }

    /// Adds a request.
    /// - Returns: Its id, and the time to schedule the watchdog at when it must be (re)scheduled.
    mutating func add(method: String, deadline: UInt64, completion: Completion) -> (
        id: Int, watchdogAt: UInt64?
    ) {
        let id = nextID
        nextID += 1
        requests[id] = Request(method: method, deadline: deadline, completion: completion)
        guard watchdog.map({ deadline < $0 }) ?? true else { return (id, nil) }
        watchdog = deadline
        return (id, deadline)
    }

    /// Takes the request `id` out, when it is pending.
    mutating func take(id: Int) -> Request? {
        requests.removeValue(forKey: id)
    }

    /// The watchdog scheduled for `scheduledAt` fired at `now`.
    mutating func watchdogFired(scheduledAt: UInt64, now: UInt64) -> WatchdogOutcome {
        guard watchdog == scheduledAt else { return .superseded }
        guard let earliest = requests.min(by: { $0.value.deadline < $1.value.deadline })?.value else {
            watchdog = nil
            return .idle
        }
        guard earliest.deadline > now else {
            watchdog = nil
            return .late(earliest)
        }
        watchdog = earliest.deadline
        return .reschedule(at: earliest.deadline)
    }

    /// Takes every request out, in the order sent, and stops the watchdog.
    mutating func removeAll() -> [Request] {
        let all = requests.sorted { $0.key < $1.key }.map(\.value)
        requests = [:]
        watchdog = nil
        return all
    }
}
