import WidgetHostKit

/// One menu button, as seed 004's `QuickMenu` view: a link to the tab, with its symbol and name
/// on a white card with rounded corners and a faint shadow around it.
struct QuickMenuLink: View {
    let item: QuickmenuItem

    var body: some View {
        Link(destination: item.url) {
            QuickMenuLabel(item: item, isOnCard: true)
                .padding()
                .background(Color.white)
                .cornerRadius(8)
                // The seed's shadow is its card's: cast under the whole link, it shows only
                // around the card, which is opaque.
                .shadow(color: Color.black.opacity(0.1), radius: 5, x: 0, y: 0)
        }
    }
}

/// A menu item's symbol and name, as seed 004 draws them inside each link: black on the white
/// card, as the seed draws them, and in the label colour when there is no card (the small
/// widget's labels sit on the widget's background, dark in the dark scheme). A name too long for
/// its column is drawn smaller, on one line, rather than broken inside the word.
struct QuickMenuLabel: View {
    let item: QuickmenuItem
    var isOnCard = false

    var body: some View {
        VStack {
            Image(systemName: item.systemImage)
                .foregroundStyle(isOnCard ? Color.black : Color.primary)
                .frame(width: 25, height: 25)
            Text(item.title)
                .font(.system(size: 8).weight(.heavy))
                .foregroundStyle(isOnCard ? Color.black : Color.primary)
                .lineLimit(1)
                .minimumScaleFactor(0.5)
        }
        .frame(minWidth: 0, maxWidth: .infinity)
    }
}
