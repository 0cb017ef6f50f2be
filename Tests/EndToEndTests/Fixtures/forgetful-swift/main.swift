// A Swift plugin that makes a new author's mistake: its button runs NudgeIntent, which its bundle
// forgets to list in `intents`. The SDK's server refuses to draw that button, naming the fix.
import Foundation
import WidgetHostPlugin

struct NudgeIntent: AppIntent {
    static let title = "Nudge"

    func perform() async throws -> some IntentResult {
        .result(value: 1)
    }
}

struct NudgeEntry: TimelineEntry, Encodable {
    let date: Date
}

struct NudgeProvider: TimelineProvider {
    func placeholder(in context: Context) -> NudgeEntry { NudgeEntry(date: context.date) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (NudgeEntry) -> Void) {
        completion(NudgeEntry(date: context.date))
    }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NudgeEntry>) -> Void) {
        completion(Timeline(entries: [NudgeEntry(date: context.date)], policy: .never))
    }
}

struct ForgetfulBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] {
        [
            StaticConfiguration(kind: "Forgetful", provider: NudgeProvider()) { _ in
                VStack {
                    Text("Nudge")
                    Button("Nudge", intent: NudgeIntent())
                }
            }.supportedFamilies([.systemSmall])
        ]
    }

    // The mistake: NudgeIntent.self is missing.
    var intents: [any AppIntent.Type] { [] }
}

await PluginServer.serve(bundles: [ForgetfulBundle()])
