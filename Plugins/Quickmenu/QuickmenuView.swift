import WidgetHostKit

/// The Quickmenu's view, as seed 004's `WidgetView`: a title over a row of the four menu items.
/// A small widget is one tap target in WidgetKit, so there the items are labels and the whole
/// widget opens the first tab (`widgetURL`); the larger families keep a link per item. The
/// seed predates iOS 17's required container background; it gets the light grey fill the other
/// seeds use, on which its white cards show.
struct QuickmenuView: View {
    let entry: QuickmenuEntry

    @Environment(\.widgetFamily) var family

    var body: some View {
        if family == .systemSmall {
            VStack {
                title
                Spacer()
                HStack {
                    ForEach(entry.items) { item in
                        QuickMenuLabel(item: item)
                    }
                }
            }
            .widgetURL(entry.items.first?.url)
            .containerBackground(Color.fill.tertiary, for: .widget)
        } else {
            VStack {
                title
                Spacer()
                HStack {
                    ForEach(entry.items) { item in
                        QuickMenuLink(item: item)
                            .frame(minWidth: 0, maxWidth: .infinity)
                    }
                }
            }
            .containerBackground(Color.fill.tertiary, for: .widget)
        }
    }

    /// The seed's title, in the label colour (the seed's black reads on the light scheme only).
    private var title: some View {
        Text("Quick Menu")
            .font(.system(size: 22).weight(.heavy))
            .foregroundStyle(.primary)
    }
}
