import Foundation
import JSON
import Testing
@_spi(WidgetHost) import WidgetHostKit

/// An entry whose `json` differs from its `Encodable` form, so the test sees which one is drawn.
private struct FastEntry: TimelineEntry, JSONRepresentable {
    let date: Date
    let count: Int

    var json: JSONValue {
        .object([
            .init("date", .string("ignored")), .init("source", .string("json")), .init("count", .int(count)),
        ])
    }

    enum CodingKeys: String, CodingKey {
        case date, count
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(-1, forKey: .count)
    }
}

/// An entry whose `Encodable` form fails: `JSONRepresentable` must not need it.
private struct UnencodableEntry: TimelineEntry, JSONRepresentable {
    struct EncodingUsed: Error {}

    let date: Date
    var json: JSONValue { .object([.init("ok", .bool(true))]) }

    func encode(to encoder: any Encoder) throws { throw EncodingUsed() }
}

private struct FailingEntry: TimelineEntry, Encodable {
    struct Failure: Error {}

    let date: Date
    func encode(to encoder: any Encoder) throws { throw Failure() }
}

/// An entry with data of several shapes: only the entry's own `date` leaves the data.
private struct RichEntry: TimelineEntry {
    struct Row: Encodable {
        let title: String
        let due: Date?
    }

    let date: Date
    let rows: [Row]
    let family: WidgetFamily
    let updated: Date
}

private struct FixedProvider<Entry: TimelineEntry>: TimelineProvider {
    let entry: @Sendable (Date) -> Entry

    func placeholder(in context: Context) -> Entry { entry(context.date) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) {
        completion(entry(context.date))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
        completion(Timeline(entries: [entry(context.date)], policy: .atEnd))
    }
}

private func configuration<Entry: TimelineEntry>(
    _ entry: @escaping @Sendable (Date) -> Entry
) -> StaticConfiguration<FixedProvider<Entry>, ViewGroup> {
    StaticConfiguration(kind: "Fixed", provider: FixedProvider(entry: entry)) { _ in Text("view") }
}

@Suite struct WidgetConfigurationTests {
    @Test func metadataDefaultsToEveryHomeScreenFamily() {
        let metadata = WidgetMetadata(kind: "K")
        #expect(metadata.kind == "K")
        #expect(metadata.displayName == "")
        #expect(metadata.description == "")
        #expect(metadata.supportedFamilies == [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge])
    }

    @Test func modifiersSetMetadataAndLeaveTheOriginalAlone() {
        let plain = configuration { FastEntry(date: $0, count: 1) }
        let modified =
            plain
            .configurationDisplayName("Fast")
            .description("Draws fast.")
            .supportedFamilies([.accessoryRectangular, .systemSmall])
        #expect(
            modified.metadata
                == WidgetMetadata(
                    kind: "Fixed", displayName: "Fast", description: "Draws fast.",
                    supportedFamilies: [.accessoryRectangular, .systemSmall])
        )
        #expect(plain.metadata == WidgetMetadata(kind: "Fixed"))
    }

    @Test func theLastModifierWins() {
        let modified = configuration { FastEntry(date: $0, count: 1) }
            .configurationDisplayName("First")
            .configurationDisplayName("Second")
        #expect(modified.metadata.displayName == "Second")
    }

    @Test(arguments: [WidgetRequest.Mode.placeholder, .snapshot, .timeline])
    func jsonRepresentableEntriesBypassEncodable(_ mode: WidgetRequest.Mode) async throws {
        let rendered = try await configuration { FastEntry(date: $0, count: 7) }.render(
            Fixtures.request(mode))
        #expect(rendered.entries.first?.data.description == #"{"source":"json","count":7}"#)
        #expect(rendered.entries.first?.date == Fixtures.now)

        let unencodable = try await configuration { UnencodableEntry(date: $0) }.render(
            Fixtures.request(mode))
        #expect(unencodable.entries.first?.data == .object([.init("ok", .bool(true))]))
    }

    @Test(arguments: [WidgetRequest.Mode.placeholder, .snapshot, .timeline])
    func anEntryThatFailsToEncodeFailsTheRender(_ mode: WidgetRequest.Mode) async {
        await #expect(throws: FailingEntry.Failure.self) {
            try await configuration { FailingEntry(date: $0) }.render(Fixtures.request(mode))
        }
    }

    @Test func onlyTheEntrysOwnDateLeavesTheData() async throws {
        let rendered = try await configuration {
            RichEntry(
                date: $0, rows: [.init(title: "a", due: $0), .init(title: "b", due: nil)],
                family: .systemLarge,
                updated: $0.addingTimeInterval(-60))
        }.render(Fixtures.request(.timeline))
        #expect(
            rendered.entries.first?.data.description
                == #"{"rows":[{"title":"a","due":"2026-11-29T12:00:00Z"},{"title":"b","due":null}],"#
                + #""family":"systemLarge","updated":"2026-11-29T11:59:00Z"}"#
        )
        #expect(rendered.entries.first?.view == ViewNode(type: .text, text: "view"))
        #expect(rendered.policy == .atEnd)
    }

    @Test func requestModesAreNamed() {
        #expect(WidgetRequest.Mode.placeholder.rawValue == "placeholder")
        #expect(WidgetRequest.Mode.snapshot.rawValue == "snapshot")
        #expect(WidgetRequest.Mode.timeline.rawValue == "timeline")
    }
}
