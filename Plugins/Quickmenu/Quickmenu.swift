public import WidgetHostKit

/// Seed 004's quick menu: four links that open the app's Home, Balance, Transfer and Scan tabs.
public struct Quickmenu: Widget {
    /// `Quickmenu`, the seed's kind string.
    public static let kind = "Quickmenu"

    /// WidgetKit's default families (the seed declares none), medium first: a row of four links
    /// needs the width, and a small widget is one tap target in WidgetKit.
    public static let supportedFamilies: [WidgetFamily] = [
        .systemMedium, .systemSmall, .systemLarge, .systemExtraLarge,
    ]

    /// Creates the widget.
    public init() {}

    /// A static widget: it has nothing to configure.
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: QuickmenuProvider()) { entry in
            QuickmenuView(entry: entry)
        }
        .configurationDisplayName("Quickmenu")
        .description("Opens the app at Home, Balance, Transfer or Scan.")
        .supportedFamilies(Self.supportedFamilies)
    }
}
