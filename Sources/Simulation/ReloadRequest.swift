public import Foundation

/// A reload the app asks for (`WidgetCenter.reloadTimelines(ofKind:)` or `reloadAllTimelines()`),
/// at a virtual time.
public struct ReloadRequest: Sendable, Equatable {
    /// When it is made.
    public var date: Date
    /// The kinds it reloads; `nil` for every kind.
    public var kinds: [String]?
    /// Whether the app is in the foreground as it asks: WidgetKit does not count such a reload
    /// against the widget's budget.
    public var foreground: Bool
    /// The line of the requests file it was read from, if any.
    public var line: Int?

    /// A request at `date` for `kinds` (every kind when `nil`).
    public init(date: Date, kinds: [String]? = nil, foreground: Bool = false, line: Int? = nil) {
        self.date = date
        self.kinds = kinds
        self.foreground = foreground
        self.line = line
    }

    /// Whether it reloads widgets of `kind`.
    public func reaches(kind: String) -> Bool {
        kinds?.contains(kind) ?? true
    }
}
