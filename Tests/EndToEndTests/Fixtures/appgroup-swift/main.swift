// A Swift plugin written as iOS widget code is: its provider and its intent keep their state in
// `UserDefaults(suiteName:)` of the App Group (no synchronize()), and its entries are dated `Date()`.
// Foundation is imported beside the SDK, as an extension's files do: the SDK's `UserDefaults` is
// the one meant.
import Foundation
import WidgetHostPlugin

let appGroup = "group.com.example.runtime"

struct Note: Codable {
    var text: String
    var count: Int
}

/// Counts taps in the App Group's defaults, and keeps the last one as JSON data, as the seeds keep
/// their tasks.
struct AddOneIntent: AppIntent {
    static let title = "Add one"

    func perform() async throws -> some IntentResult {
        guard let defaults = UserDefaults(suiteName: appGroup) else { return .result(value: -1) }
        let count = defaults.integer(forKey: "counter") + 1
        defaults.set(count, forKey: "counter")
        defaults.set(true, forKey: "tapped")
        defaults.set(try JSONEncoder().encode(Note(text: "tap", count: count)), forKey: "note")
        return .result(value: count)
    }
}

/// Stores something the App Group's defaults cannot keep as text.
struct StoreBytesIntent: AppIntent {
    static let title = "Store bytes"

    func perform() async throws -> some IntentResult {
        UserDefaults(suiteName: appGroup)?.set(Data([0xFF, 0xFE, 0x00]), forKey: "bytes")
        return .result()
    }
}

struct CounterEntry: TimelineEntry, Encodable {
    let date: Date
    let count: Int
    let tapped: Bool
    let note: String?
    let other: String?
    let appStorage: Int
}

struct CounterProvider: TimelineProvider {
    // The seeds' way to read one setting: the same shared defaults.
    @AppStorage("counter", store: UserDefaults(suiteName: appGroup)) var storedCount = -1

    func entry() -> CounterEntry {
        let defaults = UserDefaults(suiteName: appGroup)
        let note = defaults?.data(forKey: "note").flatMap { try? JSONDecoder().decode(Note.self, from: $0) }
        return CounterEntry(
            date: Date(), count: defaults?.integer(forKey: "counter") ?? -1,
            tapped: defaults?.bool(forKey: "tapped") ?? false, note: note?.text,
            // Another suite is Foundation's own: the App Group's keys are not in it.
            other: UserDefaults(suiteName: "group.com.example.elsewhere")?.string(forKey: "counter"),
            appStorage: storedCount)
    }
    func placeholder(in context: Context) -> CounterEntry { entry() }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) {
        completion(entry())
    }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        completion(Timeline(entries: [entry()], policy: .never))
    }
}

struct ClockEntry: TimelineEntry, Encodable {
    let date: Date
    let now: Date
    let slept: Bool
}

/// Reads the clock as widget code does, `Date()`, after a wait on a timer, which must still fire.
struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: Date(), now: Date(), slept: false)
    }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (ClockEntry) -> Void) {
        completion(placeholder(in: context))
    }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ClockEntry>) -> Void) {
        Task {
            let start = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(50))
            let slept = ContinuousClock.now - start >= .milliseconds(50)
            let now = Date()
            let entry = ClockEntry(date: now, now: now, slept: slept)
            completion(Timeline(entries: [entry], policy: .after(now.addingTimeInterval(60))))
        }
    }
}

struct RuntimeBundle: WidgetBundle {
    var widgets: [any WidgetConfiguration] {
        [
            StaticConfiguration(kind: "Counter", provider: CounterProvider()) { entry in
                VStack {
                    Text("Count: \(entry.count)")
                    Button("Add one", intent: AddOneIntent())
                }
            }.supportedFamilies([.systemSmall]),
            StaticConfiguration(kind: "Clock", provider: ClockProvider()) { entry in
                Text("Now: \(entry.now.timeIntervalSince1970)")
            }.supportedFamilies([.systemSmall]),
        ]
    }

    var intents: [any AppIntent.Type] { [AddOneIntent.self, StoreBytesIntent.self] }
}

await PluginServer.serve(bundles: [RuntimeBundle()])
