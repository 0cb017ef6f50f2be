import Synchronization

/// Provides the entries of a widget without configuration, as WidgetKit's `TimelineProvider`.
public protocol TimelineProvider: Sendable {
    /// The entries provided.
    associatedtype Entry: TimelineEntry
    /// What the provider knows about the widget.
    typealias Context = TimelineProviderContext

    /// Sample content, shown while the real content loads: make it realistic.
    func placeholder(in context: Context) -> Entry
    /// One entry for the widget gallery (`context.isPreview`), quickly.
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The timeline: entries now and later, and when to ask again.
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
}

/// Provides the entries of a configurable widget, as WidgetKit's `AppIntentTimelineProvider`.
///
/// Unlike WidgetKit's, `snapshot` and `timeline` may throw: the host reports the error for that
/// widget and prints the others.
public protocol AppIntentTimelineProvider: Sendable {
    /// The entries provided.
    associatedtype Entry: TimelineEntry
    /// The configuration intent.
    associatedtype Intent: WidgetConfigurationIntent
    /// What the provider knows about the widget.
    typealias Context = TimelineProviderContext

    /// Sample content, shown while the real content loads: make it realistic.
    func placeholder(in context: Context) -> Entry
    /// One entry for the widget gallery, for this configuration.
    func snapshot(for configuration: Intent, in context: Context) async throws -> Entry
    /// The timeline for this configuration.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
}

/// Turns a completion handler into an `async` result, resuming once however often it is called.
enum CompletionBridge {
    static func value<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) async -> Value
    {
        await withCheckedContinuation { continuation in
            let resumed = Mutex(false)
            start { value in
                let first = resumed.withLock { resumed in
                    defer { resumed = true }
                    return !resumed
                }
                if first { continuation.resume(returning: value) }
            }
        }
    }
}
