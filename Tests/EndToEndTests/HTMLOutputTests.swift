import Foundation
import TestSupport
import Testing

/// `run --format html` of the built binary: a page of cards for the built-ins and for a plugin
/// whose views carry SwiftUI modifiers (a small python3 plugin written here, speaking JSON-RPC),
/// titles that hold markup shown as text, a failed widget shown as its error, and one page per
/// family given.
@Suite struct HTMLOutputTests {
    /// A plugin of kind `Styled` drawing a view with modifiers; `Broken` fails its timeline.
    static let plugin = ScratchPlugin.script(
        prelude: #"""
            VIEW = {"type": "vstack", "modifiers": [{"type": "containerBackground", "style": "indigo"}],
                    "url": "styled://open",
                    "children": [
                        {"type": "text", "text": "Late <b>bold</b>", "modifiers": [
                            {"type": "font", "style": "caption"}, {"type": "foregroundStyle", "style": "red"},
                            {"type": "strikethrough", "isActive": True}, {"type": "lineLimit", "limit": 1}]},
                        {"type": "text", "text": "Boxed", "modifiers": [
                            {"type": "padding", "edges": "all", "length": 6}, {"type": "background", "style": "#00FF7F"}]},
                        {"type": "spacer"}]}
            """#,
        initialize: #"""
            res = {"protocolVersion": 1, "plugin": {"name": "styled", "version": "1"},
                   "widgets": [{"kind": "Styled", "supportedFamilies": ["systemSmall", "accessoryRectangular"],
                                "parameters": []},
                               {"kind": "Broken", "supportedFamilies": ["systemSmall"], "parameters": []}]}
            """#,
        render: #"""
            if r["params"]["kind"] == "Broken":
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"],
                                  "error": {"code": -32000, "message": "the <weather> service is down"}}), flush=True)
                continue
            res = {"entries": [{"date": r["params"]["date"], "data": {}, "view": VIEW}], "policy": {"policy": "never"}}
            """#)

    static func scratch() throws -> TemporaryDirectory {
        let scratch = try WatchCommandTests.sample()
        try scratch.plugin(
            "styled", at: "plugins/styled", script: plugin, manifest: "kinds: [Styled, Broken]\n")
        try scratch.file(
            "styled.yaml",
            """
            appGroup: group.com.example.taskapp
            widgets:
              - id: styled
                kind: Styled
              - id: broken
                kind: Broken
              - id: work-tasks
                kind: TaskWidget
                family: systemMedium
                configuration: {priorityFilter: high, showCompleted: false, category: work}
            plugins: [plugins/styled]
            """)
        return scratch
    }

    @Test func thePageShowsEveryWidgetWithItsModifiersAndFailuresAsErrors() throws {
        let scratch = try Self.scratch()
        let store = WatchCommandTests.store(scratch)
        #expect(
            try scratch.widgethost(
                [
                    "perform", "AddTaskIntent", "taskName=<script>alert(1)</script>", "priority=high",
                    "category=work",
                ],
                environment: store
            ).status == 0)
        let run = try scratch.widgethost(
            ["run", "styled.yaml", "--format", "html", "--at", "2026-11-29T12:00:00Z"], environment: store)
        #expect(run.status == 1)  // the broken widget failed; the others are drawn
        #expect(run.standardError.contains("error: widget 'broken' failed: "))
        let page = run.standardOutput
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</body></html>\n"))
        #expect(!page.contains("<script"))
        // The plugin's view: the container background (the card's, light and dark), the text's
        // modifiers, the padded box, each element at the frame the layout gave it.
        #expect(
            page.contains(
                "data-widget-id=\"styled\" data-kind=\"Styled\" data-family=\"systemSmall\" data-widget-url=\"styled://open\" style=\"width:170px;height:170px;border-radius:22px;--b:#5856D6;--bd:#5E5CE6\""
            ))
        #expect(
            page.contains(
                "font-size:12px;line-height:16px;--f:#FF3B30;--fd:#FF453A;text-decoration:line-through;--s:#FF3B30;--sd:#FF453A\">Late &lt;b&gt;bold&lt;/b&gt;</span>"
            ))
        let boxed = try #require(
            page.firstMatch(
                of:
                    #/<div class="n fb" style="left:[\d.]+px;top:[\d.]+px;width:([\d.]+)px;height:([\d.]+)px;--b:#00FF7F;--bd:#00FF7F"><div class="n" style="[^"]*"><span class="n t ff" style="left:6px;top:6px;width:([\d.]+)px;height:([\d.]+)px;[^"]*">Boxed<\/span>/#
            ))
        #expect(Double(boxed.output.1) == Double(boxed.output.3).map { $0 + 12 })
        #expect(Double(boxed.output.2) == Double(boxed.output.4).map { $0 + 12 })
        // The task widget's rows (a button each) fill the same width: the rows are the geometry's,
        // not the browser's guess.
        let rows = page.matches(
            of:
                /data-intent="ToggleTaskIntent" type="button" style="left:([\d.]+)px;top:[\d.]+px;width:([\d.]+)px;/
        )
        #expect(rows.count >= 2)
        #expect(Set(rows.map { String($0.output.2) }).count == 1, "\(rows.map(\.output.2))")
        #expect(Set(rows.map { String($0.output.1) }).count == 1)
        // The failed widget is its error state, the message as text.
        #expect(page.contains("<div class=\"card failed\" data-widget-id=\"broken\""))
        #expect(page.contains("the &lt;weather&gt; service is down"))
        // The task titled with markup is text, and its button is control 3 as tap counts it.
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("data-control=\"3\" data-intent=\"ToggleTaskIntent\""))
        // The same run twice is the same page.
        let again = try scratch.widgethost(
            ["run", "styled.yaml", "--format", "html", "--at", "2026-11-29T12:00:00Z"], environment: store)
        #expect(again.standardOutput == page)
    }

    @Test func aFamilyGivenDrawsEveryWidgetInIt() throws {
        let scratch = try Self.scratch()
        let run = try scratch.widgethost(
            [
                "run", "styled.yaml", "--widget", "styled", "--family", "accessoryRectangular", "--format",
                "html",
            ],
            environment: WatchCommandTests.store(scratch))
        #expect(run.status == 0)
        #expect(
            run.standardOutput.contains(
                "data-family=\"accessoryRectangular\" data-widget-url=\"styled://open\" style=\"width:172px;height:76px;border-radius:8px;"
            ))
        // --family all: a gallery of every family the widget supports, its own first.
        let all = try scratch.widgethost(
            ["run", "styled.yaml", "--widget", "styled", "--family", "all", "--format", "html"],
            environment: WatchCommandTests.store(scratch))
        #expect(all.status == 0, "\(all.standardError)")
        let families = all.standardOutput.matches(
            of: /data-widget-id="styled" data-kind="Styled" data-family="(\w+)"/
        )
        .map { String($0.output.1) }
        #expect(families == ["systemSmall", "accessoryRectangular"])
        let timeline = try scratch.widgethost(
            ["run", "styled.yaml", "--format", "html", "--timeline"],
            environment: WatchCommandTests.store(scratch))
        #expect(timeline.status == 64)
        #expect(
            timeline.standardError.contains("--timeline lists every entry, which --format html does not draw")
        )
    }
}
