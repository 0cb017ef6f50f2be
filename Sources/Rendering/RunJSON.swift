import Diagnostics
import Foundation
import JSON
import PluginProtocol
public import WidgetEngine
public import WidgetHostKit

/// The JSON contract of `run --format json|ndjson` (docs/guide.md, docs/reference.md): one object per widget instance,
/// in configuration order.
public enum RunJSON {
    /// `{"widgets": [...]}`.
    public static func document(_ results: [WidgetResult], includeTimeline: Bool) -> JSONValue {
        .object([.init("widgets", .array(results.map { object($0, includeTimeline: includeTimeline) }))])
    }

    /// One widget's object: `id`, `kind`, `family`, then `date`, `entry`, `view`, `reload` (and
    /// `timeline` when asked), or `error`.
    public static func object(_ result: WidgetResult, includeTimeline: Bool) -> JSONValue {
        var tree = JSONTree()
        write(result, includeTimeline: includeTimeline, to: &tree)
        return tree.result
    }

    /// The members that name the widget of a result's object, `id`, `kind` and `family`, the
    /// first of each widget's object in `run`'s JSON and in its layout document.
    static func writeWidget(_ result: WidgetResult, to sink: inout some JSONSink) {
        sink.key("id")
        sink.string(result.instance.id)
        sink.key("kind")
        sink.string(result.instance.kind)
        sink.key("family")
        sink.string(result.family.rawValue)
    }

    /// ``object(_:includeTimeline:)`` written through `sink`.
    public static func write(_ result: WidgetResult, includeTimeline: Bool, to sink: inout some JSONSink) {
        sink.beginObject()
        writeWidget(result, to: &sink)
        switch result.outcome {
        case .success(let evaluation):
            writeEntry(evaluation.current, to: &sink)
            sink.key("reload")
            sink.value(evaluation.timeline.policy.json)
            sink.key("reloadRequested")
            sink.bool(result.reloadRequested)
            if includeTimeline {
                sink.key("timeline")
                sink.beginArray()
                for entry in evaluation.timeline.entries {
                    sink.beginObject()
                    writeEntry(entry, to: &sink)
                    sink.endObject()
                }
                sink.endArray()
            }
        case .failure(let failure):
            writeError(failure, to: &sink)
        }
        sink.endObject()
    }

    /// The `error` member of a failed widget: its `code`, `message` and `reason` (`run`'s and
    /// `simulate`'s).
    package static func writeError(_ failure: WidgetFailure, to sink: inout some JSONSink) {
        sink.key("error")
        sink.beginObject()
        sink.key("code")
        sink.string(failure.code.rawValue)
        sink.key("message")
        sink.string(failure.message)
        if let reason = failure.reason {
            sink.key("reason")
            sink.string(reason)
        }
        sink.endObject()
    }

    /// The `date`, `entry` and `view` members of one entry (`run`'s and `simulate`'s).
    package static func writeEntry(_ entry: RenderedEntry, to sink: inout some JSONSink) {
        sink.key("date")
        sink.string(ISO8601.string(from: entry.date))
        sink.key("entry")
        sink.value(entry.data)
        sink.key("view")
        entry.view.write(to: &sink)
    }
}
