import WidgetHostKit

/// One menu button, as seed 004's `QuickMenu` view: a link to the tab, with its symbol and name
/// on a white card.
struct QuickMenuLink: View {
    let item: QuickmenuItem

    var body: some View {
        Link(destination: item.url) {
            QuickMenuLabel(item: item)
                .padding()
                .background(Color.white)
                .cornerRadius(8)
        }
    }
}

/// A menu item's symbol and name, as seed 004 draws them inside each link.
struct QuickMenuLabel: View {
    let item: QuickmenuItem

    var body: some View {
        VStack {
            Image(systemName: item.systemImage)
                .frame(width: 25, height: 25)
            Text(item.title)
                .font(.system(size: 8).weight(.heavy))
                .foregroundColor(.black)
        }
        .frame(minWidth: 0, maxWidth: .infinity)
    }
}
