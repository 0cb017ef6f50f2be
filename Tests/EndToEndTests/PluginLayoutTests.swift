import Foundation
import TestSupport
import Testing

/// A plugin's view with the layout vocabulary (a zstack, an overlay carrying a view, a spacer's
/// minLength, fixedSize, layoutPriority, minimumScaleFactor) goes through the built binary whole:
/// no warning, and `run --format layout` places each view as SwiftUI would.
@Suite struct PluginLayoutTests {
    static let view = """
        {"type": "zstack", "alignment": "bottomLeading", "children": [
          {"type": "spacer", "modifiers": [{"type": "frame", "width": 120, "height": 80},
                                           {"type": "background", "style": "blue"}]},
          {"type": "text", "text": "Inbox", "modifiers": [
            {"type": "fixedSize"}, {"type": "layoutPriority", "value": 1},
            {"type": "minimumScaleFactor", "factor": 0.5},
            {"type": "frame", "width": 100, "height": 40},
            {"type": "overlay", "alignment": "topTrailing", "view":
              {"type": "image", "systemName": "star", "modifiers": [{"type": "frame", "width": 10, "height": 10}]}}]}]}
        """

    @Test func aZStacksOverlayIsPlacedWhereItsAlignmentPutsIt() throws {
        let scratch = try PluginViewTests.scratch("layered", kind: "Layered", view: Self.view)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "layout",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "", "the vocabulary takes every node and modifier of the view")
        let widget = try #require(try JSONPath(result.standardOutput)["widgets"]?[0]?["layout"]?.value)
        // The zstack is its largest layer, centred in the small widget's 170 x 170 points.
        let stack = try #require(Self.nodes("zstack", in: widget).first)
        #expect(Self.frame(stack) == [25, 45, 120, 80])
        // The text's 100 x 40 frame sits at the stack's bottom leading corner...
        let overlay = try #require(Self.nodes("overlay", in: widget).first)
        #expect(Self.frame(overlay) == [25, 85, 100, 40])
        // ...and the star's 10 x 10 frame at the overlay's top trailing corner, drawn after the text.
        let star = try #require(
            Self.nodes("frame", in: overlay).first { Self.nodes("image", in: $0).count == 1 })
        #expect(Self.frame(star) == [115, 85, 10, 10])
        #expect(Self.nodes("text", in: overlay).map { $0["text"] as? String } == ["Inbox"])
        #expect(Self.nodes("fixedSize", in: overlay).count == 1)

        // The JSON keeps the view as the plugin drew it, the overlay's view in its modifier.
        let json = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        let view = try #require(try JSONPath(json.standardOutput)["widgets"]?[0]?["view"])
        #expect(view["type"]?.string == "zstack" && view["alignment"]?.string == "bottomLeading")
        let modifiers = try #require(view["children"]?[1]?["modifiers"])
        #expect(modifiers.count == 5)
        #expect(modifiers[4]?["view"]?["systemName"]?.string == "star")
    }

    /// The Python SDK writes the same vocabulary: a plugin of it with a zstack, a spacer's minLength,
    /// the layout modifiers and an overlay gets no warning, and its overlay is placed by its alignment.
    @Test func thePythonSDKsLayersAreLaidOutWithoutAWarning() throws {
        let scratch = try PythonPluginDiagnosticsTests.scratch(
            """
            #!/usr/bin/env python3
            import widgethost_plugin as wh

            @wh.widget("Clock")
            def show(config, context):
                badge = wh.image("star").frame(width=10, height=10)
                label = (wh.text("Inbox").fixed_size().layout_priority(1).minimum_scale_factor(0.5)
                         .frame(width=100, height=40).overlay(badge, alignment="topTrailing"))
                card = wh.spacer().frame(width=120, height=80).background("blue")
                view = wh.vstack(wh.zstack(card, label, alignment="bottomLeading"), wh.spacer(min_length=0))
                return wh.entry(context.date, view)

            wh.serve("clock")

            """)
        let run = try PythonPluginDiagnosticsTests.run(scratch, ["--format", "layout"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "", "the vocabulary takes all the Python SDK writes")
        let widget = try #require(try JSONPath(run.standardOutput)["widgets"]?[0]?["layout"]?.value)
        let stack = try #require(Self.nodes("zstack", in: widget).first)
        let overlay = try #require(Self.nodes("overlay", in: widget).first)
        let star = try #require(
            Self.nodes("frame", in: overlay).first { Self.nodes("image", in: $0).count == 1 })
        let (zstack, label, badge) = (Self.frame(stack), Self.frame(overlay), Self.frame(star))
        #expect(zstack[2] == 120 && zstack[3] == 80)
        // At the stack's bottom leading corner; the star at the label's top trailing corner.
        #expect(label[0] == zstack[0] && label[1] + label[3] == zstack[1] + zstack[3])
        #expect(badge == [label[0] + label[2] - 10, label[1], 10, 10])
    }

    /// The nodes of `type` in the layout node `node` (its JSON object), itself included, depth first.
    static func nodes(_ type: String, in node: Any) -> [[String: Any]] {
        guard let object = node as? [String: Any] else { return [] }
        let children = (object["children"] as? [Any]) ?? []
        return (object["type"] as? String == type ? [object] : []) + children.flatMap { nodes(type, in: $0) }
    }

    /// A layout node's frame: x, y, width and height in points.
    static func frame(_ node: [String: Any]) -> [Double] {
        let frame = node["frame"] as? [String: Any] ?? [:]
        return ["x", "y", "width", "height"].map { (frame[$0] as? NSNumber)?.doubleValue ?? .nan }
    }
}
