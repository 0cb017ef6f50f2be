public import Foundation

/// One state of a widget, shown from its `date` on. Its other stored properties are the entry's
/// data, which the host prints as JSON (so an entry is `Encodable`).
public protocol TimelineEntry: Sendable, Encodable {
    /// When the entry becomes current.
    var date: Date { get }
}
