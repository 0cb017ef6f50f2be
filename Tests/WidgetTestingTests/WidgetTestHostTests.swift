import Foundation
import Layout
import Testing
import WidgetHostKit
import WidgetTesting

/// A widget's timeline at a date and an intent against the host's temporary App Group.
@Suite struct WidgetTestHostTests {
    let noon = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theTimelineIsTheProvidersAtTheDateAsked() async throws {
        let host = try WidgetTestHost(appGroup: counterAppGroup)
        let timeline = try await host.timeline(
            of: CounterWidget(), family: .systemMedium, configuration: ["title": .string("Water")], at: noon)
        #expect(timeline.kind == "CounterWidget")
        #expect(timeline.family == .systemMedium)
        #expect(timeline.entries.map(\.date) == [0, 1800, 3600].map { noon.addingTimeInterval($0) })
        #expect(timeline.policy == .after(noon.addingTimeInterval(7200)))
        #expect(timeline.nextReload == noon.addingTimeInterval(7200))
        #expect(timeline.current == timeline.entries[0])
        #expect(timeline.entry(at: noon.addingTimeInterval(2700)) == timeline.entries[1])
        #expect(timeline.current.view.texts == ["Water", "0 taps", "Tap"])
        #expect(timeline.current.data["taps"] == .int(0))
    }

    @Test func theConfigurationMayBeTheIntentItself() async throws {
        let host = try WidgetTestHost(appGroup: counterAppGroup)
        let configuration = CounterConfiguration()
        configuration.title = "Tea"
        let timeline = try await host.timeline(of: CounterWidget(), configuration: configuration, at: noon)
        #expect(timeline.family == .systemSmall, "the widget's first family")
        #expect(timeline.current.view.texts.first == "Tea")
        let snapshot = try await host.timeline(of: CounterWidget(), at: noon, mode: .snapshot)
        #expect(snapshot.entries.count == 1)
        #expect(snapshot.current.view.texts == ["Taps", "7 taps", "Tap"])
    }

    @Test func aFamilyOrParameterTheWidgetLacksIsRefusedByName() async throws {
        let host = try WidgetTestHost(appGroup: counterAppGroup)
        await #expect(
            throws: WidgetTestingError.unsupportedFamily(
                "'CounterWidget' does not support systemLarge; it supports systemSmall, systemMedium")
        ) {
            try await host.timeline(of: CounterWidget(), family: .systemLarge, at: noon)
        }
        await #expect(
            throws: WidgetTestingError.unknownParameter(
                "'CounterWidget' has no parameter 'tilte'; its parameters: title")
        ) {
            try await host.timeline(of: CounterWidget(), configuration: ["tilte": .string("x")], at: noon)
        }
        #expect(throws: WidgetTestingError.self) { try WidgetTestHost(scale: 9) }
    }

    @Test func anIntentChangesWhatTheNextTimelineShows() async throws {
        let host = try WidgetTestHost(appGroup: counterAppGroup)
        let outcome = try await host.perform(CountTapIntent(by: 3), at: noon)
        #expect(outcome.value == .int(3))
        #expect(outcome.reloadedKinds == ["CounterWidget"])
        #expect(!outcome.reloadsAllKinds)
        #expect(try host.sharedDefault("taps") == "3")
        let after = try await host.timeline(of: CounterWidget(), at: noon)
        #expect(after.current.view.texts == ["Taps", "3 taps", "Tap"])
        _ = try await host.perform(CountTapIntent(by: 1), at: noon)
        #expect(try await host.timeline(of: CounterWidget(), at: noon).current.view.texts[1] == "4 taps")
        // What the app writes, the widget reads.
        try host.setSharedDefault("10", forKey: "taps")
        #expect(try await host.timeline(of: CounterWidget(), at: noon).current.view.texts[1] == "10 taps")
    }

    @Test func anIntentsFailureSaysWhichIntentAndWhy() async throws {
        let host = try WidgetTestHost(appGroup: counterAppGroup)
        let failure = "BrokenTapIntent.perform() failed: the counter's store is gone"
        await #expect(throws: WidgetTestingError.providerFailed(failure)) {
            try await host.perform(BrokenTapIntent(), at: noon)
        }
    }

    /// Hosts of one App Group used at once take turns: each sees its own defaults only, though
    /// Foundation's suite of them is the process's.
    @Test func hostsOfOneAppGroupUsedAtOnceKeepTheirOwnDefaults() async throws {
        let hosts = try (0..<3).map { _ in try WidgetTestHost(appGroup: counterAppGroup) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, host) in hosts.enumerated() {
                for _ in 0..<(index + 1) * 4 {
                    group.addTask { _ = try await host.perform(CountTapIntent(by: 1), at: self.noon) }
                }
            }
            try await group.waitForAll()
        }
        for (index, host) in hosts.enumerated() {
            #expect(try host.sharedDefault("taps") == "\((index + 1) * 4)")
        }
    }

    @Test func eachHostHasAnAppGroupOfItsOwnRemovedAfterIt() async throws {
        var first: WidgetTestHost? = try WidgetTestHost(appGroup: counterAppGroup)
        _ = try await first?.perform(CountTapIntent(by: 5), at: noon)
        let folder = try #require(first?.containerURL)
        #expect(folder.lastPathComponent == counterAppGroup)
        #expect(FileManager.default.fileExists(atPath: folder.path))
        let second = try WidgetTestHost(appGroup: counterAppGroup)
        #expect(try await second.timeline(of: CounterWidget(), at: noon).current.view.texts[1] == "0 taps")
        first = nil
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aTestsOwnEntryIsDrawnByTheWidgetsView() throws {
        let host = try WidgetTestHost(appGroup: counterAppGroup)
        let entry = try host.entry(of: CounterWidget(), CounterEntry(date: noon, title: "Mine", taps: 1))
        #expect(entry.view.texts == ["Mine", "1 tap", "Tap"])
        #expect(entry.view.controls.first?.intent?.type == "CountTapIntent")
        let layout = host.layout(of: entry, family: .systemSmall)
        #expect(layout.family == .systemSmall)
        let png = try host.png(of: entry, family: .systemSmall, colorScheme: .dark)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(throws: WidgetTestingError.self) {
            try host.entry(of: CounterWidget(), WrongEntry(date: noon))
        }
    }
}

/// An entry the counter does not draw.
struct WrongEntry: TimelineEntry {
    let date: Date
}
