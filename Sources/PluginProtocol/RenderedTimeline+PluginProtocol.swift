import Foundation
public import WidgetHostKit

/// Timelines, entries, views and reload policies as the plugin protocol carries them:
/// `{"entries": [{"date", "data", "view"}], "policy": {"policy": "after", "date": ...}}`.
extension RenderedTimeline {
    /// The timeline as a `timeline`/`snapshot`/`placeholder` result.
    public var json: JSONValue {
        .object([
            .init("entries", .array(entries.map(\.json))),
            .init("policy", policy.json),
        ])
    }

    /// Reads a plugin's result; a missing `policy` means `atEnd`.
    /// - Throws: ``ProtocolValueError`` naming the first member that is wrong.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard case .array(let items)? = json["entries"] else {
            throw ProtocolValueError("the result has no 'entries' array")
        }
        var entries: [RenderedEntry] = []
        entries.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            do throws(ProtocolValueError) {
                entries.append(try RenderedEntry(json: item))
            } catch {
                throw ProtocolValueError("entry \(position + 1): \(error.description)")
            }
        }
        let policy = try json["policy"].map { (value) throws(ProtocolValueError) in
            try TimelineReloadPolicy(json: value)
        }
        self.init(entries: entries, policy: policy ?? .atEnd)
    }
}
