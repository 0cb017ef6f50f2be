import WidgetHostKit

/// Provides the Quickmenu's one entry: the menu never changes, so it never reloads.
struct QuickmenuProvider: TimelineProvider {
    /// The menu itself: it needs nothing loaded.
    func placeholder(in context: Context) -> QuickmenuEntry {
        QuickmenuEntry(date: context.date)
    }

    /// The menu.
    func getSnapshot(in context: Context, completion: @escaping @Sendable (QuickmenuEntry) -> Void) {
        completion(QuickmenuEntry(date: context.date))
    }

    /// The menu, never reloaded (`.never`, as the seed).
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<QuickmenuEntry>) -> Void)
    {
        completion(Timeline(entries: [QuickmenuEntry(date: context.date)], policy: .never))
    }
}
