/// Xcode's previews of a widget, as WidgetKit declares them (iOS 17): the widget in a family
/// with a timeline of entries, or with its provider, optionally for a configuration intent.
/// Type-checked as on iOS, shown nowhere: widgethost has no canvas (`widgethost run --format png`
/// and `widgethost snapshot` draw a widget; `WidgetTesting` draws a given entry in a test).
@freestanding(declaration)
public macro Preview<WidgetType: Widget, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping @MainActor () -> WidgetType,
    @PreviewTimelineBuilder<Entry> timeline: @escaping @MainActor () -> [Entry]
) = #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// A widget's preview for a configuration intent, with a timeline of entries.
@freestanding(declaration)
public macro Preview<WidgetType: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
    widget: @escaping @MainActor () -> WidgetType,
    @PreviewTimelineBuilder<Entry> timeline: @escaping @MainActor () -> [Entry]
) = #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// A widget's preview with its timeline provider.
@freestanding(declaration)
public macro Preview<WidgetType: Widget, Provider: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping @MainActor () -> WidgetType,
    timelineProvider: @escaping @MainActor () -> Provider
) = #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// A widget's preview with its app-intent timeline provider, for a configuration intent.
@freestanding(declaration)
public macro Preview<WidgetType: Widget, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
    widget: @escaping @MainActor () -> WidgetType, timelineProvider: @escaping @MainActor () -> Provider
) = #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// The entries of a widget preview's `timeline:` closure, one a line, with `if`, `if`/`else`
/// and `for` as a result builder takes them.
@resultBuilder
public enum PreviewTimelineBuilder<Entry: TimelineEntry> {
    public static func buildExpression(_ entry: Entry) -> [Entry] { [entry] }

    public static func buildBlock(_ parts: [Entry]...) -> [Entry] { parts.flatMap { $0 } }

    public static func buildOptional(_ part: [Entry]?) -> [Entry] { part ?? [] }

    public static func buildEither(first part: [Entry]) -> [Entry] { part }

    public static func buildEither(second part: [Entry]) -> [Entry] { part }

    public static func buildArray(_ parts: [[Entry]]) -> [Entry] { parts.flatMap { $0 } }

    public static func buildLimitedAvailability(_ part: [Entry]) -> [Entry] { part }
}
