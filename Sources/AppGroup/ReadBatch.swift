import Synchronization

/// Reads that may share read transactions: while a batch is current (a run evaluating its widgets),
/// each reader of the store keeps the read transaction its first read began, instead of beginning
/// and ending one per query, until the batch ends. Each reader then reads the store as it was at its
/// first read of the batch (a pool has a few readers; write-ahead logging lets writers go on beside
/// them), and a run of thousands of widgets does not pay SQLite's transaction start and end, and
/// their file locks, for each.
///
/// A reader whose transaction belongs to another batch, or to none, ends it before a read of this
/// one: no read outside a batch sees a batch's moment.
public final class ReadBatch: Sendable {
    /// The batch of the reads in progress, when there is one.
    @TaskLocal public static var current: ReadBatch?

    private let pools = Mutex<[ObjectIdentifier: SQLiteReaderPool]>([:])
    /// The answers to queries asked in the batch, by store and query.
    private let answers = Mutex<[Question: any Sendable]>([:])

    /// A query of one store: its SQL and the values bound to it.
    private struct Question: Hashable {
        var store: ObjectIdentifier
        var sql: String
        var bindings: [SQLiteValue]
    }

    /// A new batch.
    public init() {}

    /// Notes that `pool` has a reader keeping a transaction for this batch.
    func join(_ pool: SQLiteReaderPool) {
        pools.withLock { $0[ObjectIdentifier(pool)] = pool }
    }

    /// The answer to `sql` with `bindings` of `store`: the one the batch had already, or what `read`
    /// gives, kept for the rest of the batch. A batch's readers read the store as it was at their
    /// first read, so a query asked again is answered as it was the first time, without reading
    /// (a run of thousands of widgets asks a few hundred queries thousands of times).
    func answer<Result: Sendable, Failure: Error>(
        _ sql: String, _ bindings: [SQLiteValue], of store: AnyObject,
        read: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let question = Question(store: ObjectIdentifier(store), sql: sql, bindings: bindings)
        if let known = answers.withLock({ $0[question] }) as? Result { return known }
        let answer = try read()
        answers.withLock { $0[question] = answer }
        return answer
    }

    /// Ends the read transactions this batch's readers kept: once its reads are done.
    public func end() {
        for pool in pools.withLock({ Array($0.values) }) { pool.end(self) }
    }
}
