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

/// A Live Activity's preview, with its attributes and content states (iOS 17): type-checked, shown
/// nowhere (widgethost draws no Lock Screen or Dynamic Island).
@freestanding(declaration)
public macro Preview<WidgetType: Widget, Attributes: ActivityAttributes>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
    widget: @escaping () -> WidgetType,
    @PreviewActivityBuilder<Attributes> contentStates:
        @escaping @MainActor () async -> [Attributes.ContentState]
) = #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// The presentations of a Live Activity a preview shows: the Lock Screen's, or one of the Dynamic
/// Island's.
public enum ActivityPreviewViewKind: Sendable, Hashable {
    /// The Lock Screen's presentation (and the banner's).
    case content
    /// A presentation in the Dynamic Island.
    case dynamicIsland(DynamicIslandPreviewViewState)

    /// The Dynamic Island's presentations.
    public enum DynamicIslandPreviewViewState: Sendable, Hashable {
        /// Beside the camera, while the activity is the only one.
        case compact
        /// Opened by a long press.
        case expanded
        /// Beside another activity's.
        case minimal
    }
}

/// The content states of a Live Activity preview's `contentStates:` closure, one a line.
@resultBuilder
public enum PreviewActivityBuilder<Attributes: ActivityAttributes> {
    public static func buildExpression(_ state: Attributes.ContentState) -> [Attributes.ContentState] {
        [state]
    }

    public static func buildPartialBlock(first: [Attributes.ContentState]) -> [Attributes.ContentState] {
        first
    }

    public static func buildPartialBlock(
        accumulated: [Attributes.ContentState], next: [Attributes.ContentState]
    ) -> [Attributes.ContentState] {
        accumulated + next
    }

    public static func buildArray(_ parts: [[Attributes.ContentState]]) -> [Attributes.ContentState] {
        parts.flatMap { $0 }
    }
}
