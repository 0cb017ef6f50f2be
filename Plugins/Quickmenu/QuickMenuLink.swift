import WidgetHostKit

/// One menu button, as seed 004's `QuickMenu` view: a link to the tab, with its symbol and name.
struct QuickMenuLink: View {
    let item: QuickmenuItem

    var body: some View {
        Link(destination: item.url) {
            VStack {
                Image(systemName: item.systemImage)
                Text(item.title)
            }
        }
    }
}
