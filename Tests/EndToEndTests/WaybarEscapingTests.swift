import Foundation
import TestSupport
import Testing

/// `watch --format waybar` writes text Waybar reads as Pango markup (`escape` unset): a task titled
/// with `&`, `<`, `>` and quotes comes out as entities, and the markup read back (as XML, which
/// Pango's markup is) is the text as the user wrote it.
@Suite struct WaybarEscapingTests {
    static let title = #"R&D <review> "final" it's"#

    /// The text Pango would show for `markup`: parsed as the content of one element.
    static func shown(_ markup: String) throws -> String {
        let scratch = try TemporaryDirectory()
        try scratch.file("markup", markup)
        let script = """
            import sys, xml.etree.ElementTree as E
            sys.stdout.write("".join(E.fromstring("<markup>" + open("markup").read() + "</markup>").itertext()))
            """
        let run = try WidgetHostProcess.run(
            ["python3", "-c", script], directory: scratch.url,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(run.status == 0, "not markup: \(markup)\n\(run.standardError)")
        return run.standardOutput
    }

    @Test func titlesWithMarkupCharactersAreEscapedInTextAndTooltip() throws {
        let scratch = try WatchCommandTests.sample()
        try scratch.importTasks(
            """
            tasks:
              - id: 5B0E6F38-6B4A-4F0B-9E43-7B0F5A4C1D11
                title: '\(Self.title.replacingOccurrences(of: "'", with: "''"))'
                priority: high
                category: work

            """)
        let watch = try WatchProcess(["--format", "waybar", "--widget", "work-tasks"], in: scratch)
        let deadline = Date().addingTimeInterval(20)
        while watch.output.isEmpty && Date() < deadline { usleep(10_000) }
        let line = try #require(watch.output.first, "\(watch.standardError)")
        #expect(watch.stop() == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let text = try #require(object["text"] as? String)
        let tooltip = try #require(object["tooltip"] as? String)
        #expect(text.contains("R&amp;D &lt;review&gt; &quot;final&quot; it&#39;s"), "\(text)")
        #expect(!text.contains("<review>"))
        #expect(try Self.shown(text).contains(Self.title))
        #expect(!tooltip.contains("<") && !tooltip.contains(">"))
        #expect(try Self.shown(tooltip).contains("R&D <review>"))
        #expect(object["class"] as? String == "TaskWidget")
    }
}
