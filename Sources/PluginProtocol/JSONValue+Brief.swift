public import WidgetHostKit

extension JSONValue {
    /// The most characters of a value ``brief`` shows.
    static let briefLength = 60

    /// The value as compact JSON for a message about it, cut to its first 60 characters (then
    /// `...`): a plugin's wrong value is shown, however long it is.
    public var brief: String {
        let text = description
        guard text.count > Self.briefLength else { return text }
        return text.prefix(Self.briefLength) + "..."
    }
}
