import Foundation
import WidgetHostKit

/// What `serve` shows, kept from the live host's events: each widget's latest result, its card and
/// its event, in configuration order, and the Server-Sent Events every page follows. Each event is
/// written once into a log the streams read from, so a slow page costs nobody else anything; a page
/// that falls more than ``logLimit`` messages behind is dropped (its browser reconnects and starts
/// again from the current state).
final class ServeHub: Sendable {
    /// Messages kept for streams that are behind.
    static let logLimit = 4096

    private struct Shown {
        var result: WidgetResult
        /// Its event and its card, as one Server-Sent Events message pair.
        var message: [UInt8]
    }

    private struct State {
        var order: [String] = []
        var widgets: [String: Shown] = [:]
        var log: [[UInt8]] = []
        /// The sequence number of `log[0]`.
        var first = 0
        var closed = false
        var end: Int { first + log.count }
    }

    // NSCondition is not Sendable-checked: every access to `state` holds it.
    private nonisolated(unsafe) var state = State()
    private let condition = NSCondition()
    private let renderer: HTMLPageRenderer
    /// How long a stream waits before it sends a comment to keep its connection alive.
    let keepAlive: TimeInterval

    init(renderer: HTMLPageRenderer, keepAlive: TimeInterval) {
        self.renderer = renderer
        self.keepAlive = keepAlive
    }

    /// Takes in one event of the live host.
    func publish(_ event: WatchEvent) {
        var message = Array(("data: " + event.json + "\n\n").utf8)
        var shown: (String, Shown)?
        var removed: String?
        var order: [String]?
        switch event {
        case .widget(_, let result):
            let card = JSONValue.object([
                .init("id", .string(result.instance.id)), .init("html", .string(renderer.card(result))),
            ])
            message += Array(("event: card\ndata: " + card.description + "\n\n").utf8)
            shown = (result.instance.id, Shown(result: result, message: message))
        case .removed(let id):
            removed = id
        case .order(let ids):
            order = ids
        case .diagnostics, .plugin:
            break
        }
        condition.lock()
        if let (id, widget) = shown {
            if state.widgets[id] == nil { state.order.append(id) }
            state.widgets[id] = widget
        }
        if let removed {
            state.widgets[removed] = nil
            state.order.removeAll { $0 == removed }
        }
        if let order { state.order = LiveScreen.reordered(state.order, by: order) }
        state.log.append(message)
        if state.log.count > Self.logLimit {
            let dropped = state.log.count - Self.logLimit
            state.log.removeFirst(dropped)
            state.first += dropped
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Every widget's latest result, in order.
    var results: [WidgetResult] {
        condition.lock()
        defer { condition.unlock() }
        return state.order.compactMap { state.widgets[$0]?.result }
    }

    /// The widget `id`'s latest result.
    func result(of id: String) -> WidgetResult? {
        condition.lock()
        defer { condition.unlock() }
        return state.widgets[id]?.result
    }

    /// Ends every stream (the server is stopping).
    func close() {
        condition.lock()
        state.closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// A new stream: the current state of every widget first, then each event as it comes.
    func subscribe() -> EventStream {
        condition.lock()
        defer { condition.unlock() }
        var snapshot = Array("retry: 1000\n\n".utf8)
        for id in state.order { snapshot += state.widgets[id]?.message ?? [] }
        return EventStream(hub: self, position: state.end, pending: snapshot)
    }

    /// Waits for messages after `position` (at most ``keepAlive`` seconds): the bytes and the next
    /// position; `nil` when the hub closed or the stream fell behind the log.
    fileprivate func next(after position: Int) -> (bytes: [UInt8], position: Int)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(keepAlive)
        while !state.closed && state.end == position {
            if !condition.wait(until: deadline) { break }
        }
        guard !state.closed, position >= state.first else { return nil }
        if state.end == position { return (Array(": keep-alive\n\n".utf8), position) }
        var bytes: [UInt8] = []
        for message in state.log[(position - state.first)...] { bytes += message }
        return (bytes, state.end)
    }

    /// One page's `GET /events`.
    final class EventStream: HTTPStream {
        private let hub: ServeHub
        // Read only by the connection's own thread (libmicrohttpd calls its reader there).
        private nonisolated(unsafe) var position: Int
        private nonisolated(unsafe) var pending: [UInt8]
        private nonisolated(unsafe) var offset = 0

        fileprivate init(hub: ServeHub, position: Int, pending: [UInt8]) {
            self.hub = hub
            self.position = position
            self.pending = pending
        }

        func read(max: Int) -> [UInt8]? {
            if offset >= pending.count {
                guard let (bytes, next) = hub.next(after: position) else { return nil }
                pending = bytes
                offset = 0
                position = next
            }
            let end = min(pending.count, offset + max)
            let chunk = Array(pending[offset..<end])
            offset = end
            return chunk
        }

        func close() {}
    }
}
