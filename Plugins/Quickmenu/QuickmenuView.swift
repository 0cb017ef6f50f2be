import WidgetHostKit

/// The Quickmenu's view, as seed 004's `WidgetView`: a title over a row of the four menu links.
struct QuickmenuView: View {
    let entry: QuickmenuEntry

    var body: some View {
        VStack {
            Text("Quick Menu")
            Spacer()
            HStack {
                ForEach(entry.items) { item in
                    QuickMenuLink(item: item)
                }
            }
        }
    }
}
