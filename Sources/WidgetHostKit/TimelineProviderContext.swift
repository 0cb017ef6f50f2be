public import Foundation

/// What a provider knows about the widget it is providing for.
///
/// `date` is the host's clock: `widgethost run --at DATE` makes it DATE, so providers read it
/// instead of `Date()` to stay deterministic.
public struct TimelineProviderContext: Sendable {
    /// The family the widget is shown in.
    public var family: WidgetFamily
    /// Whether this is a preview (the widget gallery's snapshot) rather than the home screen.
    public var isPreview: Bool
    /// The size the widget is drawn at, in points.
    public var displaySize: DisplaySize
    /// The current time as the host sees it.
    public var date: Date
    /// The App Group container the widget shares with its app and intents.
    public var container: SharedContainer

    /// Creates a context.
    @_spi(WidgetHost) public init(
        family: WidgetFamily, isPreview: Bool, date: Date, container: SharedContainer
    ) {
        self.family = family
        self.isPreview = isPreview
        self.displaySize = family.displaySize
        self.date = date
        self.container = container
    }
}
