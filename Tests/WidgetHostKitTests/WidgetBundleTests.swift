import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

private struct NoteEntry: TimelineEntry {
    let date: Date
    let note: String
}

private struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry { NoteEntry(date: context.date, note: "Note") }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (NoteEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct NoteWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Note", provider: NoteProvider()) { entry in
            Text(entry.note)
        }
        .configurationDisplayName("Note")
        .supportedFamilies([.systemSmall])
    }
}

private struct PinNoteIntent: AppIntent {
    static let title = "Pin Note"
    func perform() async throws -> some IntentResult { .result() }
}

private struct NotesBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] { [NoteWidget().body] }
    var intents: [any AppIntent.Type] { [PinNoteIntent.self] }
}

private struct WidgetsOnlyBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] { [NoteWidget().body] }
}

@Suite struct WidgetBundleTests {
    @Test func aBundleListsItsWidgetsAndIntents() async throws {
        let bundle = NotesBundle()
        #expect(bundle.widgets.map(\.metadata.kind) == ["Note"])
        #expect(bundle.widgets.map(\.metadata.displayName) == ["Note"])
        #expect(bundle.intents.map { $0.intentType } == ["PinNoteIntent"])
        let widget = try #require(bundle.widgets.first)
        let rendered = try await widget.render(Fixtures.request(.timeline))
        #expect(rendered.entries.map(\.view) == [ViewNode(type: .text, text: "Note")])
    }

    @Test func intentsDefaultToNone() {
        #expect(WidgetsOnlyBundle().intents.isEmpty)
    }
}
