/// Turns at an App Group for the calls of every ``WidgetTestHost`` of the process: Foundation's
/// `UserDefaults(suiteName:)` and the SDK's note of the group's folder are the process's, so two
/// tests running at once with the same App Group would see each other's defaults. Calls of one
/// App Group run one at a time, in the order they came; other App Groups' run meanwhile.
actor AppGroupTurns {
    /// The process's turns.
    static let shared = AppGroupTurns()

    /// The App Groups a call is running in.
    private var busy: Set<String> = []
    /// Per App Group, the calls waiting for their turn, first come first.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` when it is `appGroup`'s turn, and gives the turn to the next call after it.
    func taking<Result: Sendable>(
        _ appGroup: String, _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        await enter(appGroup)
        defer { leave(appGroup) }
        return try await body()
    }

    /// Waits for `appGroup`'s turn.
    private func enter(_ appGroup: String) async {
        guard busy.contains(appGroup) else {
            busy.insert(appGroup)
            return
        }
        await withCheckedContinuation { waiting[appGroup, default: []].append($0) }
    }

    /// Gives `appGroup`'s turn to the next waiting call, or frees it.
    private func leave(_ appGroup: String) {
        if var queue = waiting[appGroup], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[appGroup] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            busy.remove(appGroup)
        }
    }
}
