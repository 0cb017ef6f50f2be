import Foundation
import JSON
import Snapshots
import TestSupport
import Testing
import WidgetHostKit

/// The snapshot folder's manifest and names, and the JUnit report.
@Suite struct SnapshotFolderTests {
    @Test func theManifestIsWrittenAndReadBack() throws {
        let scratch = try TemporaryDirectory()
        let folder = SnapshotFolder(url: scratch.url)
        #expect(try folder.manifest() == nil)
        let manifest = SnapshotFolder.Manifest(
            date: try StrictISO8601.date(from: "2026-12-05T09:00:00Z"), scale: 2, device: "iPhone 15 Pro Max")
        try folder.write(manifest)
        #expect(try folder.manifest() == manifest)
        #expect(
            try String(
                contentsOf: scratch.url.appendingPathComponent("widgethost-snapshots.json"), encoding: .utf8)
                    == """
                    {
                      "version": 1,
                      "at": "2026-12-05T09:00:00Z",
                      "scale": 2,
                      "device": "iPhone 15 Pro Max"
                    }

                    """)
    }

    @Test func aBadManifestOrFolderIsSaidPrecisely() throws {
        let scratch = try TemporaryDirectory()
        let missing = SnapshotFolder(url: scratch.url.appendingPathComponent("none"))
        #expect(throws: SnapshotFolderError.missing(missing.url.path)) { try missing.manifest() }
        try scratch.file("plain", "x")
        let plain = SnapshotFolder(url: scratch.url.appendingPathComponent("plain"))
        #expect(throws: SnapshotFolderError.notAFolder(plain.url.path)) { try plain.manifest() }
        let cases: [(String, String)] = [
            ("[", "cannot read widgethost-snapshots.json: it is not JSON"),
            (#"{"version": 2}"#, "its \"version\" is not 1"),
            (
                #"{"version": 1, "at": "2026-12-05", "scale": 9, "device": "x"}"#,
                "its \"scale\" is not a number from 1 to 4"
            ),
            (#"{"version": 1, "at": "2026-12-05T09:00:00Z", "scale": 3}"#, "its \"device\" is not a string"),
        ]
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("bad"), withIntermediateDirectories: true)
        for (text, expected) in cases {
            try scratch.file("bad/widgethost-snapshots.json", text)
            let folder = SnapshotFolder(url: scratch.url.appendingPathComponent("bad"))
            let error = #expect(throws: SnapshotFolderError.self) { try folder.manifest() }
            #expect(error?.description.contains(expected) == true, "\(text): \(String(describing: error))")
        }
    }

    @Test func onlyFilesNamedAsSnapshotsAreSnapshots() {
        let names = [
            "a.systemSmall.json", "a.systemSmall.png", "a.systemSmall.dark.png",
            "team%2Fb.accessoryInline.json",
            "widgethost-snapshots.json", "notes.txt", "a.small.png", "picture.png", "a.systemSmall.diff.png",
        ]
        #expect(
            SnapshotFolder.snapshotBaseNames(in: names)
                == ["a.systemSmall", "a.systemSmall.dark", "team%2Fb.accessoryInline"])
        #expect(
            SnapshotFolder.baseName(id: "team/b", family: .systemSmall, colorScheme: .dark)
                == "team%2Fb.systemSmall.dark")
    }

    @Test func theJUnitReportEscapesWhatXMLCannotHold() {
        let outcomes = [
            SnapshotOutcome(
                name: "a<b>.systemSmall", id: "a<b>", kind: "K&K", family: .systemSmall, colorScheme: .light,
                status: .failed, details: ["1 pixel changed \"here\"", "line\u{1B}[31m two"], seconds: 0.25),
            SnapshotOutcome(
                name: "c.systemSmall", id: "c", kind: "K", family: .systemSmall, colorScheme: .light,
                status: .passed),
            SnapshotOutcome(
                name: "d.systemSmall", id: "d", kind: "K", family: .systemSmall, colorScheme: .light,
                status: .missing),
            SnapshotOutcome(
                name: "e.systemSmall", id: "e", kind: "K", family: .systemSmall, colorScheme: .light,
                status: .error,
                details: ["the widget failed"]),
        ]
        let xml = JUnitReport.xml(outcomes, suite: "s", date: Date(timeIntervalSince1970: 0))
        #expect(xml.contains(#"tests="4" failures="2" errors="1" time="0.250""#))
        #expect(xml.contains(#"<testcase classname="K&amp;K" name="a&lt;b&gt;.systemSmall" time="0.250">"#))
        #expect(xml.contains(#"message="a&lt;b&gt;.systemSmall: 1 pixel changed &quot;here&quot;""#))
        #expect(xml.contains("line\u{FFFD}[31m two</failure>"))
        #expect(xml.contains(#"<testcase classname="K" name="c.systemSmall" time="0.000"/>"#))
        #expect(xml.contains(#"type="snapshot.missing""#))
        #expect(xml.contains(#"<error message="e.systemSmall: the widget failed" type="snapshot.error">"#))
        #expect(!xml.contains("\u{1B}"))
    }
}
