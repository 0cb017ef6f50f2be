public import Foundation
import JSON
public import WidgetHostKit

/// What the Quickmenu shows: its four menu links (its JSON is `{"items": [...]}`).
public struct QuickmenuEntry: TimelineEntry, Encodable {
    /// When the entry becomes current.
    public let date: Date
    /// The links, in tab order.
    public let items: [QuickmenuItem]

    /// Creates an entry with the links of every tab.
    public init(date: Date) {
        self.date = date
        self.items = TabName.allCases.compactMap(QuickmenuItem.init(tab:))
    }
}

extension QuickmenuEntry: JSONRepresentable {
    /// The same fields as the encoded entry without its date, built directly: a batch run draws
    /// thousands of entries, and encoding through `Encodable` costs several times more.
    public var json: JSONValue {
        .object([
            .init(
                "items",
                .array(
                    items.map { item in
                        .object([
                            .init("title", .string(item.title)),
                            .init("url", .string(item.url.absoluteString)),
                            .init("tabIndex", .int(item.tabIndex)),
                        ])
                    }))
        ])
    }
}
