public import Foundation
public import PluginHosting
import Synchronization

/// Where the live host's wake-ups come from: the system (``LiveEvents``: inotify, signals, the
/// wall clock's due dates) or a script (``ScriptedLiveEvents``: a test or a simulation says what
/// happens and when).
public protocol LiveEventSource: Sendable {
    /// The wake-ups, in order.
    var stream: AsyncStream<LiveEvents.Event> { get }
    /// Whether a stop was asked for.
    var isStopping: Bool { get }
    /// Watches exactly `directories` for changed files.
    func watch(only directories: Set<String>)
    /// Sets the next due date (`nil`: none).
    func wake(at date: Date?)
    /// Reports that a plugin exited on its own.
    func pluginExited(_ failure: PluginFailure)
    /// What to do the moment a stop is asked for, on the thread that asks.
    func onStop(_ action: @escaping @Sendable () -> Void)
    /// Ends the host, as SIGTERM does.
    func stop()
    /// Ends the stream and releases what it holds.
    func close()
}

/// Wake-ups a test or a simulation sends, on a clock it moves: nothing happens unless it is sent.
/// The host's requests (the due date it waits for, the directories it watches) are kept for the
/// sender to read, and each due date asked for is also sent on ``dueDates``.
public final class ScriptedLiveEvents: LiveEventSource {
    private struct State {
        var due: Date?
        var directories: Set<String> = []
    }

    private let state = Mutex(State())
    private let stopRequest = StopRequest()
    public let stream: AsyncStream<LiveEvents.Event>
    private let continuation: AsyncStream<LiveEvents.Event>.Continuation
    /// Every due date the host asks to be woken at (`nil`: none), as it asks.
    public let dueDates: AsyncStream<Date?>
    private let dueContinuation: AsyncStream<Date?>.Continuation

    /// A source that sends nothing until told.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(
            of: LiveEvents.Event.self, bufferingPolicy: .unbounded)
        (dueDates, dueContinuation) = AsyncStream.makeStream(of: Date?.self, bufferingPolicy: .unbounded)
    }

    /// Sends `event` to the host.
    public func send(_ event: LiveEvents.Event) {
        continuation.yield(event)
    }

    /// The due date the host waits for now.
    public var due: Date? { state.withLock { $0.due } }

    /// The directories the host watches now.
    public var watchedDirectories: Set<String> { state.withLock { $0.directories } }

    public var isStopping: Bool { stopRequest.isAsked }

    public func watch(only directories: Set<String>) {
        state.withLock { $0.directories = directories }
    }

    public func wake(at date: Date?) {
        state.withLock { $0.due = date }
        dueContinuation.yield(date)
    }

    public func pluginExited(_ failure: PluginFailure) {
        continuation.yield(.pluginExited(failure))
    }

    public func onStop(_ action: @escaping @Sendable () -> Void) {
        stopRequest.onStop(action)
    }

    public func stop() {
        stopRequest.ask()
        continuation.yield(.stop)
    }

    public func close() {
        continuation.finish()
        dueContinuation.finish()
    }
}
