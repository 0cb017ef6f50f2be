public import WidgetHostKit

/// Seed 002's focus widget: shows whether focus mode is on, with a toggle to change it.
public struct FocusWidget: Widget {
    /// `FocusWidget`, the seed's kind string: what configs name and the intent reloads.
    public static let kind = "FocusWidget"

    /// The families: WidgetKit's default (the seed declares none), small first.
    public static let supportedFamilies: [WidgetFamily] = [
        .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge,
    ]

    /// Creates the widget.
    public init() {}

    /// A static widget: it has nothing to configure.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: FocusProvider()) { entry in
            FocusWidgetView(entry: entry)
        }
        .configurationDisplayName("Focus")
        .description("Shows whether focus mode is on, and turns it on or off.")
        .supportedFamilies(Self.supportedFamilies)
    }
}
