import AppGroup
public import Foundation
import TaskStore
public import WidgetHostKit

/// What a FocusWidget shows: whether focus mode is on (its JSON is `{"isFocusModeOn": ...}`).
public struct FocusEntry: TimelineEntry, Encodable {
    /// When the entry becomes current.
    public let date: Date
    /// Whether focus mode is on.
    public let isFocusModeOn: Bool
    /// Why the state could not be read, if it could not.
    private let failure: AppGroupError?

    /// Creates an entry.
    public init(date: Date, isFocusModeOn: Bool) {
        self.date = date
        self.isFocusModeOn = isFocusModeOn
        self.failure = nil
    }

    /// An entry for a store that could not be read.
    init(date: Date, failure: AppGroupError) {
        self.date = date
        self.isFocusModeOn = false
        self.failure = failure
    }

    private enum CodingKeys: String, CodingKey {
        case date
        case isFocusModeOn
    }

    /// Encodes `date` and `isFocusModeOn`.
    ///
    /// - Throws: The store's error when the state could not be read. A completion-handler
    ///   `TimelineProvider` cannot fail, and showing "Focus Off" for an unreadable store would
    ///   hide the problem; the host draws an entry by encoding it first, so throwing here fails
    ///   this widget with the store's message and leaves the others alone.
    public func encode(to encoder: any Encoder) throws {
        if let failure { throw failure }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(isFocusModeOn, forKey: .isFocusModeOn)
    }
}
