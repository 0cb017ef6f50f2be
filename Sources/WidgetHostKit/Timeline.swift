public import Foundation

/// The entries a provider gives for a widget, and when to ask again.
public struct Timeline<EntryType: TimelineEntry>: Sendable {
    /// The entries, in date order.
    public var entries: [EntryType]
    /// When the host should ask the provider for a new timeline.
    public var policy: TimelineReloadPolicy

    /// Creates a timeline.
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// When a widget's timeline is reloaded.
public enum TimelineReloadPolicy: Sendable, Hashable {
    /// After the last entry's date.
    case atEnd
    /// Only when an app or intent asks (`WidgetCenter.reloadTimelines(ofKind:)`).
    case never
    /// At the given date.
    case after(Date)
}
