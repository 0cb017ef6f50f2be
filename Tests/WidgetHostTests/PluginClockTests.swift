import Foundation
import PluginHosting
import Testing

/// What a plugin is started with on the host's clock (`--at`).
@Suite struct PluginClockTests {
    @Test(arguments: [
        (1_795_953_600.0, "1795953600"),
        (1_795_953_600.25, "1795953600.250"),
        (1_795_953_600.0009, "1795953600.001"),
        (-1.5, "-1.500"),
    ])
    func theDateIsSecondsSince1970ToTheMillisecond(_ seconds: Double, _ text: String) {
        #expect(PluginClock.epochText(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test func theEnvironmentPreloadsTheTimerFixThenLibfaketimeBeforeWhatWasPreloaded() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let library = scratch.appendingPathComponent("libfaketimeMT.so.1")
        try Data().write(to: library)
        let clock = PluginClock(date: Date(timeIntervalSince1970: 1_795_953_600))
        let environment = try clock.environment(
            for: "p",
            adding: [
                "LD_PRELOAD": "/usr/lib/mine.so", PluginClock.libraryVariable: library.path, "HOME": "/h",
            ])
        let preload = try #require(environment["LD_PRELOAD"]).split(separator: " ").map(String.init)
        #expect(preload.count == 3)
        #expect(preload.first?.hasSuffix("/libWidgetHostPluginClock.so") == true)
        #expect(Array(preload.dropFirst()) == [library.path, "/usr/lib/mine.so"])
        #expect(environment["FAKETIME"] == "1795953600")
        #expect(environment["FAKETIME_FMT"] == "%s")
        #expect(environment["FAKETIME_DONT_FAKE_MONOTONIC"] == "1")
        #expect(environment[PluginClock.clockVariable] == "2026-11-29T12:00:00Z")
        #expect(environment["HOME"] == "/h")
    }
}
