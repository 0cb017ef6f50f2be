import Foundation
import LiveHost
import Rendering
import Synchronization
import WidgetEngine
import WidgetHostKit

/// What `serve` shows, kept from the live host's events: each widget's latest result, event and
/// card, in configuration order, the latest diagnostics and each plugin's latest state, and the
/// Server-Sent Events every page follows.
///
/// Only the latest state is kept, never a log: what it holds is bounded by the widgets' size
/// whatever the rate of events, with or without a page following. A stream sends what changed
/// since it last sent (each changed widget's latest event and card, each removal, the order when
/// it differs from what the page was told), so a page that reads slowly skips states in between
/// and never falls behind; a new stream, or a browser's reconnection, starts from the whole state.
final class ServeHub: Sendable {
    /// One message of the latest state and when it was published.
    private struct Slot {
        /// The publication's sequence number (``State/sequence`` then).
        var sequence: Int
        /// A Server-Sent Events message (for a widget: its event, then its card).
        var message: [UInt8]
    }

    private struct Shown {
        var result: WidgetResult
        var slot: Slot
    }

    private struct State {
        var order: [String] = []
        var widgets: [String: Shown] = [:]
        /// The latest `diagnostics` event (key `diagnostics`), each plugin's latest `plugin`
        /// event (key `plugin NAME`) and each App Group's latest `store` event (key `store ID`).
        var notices: [String: Slot] = [:]
        /// Counts publications.
        var sequence = 0
        var closed = false
        /// Each open stream's wake-up, by the stream.
        var wakers: [ObjectIdentifier: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())
    private let renderer: HTMLPageRenderer
    /// How long a stream stays silent before it sends a comment to keep its connection alive.
    let keepAlive: Duration

    init(renderer: HTMLPageRenderer, keepAlive: Duration) {
        self.renderer = renderer
        self.keepAlive = keepAlive
    }

    /// Takes in one event of the live host.
    func publish(_ event: WatchEvent) {
        let data = Array(("data: " + event.json + "\n\n").utf8)
        // The card is drawn before the lock is taken: streams and pages wait for no drawing.
        var card: (id: String, result: WidgetResult, message: [UInt8])?
        if case .widget(_, let result) = event {
            let json = JSONValue.object([
                .init("id", .string(result.instance.id)),
                .init("html", .string(renderer.card(result, live: true))),
            ])
            card = (
                result.instance.id, result,
                data + Array(("event: card\ndata: " + json.description + "\n\n").utf8)
            )
        }
        let wakers = state.withLock { state -> [@Sendable () -> Void] in
            state.sequence += 1
            let sequence = state.sequence
            switch event {
            case .widget:
                guard let card else { break }
                if state.widgets[card.id] == nil { state.order.append(card.id) }
                state.widgets[card.id] = Shown(
                    result: card.result, slot: Slot(sequence: sequence, message: card.message))
            case .removed(let id):
                state.widgets[id] = nil
                state.order.removeAll { $0 == id }
            case .order(let ids):
                state.order = LiveScreen.reordered(state.order, by: ids)
            case .diagnostics:
                state.notices["diagnostics"] = Slot(sequence: sequence, message: data)
            case .plugin(let name, _, _):
                state.notices["plugin " + name] = Slot(sequence: sequence, message: data)
            case .store(let appGroup, _, _, _):
                state.notices["store " + appGroup] = Slot(sequence: sequence, message: data)
            }
            return Array(state.wakers.values)
        }
        for wake in wakers { wake() }
    }

    /// Every widget's latest result, in order.
    var results: [WidgetResult] {
        state.withLock { state in state.order.compactMap { state.widgets[$0]?.result } }
    }

    /// The widget `id`'s latest result.
    func result(of id: String) -> WidgetResult? {
        state.withLock { $0.widgets[id]?.result }
    }

    /// The bytes of the messages kept: each widget's latest event and card, the latest diagnostics
    /// and each plugin's latest state.
    var retainedBytes: Int {
        state.withLock { state in
            state.widgets.values.reduce(0) { $0 + $1.slot.message.count }
                + state.notices.values.reduce(0) { $0 + $1.message.count }
        }
    }

    /// Ends every stream (the server is stopping).
    func close() {
        let wakers = state.withLock { state -> [@Sendable () -> Void] in
            state.closed = true
            return Array(state.wakers.values)
        }
        for wake in wakers { wake() }
    }

    /// A new stream: the whole state first, then what changes as it changes.
    func subscribe() -> EventStream {
        EventStream(hub: self)
    }

    /// What a stream's page has been told: the last publication it saw, and the widgets it shows
    /// in the order it shows them.
    fileprivate struct View {
        var started = false
        var seen = 0
        var shown: [String] = []
    }

    /// The messages that bring a page told `view` to the current state (none when it is there),
    /// and `view` brought along; `nil` once the hub is closed.
    fileprivate func changes(since view: inout View) -> [[UInt8]]? {
        state.withLock { state -> [[UInt8]]? in
            guard !state.closed else { return nil }
            var messages: [[UInt8]] = []
            if !view.started {
                // The whole state: the widgets in order, then the notices as they came. The
                // order event at the end drops, from a page that reconnects, the cards of
                // widgets removed while it was away.
                view.started = true
                messages.append(Array("retry: 1000\n\n".utf8))
                for id in state.order {
                    if let shown = state.widgets[id] { messages.append(shown.slot.message) }
                }
                messages += state.notices.values.sorted { $0.sequence < $1.sequence }.map(\.message)
                messages.append(Self.message(.order(state.order)))
                view.shown = state.order
                view.seen = state.sequence
                return messages
            }
            guard state.sequence != view.seen else { return [] }
            for id in view.shown where state.widgets[id] == nil {
                messages.append(Self.message(.removed(id: id)))
            }
            view.shown.removeAll { state.widgets[$0] == nil }
            var changed: [(slot: Slot, id: String?)] = []
            for (id, shown) in state.widgets where shown.slot.sequence > view.seen {
                changed.append((shown.slot, id))
            }
            for slot in state.notices.values where slot.sequence > view.seen { changed.append((slot, nil)) }
            for (slot, id) in changed.sorted(by: { $0.slot.sequence < $1.slot.sequence }) {
                messages.append(slot.message)
                // A page adds a card it does not have after the others.
                if let id, !view.shown.contains(id) { view.shown.append(id) }
            }
            if view.shown != state.order {
                messages.append(Self.message(.order(state.order)))
                view.shown = state.order
            }
            view.seen = state.sequence
            return messages
        }
    }

    private static func message(_ event: WatchEvent) -> [UInt8] {
        Array(("data: " + event.json + "\n\n").utf8)
    }

    fileprivate func watch(_ stream: EventStream, wake: @escaping @Sendable () -> Void) {
        let closed = state.withLock { state in
            state.wakers[ObjectIdentifier(stream)] = wake
            return state.closed
        }
        if closed { wake() }
    }

    fileprivate func unwatch(_ stream: EventStream) {
        _ = state.withLock { $0.wakers.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// One page's `GET /events`.
    final class EventStream: HTTPStream {
        private struct Progress {
            var view = View()
            /// When it last sent something.
            var sent: ContinuousClock.Instant?
        }

        private let hub: ServeHub
        private let progress = Mutex(Progress())

        fileprivate init(hub: ServeHub) {
            self.hub = hub
        }

        func next(now: ContinuousClock.Instant) -> HTTPStreamStep {
            progress.withLock { progress in
                guard let messages = hub.changes(since: &progress.view) else { return .end }
                if !messages.isEmpty {
                    progress.sent = now
                    return .data(messages)
                }
                let due = (progress.sent ?? now) + hub.keepAlive
                guard now >= due else { return .wait(until: due) }
                progress.sent = now
                return .data([Array(": keep-alive\n\n".utf8)])
            }
        }

        func onChange(_ wake: @escaping @Sendable () -> Void) {
            hub.watch(self, wake: wake)
        }

        func close() {
            hub.unwatch(self)
        }
    }
}
