import Foundation
import JSON
public import WidgetHostKit

/// An entry as a `timeline`/`snapshot`/`placeholder` result carries it.
extension RenderedEntry {
    /// `{"date", "data", "view"}`.
    public var json: JSONValue {
        .object([
            .init("date", .string(ISO8601.string(from: date))),
            .init("data", data),
            .init("view", view.json),
        ])
    }

    /// Reads an entry; `data` defaults to `{}`.
    /// - Throws: ``ProtocolValueError``.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard let text = json["date"]?.stringValue else { throw ProtocolValueError("no 'date'") }
        guard let date = ISO8601.date(from: text) else {
            throw ProtocolValueError("the date '\(text)' is not ISO 8601")
        }
        guard let view = json["view"] else { throw ProtocolValueError("no 'view'") }
        self.init(date: date, data: json["data"] ?? .object([]), view: try ViewNode(json: view))
    }
}
