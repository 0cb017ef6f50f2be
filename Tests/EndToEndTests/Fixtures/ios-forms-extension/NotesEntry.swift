// swift-format-ignore-file
// A widget extension written as real iOS extensions write theirs (forms surveyed in IceCubesApp,
// Simplenote, Mastodon, Home Assistant, Habitica): only `import WidgetKit` and `import SwiftUI`.
import WidgetKit
import SwiftUI

/// Not `Encodable`: it holds a UIKit image and an enumeration of its own.
struct NotesEntry: TimelineEntry {
    enum State {
        case standard
        case loggedOut
    }

    let date: Date
    let title: String
    let notes: [String]
    let avatar: UIImage?
    let state: State
}

struct NotesProvider: TimelineProvider {
    func placeholder(in context: Context) -> NotesEntry {
        NotesEntry(date: Date(), title: "Groceries", notes: ["Milk", "Bread"],
                   avatar: UIImage(systemName: "person.crop.circle"), state: .standard)
    }

    func getSnapshot(in context: Context, completion: @escaping (NotesEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NotesEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
