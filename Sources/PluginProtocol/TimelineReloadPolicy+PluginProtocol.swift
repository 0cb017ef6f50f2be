import Foundation
import JSON
public import WidgetHostKit

/// A reload policy as a timeline result carries it.
extension TimelineReloadPolicy {
    /// `{"policy": "atEnd"|"never"}` or `{"policy": "after", "date": ...}`.
    public var json: JSONValue {
        switch self {
        case .atEnd: return .object([.init("policy", .string("atEnd"))])
        case .never: return .object([.init("policy", .string("never"))])
        case .after(let date):
            return .object([
                .init("policy", .string("after")), .init("date", .string(ISO8601.string(from: date))),
            ])
        }
    }

    /// Reads a policy.
    /// - Throws: ``ProtocolValueError``.
    public init(json: JSONValue) throws(ProtocolValueError) {
        switch json["policy"]?.stringValue {
        case "atEnd": self = .atEnd
        case "never": self = .never
        case "after":
            guard let text = json["date"]?.stringValue, let date = ISO8601.date(from: text) else {
                throw ProtocolValueError("the 'after' policy has no ISO 8601 'date'")
            }
            self = .after(date)
        default:
            throw ProtocolValueError("the policy is not one of atEnd, never, after")
        }
    }
}
