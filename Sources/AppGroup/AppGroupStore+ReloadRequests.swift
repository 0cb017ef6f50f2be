public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reload requests, as `WidgetCenter.reloadTimelines(ofKind:)` makes them: recorded in the shared
/// container so any other process (a running `watch`, a script) sees them.
///
/// Each request gets the next number of one growing generation. A widget instance records the
/// generation it was evaluated at, so "was a reload requested since this widget was last
/// evaluated" is one comparison. Watchers need not open the database at all: every request also
/// rewrites ``reloadStampFileName`` in the container, whose modification time and content (the
/// generation) change with each request.
extension AppGroupStore {
    /// The file rewritten on every reload request, holding the latest generation.
    public static let reloadStampFileName = "reload-requests"

    /// The kind recorded for `reloadAllTimelines()`.
    public static let allKinds = "*"

    /// Records a request to reload the timelines of `kind`, or of every kind for `nil`, in a
    /// transaction of its own; inside an app intent (``IntentTransaction/current``) the request
    /// is only noted, and written when the intent's transaction commits.
    ///
    /// - Returns: the request's generation; `nil` when it was noted in the intent's transaction.
    @discardableResult
    public func requestReload(ofKind kind: String?, at date: Date = Date()) throws(AppGroupError) -> Int? {
        if let transaction = IntentTransaction.current {
            transaction.requestReload(ofKind: kind)
            return nil
        }
        let generation = try write { database throws(SQLiteError) -> Int in
            try Self.insertReloadRequest(ofKind: kind ?? Self.allKinds, at: date, in: database)
        }
        writeStamp(generation)
        return generation
    }

    /// Records the request for `kind` (`*` for all) with the next generation, in the transaction
    /// open on `database`.
    ///
    /// - Returns: The request's generation.
    static func insertReloadRequest(ofKind kind: String, at date: Date, in database: SQLiteDatabase)
        throws(SQLiteError) -> Int
    {
        let next = try currentGeneration(in: database) + 1
        try database.run(
            """
            INSERT INTO reload_requests(kind, generation, requestedAt) VALUES (?, ?, ?)
            ON CONFLICT(kind) DO UPDATE SET generation = excluded.generation, requestedAt = excluded.requestedAt
            """,
            [.text(kind), .integer(next), .real(date.timeIntervalSince1970)]
        )
        return next
    }

    /// The generation of the latest request that reloads `kind` (its own or a reload of all);
    /// 0 when none was made.
    public func reloadGeneration(ofKind kind: String) throws(AppGroupError) -> Int {
        try withConnection { database throws(SQLiteError) -> Int in
            let value = try database.scalar(
                "SELECT max(generation) FROM reload_requests WHERE kind IN (?, ?)",
                [.text(kind), .text(Self.allKinds)]
            )
            if case .integer(let generation)? = value { return generation }
            return 0
        }
    }

    /// The latest generation of any request; 0 when none was made.
    public func currentReloadGeneration() throws(AppGroupError) -> Int {
        try withConnection { database throws(SQLiteError) in try Self.currentGeneration(in: database) }
    }

    /// The latest request generation of each kind (`*` for every kind), and whether any widget's
    /// evaluation was ever recorded: what a run reads once to mark thousands of widgets (with
    /// ``evaluatedGeneration(ofWidget:)`` per widget only when evaluations were recorded).
    public func reloadRequestSummary() throws(AppGroupError) -> (latest: [String: Int], hasEvaluations: Bool)
    {
        try read { database throws(SQLiteError) in
            let latest = try database.query(
                "SELECT kind, max(generation) FROM reload_requests GROUP BY kind", []
            ) { row throws(SQLiteError) in (row.string(at: 0) ?? "", row.int(at: 1)) }
            let evaluations = try database.scalar("SELECT 1 FROM evaluations LIMIT 1")
            return (Dictionary(latest, uniquingKeysWith: max), evaluations != nil)
        }
    }

    /// The generation at which a live host last evaluated widget `id`; 0 when none did.
    public func evaluatedGeneration(ofWidget id: String) throws(AppGroupError) -> Int {
        try read { database throws(SQLiteError) -> Int in
            if case .integer(let generation)? = try database.scalar(
                "SELECT generation FROM evaluations WHERE widget = ?", [.text(id)])
            {
                return generation
            }
            return 0
        }
    }

    /// Whether a reload of `kind` was requested since widget `id` was last evaluated by a live
    /// host, or ever, for a widget no live host has evaluated (docs/guide.md, "The live host").
    public func isReloadRequested(forWidget id: String, kind: String) throws(AppGroupError) -> Bool {
        try read { database throws(SQLiteError) -> Bool in
            var evaluated = 0
            if case .integer(let generation)? = try database.scalar(
                "SELECT generation FROM evaluations WHERE widget = ?", [.text(id)])
            {
                evaluated = generation
            }
            let requested = try database.scalar(
                "SELECT max(generation) FROM reload_requests WHERE kind IN (?, ?)",
                [.text(kind), .text(Self.allKinds)]
            )
            if case .integer(let generation)? = requested { return generation > evaluated }
            return false
        }
    }

    /// Records that the widgets were evaluated now, at the current generation, in one transaction.
    public func recordEvaluations(_ widgets: [(id: String, kind: String)], at date: Date = Date())
        throws(AppGroupError)
    {
        guard !widgets.isEmpty else { return }
        try write { database throws(SQLiteError) in
            try Self.insertEvaluations(widgets, at: date, in: database)
        }
    }

    /// Records that the widgets were evaluated now, as ``recordEvaluations(_:at:)`` does, only if
    /// no other process holds the write lock: a reader (`run`) never waits for writers.
    ///
    /// Skipping errs on the safe side: a widget whose evaluation is not recorded keeps showing the
    /// reload requests made before it, as it would had it not been evaluated.
    ///
    /// - Returns: Whether the evaluations were recorded; `false` when the store was busy.
    /// - Throws: ``AppGroupError`` for any failure but a busy store.
    @discardableResult
    public func recordEvaluationsUnlessBusy(_ widgets: [(id: String, kind: String)], at date: Date = Date())
        throws(AppGroupError) -> Bool
    {
        guard !widgets.isEmpty else { return true }
        do throws(AppGroupError) {
            try refuseWriteIfNoRoom()
            try withConnection { database throws(SQLiteError) in
                try database.withBusyTimeout(.zero) { () throws(SQLiteError) in
                    try database.transaction { () throws(SQLiteError) in
                        try Self.insertEvaluations(widgets, at: date, in: database)
                    }
                }
            }
            return true
        } catch  where error.code == .storeBusy {
            return false
        }
    }

    private static func insertEvaluations(
        _ widgets: [(id: String, kind: String)], at date: Date, in database: SQLiteDatabase
    ) throws(SQLiteError) {
        let generation = try currentGeneration(in: database)
        for widget in widgets {
            try database.run(
                """
                INSERT INTO evaluations(widget, kind, generation, evaluatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(widget) DO UPDATE SET kind = excluded.kind, generation = excluded.generation,
                evaluatedAt = excluded.evaluatedAt
                """,
                [
                    .text(widget.id), .text(widget.kind), .integer(generation),
                    .real(date.timeIntervalSince1970),
                ]
            )
        }
    }

    static func currentGeneration(in database: SQLiteDatabase) throws(SQLiteError) -> Int {
        if case .integer(let generation)? = try database.scalar("SELECT max(generation) FROM reload_requests")
        {
            return generation
        }
        return 0
    }

    /// Rewrites the stamp file; a failure to write it is not a failed request (the database holds
    /// the request, and watchers that poll it see it), so it is left to the next request.
    ///
    /// Written after the commit, outside the write lock, so the lock is held for the statements
    /// only. The file's change is the signal, its content a hint: a watcher woken by it reads the
    /// latest generation from the database, which holds every request committed before the stamp
    /// changed. So a process whose generation is older than the one stamped leaves the file alone,
    /// and two processes racing may leave the older of two new generations in it.
    ///
    /// The file is rewritten in place, never created, renamed or truncated once it exists: those
    /// take the directory's lock, and in a burst of a thousand intents hundreds of processes
    /// queued for it (a stamp only grows longer, as generations do). The first stamp is written
    /// under a temporary name and linked into place, so a reader never sees it half written.
    ///
    /// Every file is opened in the store's folder and never through a symbolic link: a link planted
    /// as the stamp, or under the temporary name, does not make the stamp land in its target.
    func writeStamp(_ generation: Int) {
        let name = Self.reloadStampFileName
        let text = Array("\(generation)\n".utf8)
        var descriptor = folder.openFile(name, flags: O_RDWR)
        if descriptor < 0 && errno == ENOENT {
            if createStamp(text, named: name) == 0 { return }
            descriptor = folder.openFile(name, flags: O_RDWR)
        }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if let stored = stampedGeneration(descriptor), stored >= generation { return }
        _ = Self.writeStampText(text, to: descriptor)
    }

    /// Makes the stamp file before an intent commits, when there is none yet, so that rewriting it
    /// in place after the commit needs no new room on the disk.
    ///
    /// - Throws: ``AppGroupError`` `store.full` when the disk has no room for it (nothing was
    ///   committed); any other failure to make it is left to ``writeStamp(_:)``, as a stamp that
    ///   cannot be written is not a failed request.
    func prepareStamp() throws(AppGroupError) {
        let name = Self.reloadStampFileName
        guard !folder.holds(name) else { return }
        let failure = createStamp(Array("0\n".utf8), named: name)
        if AppGroupError.isNoRoom(failure) { throw AppGroupError.full(at: databaseURL.path, errno: failure) }
    }

    /// Writes the first stamp: a file of this process's own, linked to `name` unless another
    /// process made it first.
    ///
    /// - Returns: 0 when this process's stamp is the file now, `EEXIST` when another process's
    ///   is, or the `errno` of what failed.
    private func createStamp(_ text: [UInt8], named name: String) -> Int32 {
        guard let (descriptor, temporary) = folder.createTemporaryFile(for: name) else { return errno }
        let written = Self.writeStampText(text, to: descriptor)
        close(descriptor)
        defer { folder.remove(temporary) }
        guard written == 0 else { return written }
        return folder.link(temporary, as: name) ? 0 : errno
    }

    /// Writes `text` at the start of the stamp file open as `descriptor`, in one `pwrite(2)`, as a
    /// stamp is a few bytes.
    ///
    /// - Returns: 0 when all of it was written, else the `errno` of the failure (`ENOSPC` on a full
    ///   disk).
    static func writeStampText(_ text: [UInt8], to descriptor: Int32) -> Int32 {
        let written = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        if written == text.count { return 0 }
        return written < 0 ? errno : EIO
    }
}

/// The generation the stamp file open as `descriptor` holds, if it holds one.
private func stampedGeneration(_ descriptor: Int32) -> Int? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Int(String(decoding: bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
}
