import WidgetHostKit

/// The Quickmenu's view, as seed 004's `WidgetView`: a title over a row of the four menu items.
/// A small widget is one tap target in WidgetKit, so there the items are labels and the whole
/// widget opens the first tab (`widgetURL`); the larger families keep a link per item.
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
        }
    }

    private var title: some View {
        Text("Quick Menu")
            .font(.system(size: 22).weight(.heavy))
            .foregroundColor(.black)
    }
}
