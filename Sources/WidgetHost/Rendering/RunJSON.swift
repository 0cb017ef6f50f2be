import Diagnostics
import Foundation
public import WidgetHostKit

/// The JSON contract of `run --format json|ndjson` (DESIGN.md): one object per widget instance,
/// in configuration order.
public enum RunJSON {
    /// `{"widgets": [...]}`.
    public static func document(_ results: [WidgetResult], includeTimeline: Bool) -> JSONValue {
        .object([.init("widgets", .array(results.map { object($0, includeTimeline: includeTimeline) }))])
    }

    /// One widget's object: `id`, `kind`, `family`, then `date`, `entry`, `view`, `reload` (and
    /// `timeline` when asked), or `error`.
    public static func object(_ result: WidgetResult, includeTimeline: Bool) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("id", .string(result.instance.id)),
            .init("kind", .string(result.instance.kind)),
            .init("family", .string(result.family.rawValue)),
        ]
        switch result.outcome {
        case .success(let evaluation):
            members.append(.init("date", .string(ISO8601.string(from: evaluation.current.date))))
            members.append(.init("entry", evaluation.current.data))
            members.append(.init("view", evaluation.current.view.json))
            members.append(.init("reload", reload(evaluation.timeline.policy)))
            members.append(.init("reloadRequested", .bool(result.reloadRequested)))
            if includeTimeline {
                members.append(.init("timeline", .array(evaluation.timeline.entries.map(entry))))
            }
        case .failure(let failure):
            members.append(
                .init(
                    "error",
                    .object([
                        .init("code", .string(failure.code.rawValue)),
                        .init("message", .string(failure.message)),
                    ]))
            )
        }
        return .object(members)
    }

    /// `{"date", "entry", "view"}` of one timeline entry.
    static func entry(_ entry: RenderedEntry) -> JSONValue {
        .object([
            .init("date", .string(ISO8601.string(from: entry.date))),
            .init("entry", entry.data),
            .init("view", entry.view.json),
        ])
    }

    /// `{"policy": "atEnd"|"never"}` or `{"policy": "after", "date": ...}`.
    public static func reload(_ policy: TimelineReloadPolicy) -> JSONValue {
        switch policy {
        case .atEnd: return .object([.init("policy", .string("atEnd"))])
        case .never: return .object([.init("policy", .string("never"))])
        case .after(let date):
            return .object([
                .init("policy", .string("after")), .init("date", .string(ISO8601.string(from: date))),
            ])
        }
    }
}
