// swift-format-ignore-file
import WidgetKit
import SwiftUI

/// A card style of the extension's own.
struct Filling: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))
            .background(Color(hue: 0.6, saturation: 0.2, brightness: 1), in: .rect(cornerRadius: 8, style: .continuous))
    }
}

/// Says which scheme it is drawn in.
struct SchemeLabel: View {
    @Environment(\.colorScheme) var colorScheme

    var body: some View {
        Text(colorScheme == .dark ? "dark" : "light")
    }
}

/// Pins the notes (Pocket Casts' play toggle has this form: an intent behind a toggle drawn by a
/// style of its own).
struct PinIntent: AppIntent {
    static let title: LocalizedStringResource = "Pin"

    func perform() async throws -> some IntentResult { .result() }
}

struct PinToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 2) {
            Image(systemName: configuration.isOn ? "pin.fill" : "pin")
            configuration.label
        }
    }
}

struct NotesWidgetView: View {
    var entry: NotesEntry

    var header: some View {
        HStack {
            if let avatar = entry.avatar {
                Image(uiImage: avatar)
            }
            Text(entry.title)
                .font(.headline.monospacedDigit())
                .fontDesign(.rounded)
        }
    }

    var body: some View {
        VStack(alignment: .leading) {
            AnyView(header)
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 4) {
                ForEach(entry.notes, id: \.self) { note in
                    Text(note).modifier(Filling())
                }
            }
            Text("\(entry.notes.count)").bold() + Text(" notes").bold()
            SchemeLabel()
                .environment(\.colorScheme, .dark)
                .background(entry.state == .loggedOut ? Color.red : nil)
            Toggle(isOn: true, intent: PinIntent()) { Text("Pinned") }
                .toggleStyle(PinToggleStyle())
        }
        .containerBackground(for: .widget) { Color(white: 0.95) }
    }
}

struct NotesWidget: Widget {
    let kind: String = "Notes"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: NotesProvider()) { entry in
            NotesWidgetView(entry: entry)
        }
        .configurationDisplayName("Notes")
        .supportedFamilies([.systemMedium])
    }
}

struct NotesBundle: WidgetBundle {
    var body: some Widget {
        NotesWidget()
    }
}

/// A launcher of the extension's own, as Home Assistant's calls its bundle's `main()`.
@main
enum WidgetLauncher {
    static func main() {
        NotesBundle.main()
    }
}
