import Synchronization

/// A stop asked of a ``LiveEventSource``: whether one was, and what to run the moment it is, on
/// the thread that asks (the host reads the stop only between its events, which may be long in
/// coming while it waits on a plugin).
final class StopRequest: Sendable {
    private struct State {
        var action: (@Sendable () -> Void)?
        var isAsked = false
    }

    private let state = Mutex(State())

    /// Whether a stop was asked for.
    var isAsked: Bool { state.withLock { $0.isAsked } }

    /// Sets what to run when a stop is asked for.
    func onStop(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.action = action }
    }

    /// Records the stop, then runs the action set with ``onStop(_:)``.
    func ask() {
        let action = state.withLock { state in
            state.isAsked = true
            return state.action
        }
        action?()
    }

    /// Records the stop without running the action: what asked for it is ending already.
    func record() {
        state.withLock { $0.isAsked = true }
    }
}
