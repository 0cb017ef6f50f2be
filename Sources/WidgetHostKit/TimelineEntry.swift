public import Foundation

/// One state of a widget, shown from its `date` on. Its other stored properties are the entry's
/// data, which the host prints as JSON: as `Encodable` writes it where the entry is encodable, and
/// otherwise property by property (``EntryData``), so an entry may hold what WidgetKit's may.
public protocol TimelineEntry: Sendable {
    /// When the entry becomes current.
    var date: Date { get }
}
