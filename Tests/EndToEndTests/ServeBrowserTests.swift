import Foundation
import TestSupport
import Testing

/// `widgethost serve`'s page in a real browser: headless Chromium (scripts/setup-tests) loads it
/// from the built binary and is driven through the DevTools protocol by
/// `Fixtures/browser/drive.py` (Debian's python3 with python3-websocket): every card has its
/// family's size as the browser lays it out, a screenshot of a card is not blank, and a click on a
/// task's button toggles the task in the store and the card is redrawn from the server's events;
/// widgets reordered in the configuration are reordered on the page.
@Suite(.serialized, .ownThreads) struct ServeBrowserTests {
    static let driver = TemporaryDirectory.repositoryURL
        .appendingPathComponent("Tests/EndToEndTests/Fixtures/browser/drive.py")

    @Test func aClickInChromiumTogglesTheTaskAndTheCardIsRedrawnFromTheEvents() throws {
        let served = try ServeCommandTests.serve()
        let screenshot = served.scratch.url.appendingPathComponent("card.png")
        // The quick menu moved to the top, renamed into place once the click is done.
        let config = served.scratch.url.appendingPathComponent("config/widgets.yaml")
        let menu = "  - id: quick-menu\n    kind: Quickmenu\n    family: systemMedium\n"
        let text = try String(contentsOf: config, encoding: .utf8)
        try #require(text.hasSuffix("\n\n" + menu))
        let edited = try served.scratch.file(
            "config/edited",
            String(text.dropLast(menu.count + 1)).replacingOccurrences(
                of: "widgets:\n", with: "widgets:\n" + menu))
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        driver.arguments = [
            // The URL printed, as a person would open it.
            Self.driver.path, served.url, "work-tasks", screenshot.path, config.path,
            edited.path, "quick-menu,work-tasks,all-tasks,focus",
        ]
        let output = Pipe()
        let errors = Pipe()
        driver.standardOutput = output
        driver.standardError = errors
        try driver.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        driver.waitUntilExit()
        #expect(driver.terminationStatus == 0, "drive.py: \(errorText)")
        let report = try JSONText.object(String(decoding: data, as: UTF8.self))

        // Every card, laid out by the browser, is its family's size in points.
        let cards = report["cards"] as? [[String: Any]] ?? []
        let sizes = cards.map { card in
            "\(card["id"] as? String ?? "?") \(card["family"] as? String ?? "?") "
                + "\(card["width"] as? Double ?? 0)x\(card["height"] as? Double ?? 0)"
        }
        #expect(
            sizes == [
                "work-tasks systemMedium 364.0x170.0", "all-tasks systemLarge 364.0x382.0",
                "focus systemSmall 170.0x170.0", "quick-menu systemMedium 364.0x170.0",
            ])

        // The screenshot of the card is a card: hundreds of colours (text, symbols, anti-aliasing).
        let shot = report["screenshot"] as? [String: Any] ?? [:]
        #expect(shot["width"] as? Int == 364)
        #expect(shot["height"] as? Int == 170)
        #expect((shot["colours"] as? Int ?? 0) > 20, "\(shot)")
        #expect(FileManager.default.fileExists(atPath: screenshot.path))

        // The click ran ToggleTaskIntent on the first task; the store has it, and the card was
        // redrawn from the events stream without the finished task. (The titles are as the
        // layout cut them to fit the row: "Finish the Q3 roadma…".)
        #expect((report["before"] as? String)?.hasPrefix("Finish the Q3 roadma") == true, "\(report)")
        #expect(report["redrawn"] as? Bool == true)
        #expect((report["after"] as? String)?.hasPrefix("Review the login pull req") == true)
        #expect((report["status"] as? String)?.hasPrefix("[1] of work-tasks: ") == true)
        let tasks = try JSONText.object(try served.scratch.exportJSON())["tasks"] as? [[String: Any]] ?? []
        #expect(
            tasks.first { $0["id"] as? String == WatchCommandTests.roadmap }?["isCompleted"] as? Bool == true)

        // Reordered by the live host's order event, without a reload.
        #expect(report["order"] as? [String] == ["quick-menu", "work-tasks", "all-tasks", "focus"])
        #expect(served.process.stop() == 0)
    }
}
