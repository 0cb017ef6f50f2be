import Diagnostics
public import JSON
import PluginProtocol
import Rendering
import WidgetEngine
import WidgetHostKit

/// An event as one NDJSON line: `time` first, then `event`, then the event's own members, always
/// in the same order (docs/simulate.md lists them).
extension SimulationEvent {
    /// The event's line, newline included.
    public var line: [UInt8] {
        var sink = JSONBytes(capacity: 1024)
        write(to: &sink)
        var bytes = sink.output
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Writes the event as one JSON object.
    public func write(to sink: inout some JSONSink) {
        sink.beginObject()
        sink.key("time")
        sink.string(ISO8601.string(from: time))
        sink.key("event")
        sink.string(name)
        switch self {
        case .start(let from, let to, let budget, let widgets):
            sink.key("from")
            sink.string(ISO8601.string(from: from))
            sink.key("to")
            sink.string(ISO8601.string(from: to))
            sink.key("budget")
            switch budget {
            case .unlimited: sink.string("unlimited")
            case .perDay(let count): sink.value(.int(count))
            }
            sink.key("widgets")
            sink.beginArray()
            for widget in widgets {
                sink.beginObject()
                Self.write(widget, to: &sink)
                sink.endObject()
            }
            sink.endArray()
        case .request(_, let request, let widgets):
            sink.key("kinds")
            sink.value(request.kinds.map { .array($0.map(JSONValue.string)) } ?? .null)
            sink.key("foreground")
            sink.bool(request.foreground)
            sink.key("widgets")
            sink.value(.array(widgets.map(JSONValue.string)))
        case .reload(_, let widget, let reason, let timeline, let nextReload, let budgetLeft):
            Self.write(widget, to: &sink)
            Self.write(reason, to: &sink)
            sink.key("reload")
            sink.value(timeline.policy.json)
            sink.key("entries")
            sink.value(.int(timeline.entries.count))
            sink.key("nextReload")
            sink.value(nextReload.map { .string(ISO8601.string(from: $0)) } ?? .null)
            Self.write(budgetLeft: budgetLeft, to: &sink)
        case .entry(_, let widget, let entry):
            Self.write(widget, to: &sink)
            RunJSON.writeEntry(entry, to: &sink)
        case .failure(_, let widget, let reason, let failure, let budgetLeft):
            Self.write(widget, to: &sink)
            Self.write(reason, to: &sink)
            RunJSON.writeError(failure, to: &sink)
            Self.write(budgetLeft: budgetLeft, to: &sink)
        case .budgetExhausted(_, let widget, let waiting, let spent, let restoredAt):
            Self.write(widget, to: &sink)
            sink.key("waiting")
            sink.string(waiting.rawValue)
            sink.key("spent")
            sink.value(.int(spent))
            sink.key("restoredAt")
            sink.value(restoredAt.map { .string(ISO8601.string(from: $0)) } ?? .null)
        case .budgetRestored(_, let widget, let left):
            Self.write(widget, to: &sink)
            sink.key("budgetLeft")
            sink.value(.int(left))
        case .end(_, let totals):
            for (name, count) in [
                ("reloads", totals.reloads), ("entries", totals.entries), ("requests", totals.requests),
                ("deferrals", totals.deferrals), ("failures", totals.failures),
            ] {
                sink.key(named: name)
                sink.value(.int(count))
            }
        }
        sink.endObject()
    }

    /// `widget`, `kind`, `family`.
    private static func write(_ widget: SimulatedWidget, to sink: inout some JSONSink) {
        sink.key("widget")
        sink.string(widget.id)
        sink.key("kind")
        sink.string(widget.kind)
        sink.key("family")
        sink.string(widget.family.rawValue)
    }

    /// `reason`, with `foreground` for a request and `deferred` and `dueSince` for a reload that
    /// waited.
    private static func write(_ reason: Reason, to sink: inout some JSONSink) {
        sink.key("reason")
        sink.string(reason.name)
        switch reason {
        case .initial, .policy: break
        case .request(let foreground):
            sink.key("foreground")
            sink.bool(foreground)
        case .deferred(let cause, let since):
            sink.key("deferred")
            sink.string(cause.rawValue)
            sink.key("dueSince")
            sink.string(ISO8601.string(from: since))
        }
    }

    /// `budgetLeft`: a number, or `null` when the budget is unlimited.
    private static func write(budgetLeft: Int?, to sink: inout some JSONSink) {
        sink.key("budgetLeft")
        sink.value(budgetLeft.map(JSONValue.int) ?? .null)
    }
}
