public import WidgetHostKit

/// The result of `perform`: `{"value", "dialog", "reload": ["Kind"]}`.
public struct PerformResult: Sendable, Hashable {
    /// The `reload` entry asking every kind to reload (`WidgetCenter.reloadAllTimelines()`).
    public static let everyKind = "*"

    /// The intent's result value (`null` on the wire when none).
    public var value: JSONValue?
    /// The dialog it returned (`null` when none).
    public var dialog: String?
    /// The kinds it asked to reload, ``everyKind`` for all, in the order asked.
    public var reload: [String]

    /// Creates a result.
    public init(value: JSONValue?, dialog: String?, reload: [String]) {
        self.value = value
        self.dialog = dialog
        self.reload = reload
    }

    /// `{"value", "dialog", "reload"}`, `null` standing for a missing value or dialog.
    public var json: JSONValue {
        .object([
            .init("value", value ?? .null),
            .init("dialog", dialog.map(JSONValue.string) ?? .null),
            .init("reload", .array(reload.map(JSONValue.string))),
        ])
    }

    /// Reads a result leniently, as a plugin in any language may write it: a missing or `null`
    /// value or dialog is none, and `reload` keeps only its strings.
    public init(json: JSONValue) {
        var reload: [String] = []
        if case .array(let kinds)? = json["reload"] { reload = kinds.compactMap(\.stringValue) }
        self.init(
            value: json["value"].flatMap { $0 == .null ? nil : $0 }, dialog: json["dialog"]?.stringValue,
            reload: reload)
    }
}
