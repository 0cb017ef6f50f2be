public import Diagnostics
import Rendering
public import WidgetEngine
import WidgetHostKit

/// What the live host reports as it runs (docs/guide.md, "The live host"), one event a change.
public enum WatchEvent: Sendable {
    /// Why a widget is reported.
    public enum Reason: String, Sendable {
        /// Reported at start.
        case start
        /// The timeline advanced to the next entry.
        case entry
        /// The timeline was reloaded at its policy's date.
        case policy
        /// The timeline was reloaded on a request (an intent, `widgethost reload`, `store import`,
        /// SIGUSR1).
        case request
        /// The widget's configuration changed (or it is new).
        case config
        /// Its plugin restarted.
        case plugin
        /// The store of its App Group was deleted (it shows `store.missing`) or came back, restored
        /// from a backup or replaced (it shows the store there now).
        case store
    }

    /// A plugin's state.
    public enum PluginState: String, Sendable {
        /// Being restarted after it failed or its folder changed.
        case restarting
        /// Answering again.
        case running
        /// Failed; retried after a backoff.
        case failed
    }

    /// What became of an App Group's store.
    public enum StoreState: String, Sendable {
        /// Its folder or database file was deleted: its widgets show `store.missing` until it is back.
        case missing
        /// A store is there again, or another one replaced it (a backup restored, a database file
        /// renamed into place): its widgets show what it holds.
        case restored
    }

    /// What a widget shows now, and why it is reported.
    case widget(Reason, WidgetResult)
    /// A widget no longer in the configuration.
    case removed(id: String)
    /// The hosted widgets' ids in configuration order, after an edit left them in an order the
    /// other events do not give (a widget moved, or one added before another): a reader that drops
    /// removed widgets and adds new ones last has them in this order once it sorts them by it.
    case order([String])
    /// A rejected edit: the last good configuration keeps running.
    case diagnostics([Diagnostic])
    /// A plugin's state changed.
    case plugin(name: String, state: PluginState, message: String?)
    /// The store of `appGroup`, in folder `path`, went missing or came back; `message` says what
    /// to do about a missing one.
    case store(appGroup: String, state: StoreState, path: String, message: String?)

    /// The event as one NDJSON line (without its newline).
    public var json: String {
        switch self {
        case .widget(let reason, let result):
            guard case .object(let members) = RunJSON.object(result, includeTimeline: false) else {
                return "{}"
            }
            return JSONValue.object(
                [.init("event", .string("widget")), .init("reason", .string(reason.rawValue))] + members
            ).description
        case .removed(let id):
            return JSONValue.object([.init("event", .string("removed")), .init("id", .string(id))])
                .description
        case .order(let ids):
            return JSONValue.object([
                .init("event", .string("order")), .init("ids", .array(ids.map(JSONValue.string))),
            ]).description
        case .diagnostics(let diagnostics):
            return "{\"event\":\"diagnostics\",\"diagnostics\":["
                + diagnostics.map(DiagnosticRenderer.json).joined(separator: ",") + "]}"
        case .plugin(let name, let state, let message):
            return JSONValue.object([
                .init("event", .string("plugin")), .init("plugin", .string(name)),
                .init("state", .string(state.rawValue)),
                .init("message", message.map(JSONValue.string) ?? .null),
            ]).description
        case .store(let appGroup, let state, let path, let message):
            return JSONValue.object([
                .init("event", .string("store")), .init("appGroup", .string(appGroup)),
                .init("state", .string(state.rawValue)), .init("path", .string(path)),
                .init("message", message.map(JSONValue.string) ?? .null),
            ]).description
        }
    }
}
