import CYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the composer takes libyaml's events from: parsed as they are asked for
/// (``ParsedInPlace``), or on a thread of their own, ahead of the composer (``ParsedAhead``).
protocol EventSource {
    /// Puts the next event in `event`, for the caller to ``release(_:)`` when done with it; or,
    /// when libyaml refused the input there, says why (and `event` holds nothing).
    mutating func next(_ event: inout yaml_event_t) -> ParserFailure?

    /// Says the caller is done with `event`.
    mutating func release(_ event: inout yaml_event_t)
}

/// What libyaml said when it refused the input, copied out of the parser so that it can be
/// reported on the composer's thread, after the parser has moved on.
struct ParserFailure {
    var error: yaml_error_type_t
    var problem: String?
    var problemOffset: Int
    var problemValue: Int32
    var problemMark: yaml_mark_t
    var context: String?
    var contextMark: yaml_mark_t

    init(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
        let parser = parser.pointee
        error = parser.error
        problem = parser.problem.map { String(cString: $0) }
        problemOffset = parser.problem_offset
        problemValue = parser.problem_value
        problemMark = parser.problem_mark
        context = parser.context.map { String(cString: $0) }
        contextMark = parser.context_mark
    }
}

/// Events parsed on the composer's own thread, one as each is asked for.
struct ParsedInPlace: EventSource {
    let parser: UnsafeMutablePointer<yaml_parser_t>

    mutating func next(_ event: inout yaml_event_t) -> ParserFailure? {
        yaml_parser_parse(parser, &event) == 1 ? nil : ParserFailure(parser)
    }

    mutating func release(_ event: inout yaml_event_t) {
        yaml_event_delete(&event)
    }
}

/// Events parsed on a thread of their own, in batches, at most a few batches ahead of the
/// composer that takes them: on two cores, libyaml's scanning and what the composer does with each
/// event (composing it, and what a streaming receiver checks) overlap, instead of following each
/// other.
///
/// libyaml never sees more than ``batchesAhead`` batches of ``batchSize`` events past the
/// composer: the depth and alias limits, checked as events are composed, still stop a hostile
/// input early. Events are deleted by the thread that made them, when their batch comes back to
/// it to be filled again (memory freed by another thread than the one that allocated it costs
/// glibc's allocator several times more: it made parsing ahead slower than parsing in place). The
/// parser thread is joined, and every event left is deleted, before ``with(_:_:)`` returns.
struct ParsedAhead: EventSource {
    /// Events handed over at once: few enough that the composer starts early, enough that taking
    /// the lock is rare.
    static let batchSize = 2048
    /// Batches parsed but not yet taken, at the most.
    static let batchesAhead = 4

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The batches between the threads; `nil` when no thread could be started: then the events
    /// are parsed in place.
    private let queue: EventQueue?
    private var batch: [yaml_event_t] = []
    private var position = 0

    /// Runs `body` with the events of `parser`'s input, parsed on a thread started for it (or, if
    /// none can be started, in place); the parser is that thread's until `body` returns.
    static func with<Result>(
        _ parser: UnsafeMutablePointer<yaml_parser_t>, _ body: (inout ParsedAhead) -> Result
    ) -> Result {
        let queue = EventQueue(parser: parser)
        let context = Unmanaged.passRetained(queue)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<EventQueue>.fromOpaque(context).takeRetainedValue().produce()
                return nil
            }, context.toOpaque())
        guard started == 0 else {
            context.release()
            var events = ParsedAhead(parser: parser, queue: nil)
            return body(&events)
        }
        var events = ParsedAhead(parser: parser, queue: queue)
        defer {
            queue.cancel()
            pthread_join(thread, nil)
            for index in events.batch.indices { yaml_event_delete(&events.batch[index]) }
            queue.deleteLeft()
        }
        return body(&events)
    }

    private init(parser: UnsafeMutablePointer<yaml_parser_t>, queue: EventQueue?) {
        self.parser = parser
        self.queue = queue
    }

    mutating func next(_ event: inout yaml_event_t) -> ParserFailure? {
        guard let queue else {
            return yaml_parser_parse(parser, &event) == 1 ? nil : ParserFailure(parser)
        }
        while position == batch.count {
            if let failure = queue.take(into: &batch) { return failure }
            position = 0
        }
        event = batch[position]
        position += 1
        return nil
    }

    mutating func release(_ event: inout yaml_event_t) {
        // Deleted with its batch, on the parser thread (or in place, at once).
        if queue == nil { yaml_event_delete(&event) }
    }
}

/// The batches of events between the parser thread and the composer, under one lock.
private final class EventQueue: @unchecked Sendable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Batches parsed and not yet taken, oldest first.
    private var ready: [[yaml_event_t]] = []
    /// Batches taken and emptied, for the parser to fill again.
    private var spare: [[yaml_event_t]] = []
    /// Why the input was refused, once the parser has stopped at it.
    private var failure: ParserFailure?
    /// Whether the parser has stopped: at the stream's end, or at a failure.
    private var finished = false
    /// Whether the composer has stopped taking events.
    private var cancelled = false

    init(parser: UnsafeMutablePointer<yaml_parser_t>) {
        self.parser = parser
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// The parser thread: parses until the stream ends, libyaml refuses the input, or the composer
    /// stops taking events.
    func produce() {
        var batch = [yaml_event_t]()
        batch.reserveCapacity(ParsedAhead.batchSize)
        while true {
            var event = yaml_event_t()
            var failure: ParserFailure?
            if yaml_parser_parse(parser, &event) == 1 {
                batch.append(event)
            } else {
                failure = ParserFailure(parser)
            }
            let last = failure != nil || event.type == YAML_STREAM_END_EVENT
            guard last || batch.count == ParsedAhead.batchSize else { continue }
            guard hand(&batch, last: last, failure: failure) else { return }
            // A batch the composer is done with: its events were made on this thread.
            for index in batch.indices { yaml_event_delete(&batch[index]) }
            batch.removeAll(keepingCapacity: true)
            if last { return }
        }
    }

    /// Hands `batch` over (waiting while enough are ready), and, when it is the `last`, why the
    /// parser stopped after it; `batch` becomes one the composer is done with (its events still
    /// to delete), or an empty one. False, with the batch's events deleted, when the composer has
    /// stopped.
    private func hand(_ batch: inout [yaml_event_t], last: Bool = false, failure: ParserFailure? = nil)
        -> Bool
    {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while ready.count >= ParsedAhead.batchesAhead && !cancelled {
            pthread_cond_wait(changed, lock)
        }
        guard !cancelled else {
            for index in batch.indices { yaml_event_delete(&batch[index]) }
            batch.removeAll()
            return false
        }
        if !batch.isEmpty { ready.append(batch) }
        finished = last
        self.failure = failure
        batch = spare.popLast() ?? []
        if batch.isEmpty { batch.reserveCapacity(ParsedAhead.batchSize) }
        pthread_cond_broadcast(changed)
        return true
    }

    /// Replaces `batch` (all taken, its events still to delete) with the next one ready, waiting
    /// for it; or gives why the
    /// input was refused, when the parser stopped there. (The composer asks for nothing after the
    /// stream's end event.)
    func take(into batch: inout [yaml_event_t]) -> ParserFailure? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while ready.isEmpty && !finished {
            pthread_cond_wait(changed, lock)
        }
        guard !ready.isEmpty else { return failure ?? ParserFailure(parser) }
        spare.append(batch)
        batch = ready.removeFirst()
        pthread_cond_broadcast(changed)
        return nil
    }

    /// Tells the parser thread to stop.
    func cancel() {
        pthread_mutex_lock(lock)
        cancelled = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Deletes the events of the batches never taken, and of those taken but not given back to
    /// the parser thread; it has stopped.
    func deleteLeft() {
        for batches in [ready, spare] {
            for var batch in batches {
                for index in batch.indices { yaml_event_delete(&batch[index]) }
            }
        }
        ready.removeAll()
        spare.removeAll()
    }
}
