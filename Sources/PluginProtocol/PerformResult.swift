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

    /// The members a result has on the wire.
    public static let members = ["value", "dialog", "reload"]

    /// Reads a result as a plugin in any language may write it: a missing or `null` value, dialog or
    /// reload is none.
    /// - Throws: ``ProtocolValueError`` naming the member and what it was, for a result that is not
    ///   an object, a `dialog` that is not a string, or a `reload` that is not an array of strings.
    public init(json: JSONValue) throws(ProtocolValueError) {
        guard case .object = json else {
            throw ProtocolValueError("the result is \(json.brief), not an object")
        }
        var dialog: String?
        if let value = json["dialog"], value != .null {
            guard let text = value.stringValue else {
                throw ProtocolValueError("'dialog' is \(value.brief), not a string or null")
            }
            dialog = text
        }
        var reload: [String] = []
        if let value = json["reload"], value != .null {
            guard case .array(let kinds) = value else {
                throw ProtocolValueError("'reload' is \(value.brief), not an array of kinds (strings)")
            }
            for (position, kind) in kinds.enumerated() {
                guard let name = kind.stringValue else {
                    throw ProtocolValueError(
                        "'reload' item \(position + 1) is \(kind.brief), not a kind (a string)")
                }
                reload.append(name)
            }
        }
        self.init(value: json["value"].flatMap { $0 == .null ? nil : $0 }, dialog: dialog, reload: reload)
    }
}
