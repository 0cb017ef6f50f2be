import Foundation
import Snapshots
import TestSupport
import Testing

/// `widgethost snapshot` of the built binary on the sample configuration (the seeds' widgets):
/// recorded in every family and both schemes, then verified; a one-pixel difference fails with a
/// diff picture marking that pixel; a changed view fails naming its changed nodes, in a JUnit
/// report too; bad folders and options are refused before anything is written.
@Suite struct SnapshotCommandTests {
    static let at = "2026-12-05T09:00:00Z"

    /// `widgethost snapshot ARGUMENTS` in `scratch`: a whole sample's snapshots are drawn and
    /// compared in a second or two, more while other tests run.
    static func snapshot(_ scratch: TemporaryDirectory, _ arguments: [String], store: [String: String]) throws
        -> WidgetHostProcess.Result
    {
        try WidgetHostProcess.run(
            ["snapshot"] + arguments, environment: scratch.widgethostEnvironment(store),
            directory: scratch.url,
            timeout: .seconds(120))
    }

    /// Why the shared recording could not be made.
    struct RecordingError: Error, CustomStringConvertible {
        var description: String
    }

    /// The sample with its store and its snapshots recorded in `snaps` by the built binary, made
    /// once a run (a recording draws 44 pictures) and copied for each test that starts from it.
    static let recording = Result<TemporaryDirectory, any Error> {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        try scratch.copy(repositoryFile: "config/data/tasks.yaml", as: "tasks.yaml")
        let store = WatchCommandTests.store(scratch)
        let imported = try scratch.widgethost(["store", "import", "tasks.yaml"], environment: store)
        guard imported.status == 0 else { throw RecordingError(description: imported.standardError) }
        let record = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--record", "--at", at], store: store)
        guard record.status == 0 else { throw RecordingError(description: record.standardError) }
        return scratch
    }

    /// A copy of ``recording`` of the test's own, and the environment naming its store.
    static func recorded() throws -> (TemporaryDirectory, [String: String]) {
        let recording = try Self.recording.get()
        let scratch = try TemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: recording.url.path) {
            try FileManager.default.copyItem(
                at: recording.url.appendingPathComponent(name), to: scratch.url.appendingPathComponent(name))
        }
        return (scratch, WatchCommandTests.store(scratch))
    }

    /// The families each widget of the sample supports, as `run --family all` draws them.
    static func families(_ scratch: TemporaryDirectory, store: [String: String]) throws -> [String: [String]]
    {
        let run = try scratch.widgethost(
            ["run", "config", "--family", "all", "--format", "ndjson", "--at", at], environment: store)
        var families: [String: [String]] = [:]
        for line in run.standardOutput.split(separator: "\n") {
            let widget = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(widget["id"] as? String)
            families[id, default: []].append(try #require(widget["family"] as? String))
        }
        return families
    }

    @Test func everyWidgetIsRecordedInEveryFamilyAndSchemeThenVerified() throws {
        let (scratch, store) = try Self.recorded()
        let families = try Self.families(scratch, store: store)
        #expect(families.count == 4)
        var expected = Set<String>()
        for (id, list) in families {
            for family in list {
                for suffix in ["", ".dark"] {
                    expected.insert("\(id).\(family)\(suffix).json")
                    expected.insert("\(id).\(family)\(suffix).png")
                }
            }
        }
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path("snaps")))
        #expect(files == expected.union(["widgethost-snapshots.json"]))
        let manifest = try String(
            contentsOfFile: scratch.path("snaps/widgethost-snapshots.json"), encoding: .utf8)
        #expect(manifest.contains("\"at\": \"\(Self.at)\""))
        #expect(manifest.contains("\"scale\": 3"))

        // The layout file is the widget's object of `run --format layout`, indented.
        let layout = try scratch.widgethost(
            ["run", "config", "--format", "layout", "--widget", "focus", "--at", Self.at], environment: store)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(layout.standardOutput.utf8)) as? [String: Any])
        let widget = try #require((object["widgets"] as? [[String: Any]])?.first)
        let recorded = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: scratch.path("snaps/focus.systemSmall.json"))))
        #expect(NSDictionary(dictionary: widget).isEqual(recorded))
        // The picture is `run --format png`'s, byte for byte.
        let png = try scratch.widgethost(
            [
                "run", "config", "--format", "png", "--output", "pictures", "--widget", "focus", "--at",
                Self.at,
            ],
            environment: store)
        #expect(png.status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: scratch.path("pictures/focus.systemSmall.png")))
                == Data(contentsOf: URL(fileURLWithPath: scratch.path("snaps/focus.systemSmall.png"))))

        // Verified on another day (the recorded date is used), in a new process: all pass.
        let verify = try Self.snapshot(scratch, ["config", "--dir", "snaps"], store: store)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
        #expect(
            verify.standardOutput.hasSuffix(
                "\(expected.count / 2) snapshots: \(expected.count / 2) passed, 0 failed\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("snaps/failures")))

        // Recording again changes nothing.
        let again = try Self.snapshot(scratch, ["config", "--dir", "snaps", "--record"], store: store)
        #expect(again.status == 0)
        #expect(again.standardOutput.hasSuffix("\(expected.count / 2) unchanged\n"))
    }

    /// `snapshot` of the recording's `widget` in `family`, verified where librsvg cannot be loaded.
    static func verifyWithoutLibrsvg(widget: String, family: String) throws -> (
        TemporaryDirectory, WidgetHostProcess.Result
    ) {
        let (scratch, store) = try Self.recorded()
        var environment = store
        environment["WIDGETHOST_LIBRSVG"] = scratch.path("no/librsvg-2.so.2")
        let arguments = [
            "config", "--dir", "snaps", "--widget", widget, "--family", family, "--color-scheme", "light",
        ]
        return (scratch, try Self.snapshot(scratch, arguments, store: environment))
    }

    /// Verified without librsvg, the pictures' symbols are outlines: they fail, and the run says
    /// why they may, once.
    @Test func withoutLibrsvgTheRunSaysItsSymbolsAreOutlines() throws {
        let (scratch, verify) = try Self.verifyWithoutLibrsvg(widget: "focus", family: "systemSmall")
        #expect(verify.status == 1)
        let warnings = verify.standardError.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(
            warnings == [
                "warning: symbols are drawn as outlines: librsvg could not be loaded ("
                    + scratch.path("no/librsvg-2.so.2")[...]
                    + ": cannot open shared object file: No such file or directory); install it (Debian's "
                    + "librsvg2-2), or name it with WIDGETHOST_LIBRSVG"
            ], "\(verify.standardError)")
    }

    /// A picture without a symbol needs no librsvg: verified without it, it passes, and the run
    /// says nothing of outlines.
    @Test func withoutLibrsvgPicturesWithoutSymbolsPassSilently() throws {
        let (_, verify) = try Self.verifyWithoutLibrsvg(widget: "work-tasks", family: "accessoryInline")
        #expect(verify.status == 0, "\(verify.standardOutput)")
        #expect(!verify.standardError.contains("librsvg"), "\(verify.standardError)")
    }

    @Test func aOnePixelChangeFailsWithADiffPictureThatMarksIt() throws {
        let (scratch, store) = try Self.recorded()
        let file = URL(fileURLWithPath: scratch.path("snaps/focus.systemSmall.png"))
        var image = try RasterImage(png: Array(try Data(contentsOf: file)))
        let (x, y) = (200, 321)
        let original = image[x, y]
        image[x, y] = original ^ 0x0000_0080  // blue moved by 128
        try Data(image.png).write(to: file)

        let verify = try Self.snapshot(scratch, ["config", "--dir", "snaps"], store: store)
        #expect(verify.status == 1)
        let failed = verify.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("ok ") }
        #expect(failed.first == "FAILED    focus.systemSmall: 1 pixel changed in 1x1 at (\(x), \(y))")
        #expect(failed.contains("    diff: \(scratch.url.path)/snaps/failures/focus.systemSmall.diff.png"))
        #expect(verify.standardOutput.contains("1 failed"))

        // The diff: recorded | current | the recorded faded, the changed pixel in red.
        let diff = try RasterImage(
            png: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: scratch.path("snaps/failures/focus.systemSmall.diff.png")))))
        #expect(diff.width == 510 * 3 + 16)
        #expect(diff[x, y] == image[x, y])
        #expect(diff[510 + 8 + x, y] == original)
        let marks = (0..<diff.height).flatMap { row in
            (0..<510).compactMap { column in diff[1036 + column, row] == 0xFFFF_0000 ? [column, row] : nil }
        }
        #expect(marks == [[x, y]])
        // The current layout and picture are left beside it, to accept by copying.
        let current = try Data(
            contentsOf: URL(fileURLWithPath: scratch.path("snaps/failures/focus.systemSmall.png")))
        #expect(try RasterImage(png: Array(current))[x, y] == original)

        // A difference within --tolerance passes; beyond it fails.
        image[x, y] = original ^ 0x0000_0002
        try Data(image.png).write(to: file)
        let tolerant = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--tolerance", "2"], store: store)
        #expect(tolerant.status == 0, "\(tolerant.standardOutput)")
        let strict = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--tolerance", "1"], store: store)
        #expect(strict.status == 1)
        // The failures of the earlier run are cleared by the next.
        let passing = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--tolerance", "2"], store: store)
        #expect(passing.status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("snaps/failures")) == [
                ".gitignore"
            ])
    }

    /// A plugin's view: a red bar `width` points wide at the leading edge, in an hstack with a spacer.
    static func bar(_ width: Int) -> String {
        """
        {"type": "hstack", "children": [
          {"type": "spacer", "modifiers": [{"type": "frame", "width": \(width), "height": 40},
                                           {"type": "background", "style": "#FF0000"}]},
          {"type": "spacer"}]}
        """
    }

    @Test func aViewOnePixelWiderFailsWithThatColumnMarked() throws {
        let scratch = try PluginViewTests.scratch("bar", kind: "Bar", view: Self.bar(100))
        let store = ["WIDGETHOST_STORE": scratch.path("store")]
        let arguments = ["widgets.yaml", "--plugins", "plugins", "--dir", "snaps"]
        let record = try Self.snapshot(
            scratch, arguments + ["--record", "--at", Self.at, "--scale", "1"], store: store)
        #expect(record.status == 0, "\(record.standardError)")
        #expect(try Self.snapshot(scratch, arguments, store: store).status == 0)

        // One point wider at one pixel a point: one more column of 40 red pixels.
        try ScratchPlugin.write(
            "bar", in: scratch, manifest: "kinds: [Bar]\n",
            widgets: [#"{"kind": "Bar", "supportedFamilies": ["systemSmall"]}"#], view: Self.bar(101))
        let verify = try Self.snapshot(scratch, arguments, store: store)
        #expect(verify.status == 1)
        let lines = verify.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "FAILED    s.systemSmall: 4 layout changes; 40 pixels changed in 1x40 at (116, 65)"
        )
        #expect(
            lines.contains("    layout/widget/hstack/background: frame (16, 65, 100x40) -> (16, 65, 101x40)"))
        let diff = try RasterImage(
            png: Array(
                try Data(
                    contentsOf: URL(fileURLWithPath: scratch.path("snaps/failures/s.systemSmall.diff.png")))))
        var marked: [Int] = []
        for y in 0..<170 {
            for x in 0..<170 where diff[2 * (170 + 8) + x, y] == 0xFFFF_0000 { marked.append(x * 1000 + y) }
        }
        #expect(marked == (65..<105).map { 116 * 1000 + $0 })
    }

    @Test func aChangedViewFailsNamingItsChangedNodesInAJUnitReport() throws {
        // Recorded at one pixel a point: what is read here is the layout's changes and the report,
        // and the pictures of every task widget's snapshots, all failing, are compared and diffed
        // at a ninth of the pixels of the default scale.
        let scratch = try WatchCommandTests.sample()
        let store = WatchCommandTests.store(scratch)
        let record = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--record", "--at", Self.at, "--scale", "1"], store: store)
        #expect(record.status == 0, "\(record.standardError)")
        // A task done: the task widgets' count and rows change.
        let tap = try scratch.widgethost(["tap", "all-tasks", "1", "--at", Self.at], environment: store)
        #expect(tap.status == 0, "\(tap.standardError)")
        let verify = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--junit", "report.xml"], store: store)
        #expect(verify.status == 1)
        let lines = verify.standardOutput.split(separator: "\n").map(String.init)
        let failed = lines.filter { $0.hasPrefix("FAILED ") }
        #expect(
            failed.contains {
                $0.hasPrefix("FAILED    all-tasks.systemSmall: ") && $0.contains("layout change")
            })
        #expect(failed.allSatisfy { $0.contains("all-tasks.") || $0.contains("work-tasks.") })
        #expect(lines.contains { $0.hasPrefix("ok        focus.") })
        let changes = try String(
            contentsOfFile: scratch.path("snaps/failures/all-tasks.systemSmall.changes.txt"), encoding: .utf8)
        // The first task done, the second row's title is the first's.
        #expect(changes.contains(#"vstack[2]/text: text "Finish the…" -> "Review th…""#))

        // The report, read by Python's XML parser: a test case a snapshot, the failures named.
        let check = try WidgetHostProcess.run(
            [
                "python3", "-c",
                """
                import sys, xml.etree.ElementTree as E
                suite = E.parse(sys.argv[1]).getroot().find('testsuite')
                failed = [c.get('name') for c in suite if c.find('failure') is not None]
                print(suite.get('tests'), suite.get('failures'), len(failed), ' '.join(sorted(failed)))
                """,
                scratch.path("report.xml"),
            ], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(check.status == 0, "\(check.standardError)")
        let names = failed.map { String($0.dropFirst(10).prefix { $0 != ":" }) }.sorted()
        let total = lines.count - 1 - lines.filter { $0.hasPrefix("    ") }.count
        #expect(
            check.standardOutput
                == "\(total) \(failed.count) \(failed.count) \(names.joined(separator: " "))\n")
    }

    @Test func recordingEverythingRemovesWhatNoWidgetDrawsAndVerifyingWarns() throws {
        let (scratch, store) = try Self.recorded()
        try scratch.file("snaps/gone.systemSmall.json", "{}\n")
        try scratch.file("snaps/gone.systemSmall.png", "not a picture")
        try scratch.file("snaps/notes.txt", "kept")
        let verify = try Self.snapshot(scratch, ["config", "--dir", "snaps"], store: store)
        #expect(verify.status == 0)
        #expect(
            verify.standardError.contains(
                "'gone.systemSmall' is recorded but no widget of the configuration draws it"))
        let record = try Self.snapshot(scratch, ["config", "--dir", "snaps", "--record"], store: store)
        #expect(record.status == 0)
        #expect(record.standardOutput.contains("removed   gone.systemSmall\n"))
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("snaps"))
        #expect(!files.contains("gone.systemSmall.json") && !files.contains("gone.systemSmall.png"))
        #expect(files.contains("notes.txt"))
    }

    @Test func badFoldersAndOptionsAreRefusedAndChangeNothing() throws {
        let scratch = try WatchCommandTests.sample()
        let store = WatchCommandTests.store(scratch)
        let missing = try Self.snapshot(scratch, ["config", "--dir", "nowhere"], store: store)
        #expect(missing.status == 65)
        #expect(missing.standardError.contains("the snapshot folder"))
        #expect(missing.standardError.contains("does not exist; record snapshots into it first"))

        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try Self.snapshot(scratch, ["config", "--dir", "empty"], store: store)
        #expect(empty.status == 65)
        #expect(empty.standardError.contains("holds no recorded snapshots (no widgethost-snapshots.json)"))

        try scratch.file("file", "x")
        let file = try Self.snapshot(scratch, ["config", "--dir", "file"], store: store)
        #expect(file.status == 65)
        #expect(file.standardError.contains("is not a folder"))

        let noDate = try Self.snapshot(scratch, ["config", "--dir", "new", "--record"], store: store)
        #expect(noDate.status == 64)
        #expect(noDate.standardError.contains("--record needs --at DATE"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("new")))

        let tolerance = try Self.snapshot(
            scratch, ["config", "--dir", "new", "--record", "--at", Self.at, "--tolerance", "3"], store: store
        )
        #expect(tolerance.status == 64)
        let badTolerance = try Self.snapshot(
            scratch, ["config", "--dir", "empty", "--tolerance", "300"], store: store)
        #expect(badTolerance.status == 64)
        let noDir = try Self.snapshot(scratch, ["config"], store: store)
        #expect(noDir.status == 64)
        #expect(noDir.standardError.contains("--dir FOLDER"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("new")))

        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try scratch.file("broken/widgethost-snapshots.json", "{\"version\": 1, \"at\": \"yesterday\"}")
        let broken = try Self.snapshot(scratch, ["config", "--dir", "broken"], store: store)
        #expect(broken.status == 65)
        #expect(
            broken.standardError.contains(
                "cannot read widgethost-snapshots.json: its \"at\" is not an ISO 8601 date"))

        // Verifying at another date or scale than recorded is refused; so is recording some again
        // at another date.
        let record = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--record", "--at", Self.at, "--widget", "focus"],
            store: store)
        #expect(record.status == 0)
        let otherDate = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--widget", "focus", "--at", "2027-01-01T00:00:00Z"],
            store: store)
        #expect(otherDate.status == 64)
        #expect(otherDate.standardError.contains("were taken at \(Self.at)"))
        let otherScale = try Self.snapshot(
            scratch, ["config", "--dir", "snaps", "--widget", "focus", "--scale", "2"], store: store)
        #expect(otherScale.status == 64)
        let some = try Self.snapshot(
            scratch,
            ["config", "--dir", "snaps", "--record", "--widget", "focus", "--at", "2027-01-01T00:00:00Z"],
            store: store)
        #expect(some.status == 64)
        #expect(some.standardError.contains("recording only some of them"))
        // A widget recorded alone verifies alone; the others are missing.
        let others = try Self.snapshot(scratch, ["config", "--dir", "snaps"], store: store)
        #expect(others.status == 1)
        #expect(others.standardOutput.contains("MISSING   all-tasks.systemSmall: no recorded snapshot"))
    }

    @Test func shardsRecordAndVerifyTheWholeInParts() throws {
        let (scratch, store) = try Self.recorded()
        // Three shards recorded at once with GNU parallel into another folder: the same files.
        let parallel = try WidgetHostProcess.run(
            [
                "parallel", "--halt", "now,fail=1", WidgetHostProcess.executableURL.path,
                "snapshot", "config", "--dir", "parts", "--record", "--at", Self.at, "--shard", "{}/3", ":::",
                "1", "2", "3",
            ],
            environment: store.merging(["HOME": scratch.url.path]) { $1 }, directory: scratch.url,
            timeout: .seconds(120), executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(parallel.status == 0, "\(parallel.standardError)")
        let whole = try FileManager.default.contentsOfDirectory(atPath: scratch.path("snaps")).sorted()
        let parts = try FileManager.default.contentsOfDirectory(atPath: scratch.path("parts")).sorted()
        #expect(parts == whole)
        for name in whole {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: scratch.path("snaps/\(name)")))
                    == Data(contentsOf: URL(fileURLWithPath: scratch.path("parts/\(name)"))), "\(name)")
        }
        for shard in 1...3 {
            let verify = try Self.snapshot(
                scratch, ["config", "--dir", "snaps", "--shard", "\(shard)/3"], store: store)
            #expect(verify.status == 0)
        }
    }
}
