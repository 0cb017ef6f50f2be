import Foundation
import TestSupport
import Testing

/// `run --format png` of the built binary: one picture a widget, named by id, family and scheme,
/// of the family's size times the scale, listed on standard output; bad options refused before
/// anything runs.
@Suite struct RunPNGTests {
    /// The width and height a PNG's header gives, or `nil` when the bytes are not a PNG.
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int)? {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count > 24, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            return nil
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func everyWidgetIsDrawnInItsFamilyAtTheScale() throws {
        let scratch = try WatchCommandTests.sample()
        let run = try scratch.widgethost(
            ["run", "config", "--format", "png", "--output", "out/pictures", "--scale", "2"],
            environment: WatchCommandTests.store(scratch))
        #expect(run.status == 0, "\(run.standardError)")
        let folder = scratch.url.appendingPathComponent("out/pictures")
        let listed = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            listed.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "work-tasks.systemMedium.png", "all-tasks.systemLarge.png", "focus.systemSmall.png",
                "quick-menu.systemMedium.png",
            ])
        let sizes = try listed.map { try Self.pngSize(URL(fileURLWithPath: $0)) }
        #expect(sizes.map { $0?.width } == [728, 728, 340, 728])
        #expect(sizes.map { $0?.height } == [340, 764, 340, 340])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 4)

        // Dark, at the default scale (3): `ID.FAMILY.dark.png`.
        let dark = try scratch.widgethost(
            [
                "run", "config", "--format", "png", "--output", "out", "--color-scheme", "dark", "--widget",
                "focus",
            ],
            environment: WatchCommandTests.store(scratch))
        #expect(dark.status == 0, "\(dark.standardError)")
        let file = scratch.url.appendingPathComponent("out/focus.systemSmall.dark.png")
        #expect(dark.standardOutput.hasSuffix("out/focus.systemSmall.dark.png\n"))
        #expect(try Self.pngSize(file).map { [$0.width, $0.height] } == [510, 510])
    }

    /// librsvg is loaded when the first symbol is drawn: where it cannot be, every picture is still
    /// drawn, its symbols as outlines, and the run says so once, naming what the loader said.
    @Test func withoutLibrsvgSymbolsAreOutlinesAndTheRunSaysSoOnce() throws {
        let scratch = try WatchCommandTests.sample()
        var environment = WatchCommandTests.store(scratch)
        environment["WIDGETHOST_LIBRSVG"] = scratch.path("no/librsvg-2.so.2")
        let run = try scratch.widgethost(
            ["run", "config", "--format", "png", "--output", "out", "--scale", "1"], environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count == 4)
        #expect(
            run.standardError
                == "warning: symbols are drawn as outlines: librsvg could not be loaded ("
                + scratch.path("no/librsvg-2.so.2")
                + ": cannot open shared object file: No such file or directory); install it (Debian's "
                + "librsvg2-2), or name it with WIDGETHOST_LIBRSVG\n")
        // Where it loads, nothing is said.
        let loaded = try scratch.widgethost(
            ["run", "config", "--format", "png", "--output", "out2", "--scale", "1"],
            environment: WatchCommandTests.store(scratch))
        #expect(loaded.status == 0)
        #expect(loaded.standardError == "")
    }

    @Test func anIdWithASlashIsOneFileOfTheFolder() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try scratch.file(
            "w.yaml",
            """
            widgets:
              - {id: "team/focus%", kind: FocusWidget}
            """)
        let run = try scratch.widgethost([
            "run", "w.yaml", "--store", "store", "--format", "png", "--output", "o",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("o").path)
                == ["team%2Ffocus%25.systemSmall.png"])
    }

    @Test func badOptionsAreRefusedBeforeAnythingRuns() throws {
        let scratch = try WatchCommandTests.sample()
        let store = WatchCommandTests.store(scratch)
        let noFolder = try scratch.widgethost(["run", "config", "--format", "png"], environment: store)
        #expect(noFolder.status == 64)
        #expect(noFolder.standardError.contains("--output DIR"))
        let badScale = try scratch.widgethost(
            ["run", "config", "--format", "png", "--output", "o", "--scale", "9"], environment: store)
        #expect(badScale.status == 64)
        #expect(badScale.standardError.contains("not between 1 and 4"))
        let notANumber = try scratch.widgethost(
            ["run", "config", "--format", "png", "--output", "o", "--scale", "big"], environment: store)
        #expect(notANumber.status == 64)
        let notPictures = try scratch.widgethost(["run", "config", "--output", "o"], environment: store)
        #expect(notPictures.status == 64)
        #expect(notPictures.standardError.contains("with --format png"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("o").path))
        // A folder that cannot be made: a file is in the way. Nothing is drawn.
        try scratch.file("taken", "")
        let blocked = try scratch.widgethost(
            ["run", "config", "--format", "png", "--output", "taken/pictures"], environment: store)
        #expect(blocked.status == 1)
        #expect(blocked.standardError.contains("'taken' is not a folder"))
        #expect(blocked.standardOutput.isEmpty)
    }
}
