import Foundation
import TestSupport
import Testing

/// Plugin views checked against the view vocabulary, through the built binary: mistakes are
/// warnings with a "did you mean", the view still renders what it can, and `schema --views`
/// prints the vocabulary as a JSON Schema.
@Suite struct PluginViewTests {
    static let view = """
        {"type": "vstack", "children": [
          {"type": "image", "name": "star.fill"},
          {"type": "txt", "text": "typo'd text"},
          {"type": "text", "text": "styled", "modifiers": [{"type": "fontt", "style": "title"},
                                                          {"type": "padding", "lenght": 4}]}]}
        """

    /// A scratch store and configuration of one widget `s` of kind `kind`, served by the plugin
    /// `name` (which declares `intents`) drawing `view`.
    static func scratch(_ name: String, kind: String, view: String, intents: [String] = []) throws
        -> TemporaryDirectory
    {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let declared = intents.isEmpty ? "" : "intents: [\(intents.joined(separator: ", "))]\n"
        try ScratchPlugin.write(
            name, in: scratch, manifest: "kinds: [\(kind)]\n" + declared,
            widgets: [#"{"kind": "\#(kind)", "supportedFamilies": ["systemSmall"]}"#],
            intents: intents.map { #"{"type": "\#($0)"}"# }, view: view)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: s, kind: \(kind)}\n")
        return scratch
    }

    @Test func unknownTypesAndAttributesAreWarningsAndTheViewStillRenders() throws {
        let scratch = try Self.scratch("sketchy", kind: "Sketchy", view: Self.view)
        let result = try scratch.widgethost([
            "run", "widgets.yaml", "--plugins", "plugins", "--store", "store", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = PluginsCommandTests.folder("sketchy", in: scratch) + "/plugin.yaml"
        let prefix = "\(manifest): warning: plugin 'sketchy', widget 'Sketchy': "
        #expect(
            result.standardError == """
                \(prefix)view.children[0]: unknown attribute 'name' of an image node; did you mean 'systemName'?; it is ignored
                \(prefix)view.children[1]: unknown view type "txt"; did you mean 'text'?; it is drawn as a vstack of its children
                \(prefix)view.children[2].modifiers[0]: unknown modifier "fontt"; did you mean 'font'?; it is ignored
                \(prefix)view.children[2].modifiers[1]: unknown attribute 'lenght' of the padding modifier; did you mean 'length'?; it is ignored

                """)
        // What can be drawn is: the typo'd node keeps its text.
        #expect(
            result.standardOutput.contains(#"{"type":"text","text":"typo'd text"}"#),
            "\(result.standardOutput)")
        // The known modifier is kept without the value it does not take (issue 15 keeps modifiers).
        #expect(
            result.standardOutput.contains(
                #"{"type":"text","text":"styled","modifiers":[{"type":"padding"}]}"#))
    }

    /// Values of the wrong type, outside their cases or range, and controls without an intent.
    static let wrongValues = """
        {"type": "vstack", "children": [
          {"type": "text", "text": "a", "modifiers": [
            {"type": "font", "style": "huge"}, {"type": "font", "size": -3},
            {"type": "padding", "edges": "sideways"}, {"type": "opacity", "value": "x"},
            {"type": "foregroundStyle", "style": "notacolor"}, {"type": "lineLimit", "limit": -1},
            {"type": "font", "style": "titel", "weight": "bold"}, {"type": "font", "bogus": 1},
            {"type": "foregroundStyle", "style": "red.secondary", "opacity": 0.5}]},
          {"type": "text", "text": 7},
          {"type": "toggle", "isOn": "yes", "intent": {"type": "FlipIntent", "parameters": {}}, "children": []},
          {"type": "button", "children": [{"type": "text", "text": "Go"}]}]}
        """

    @Test func valuesOutsideTheVocabularyAreWarningsAndLeftOut() throws {
        let scratch = try Self.scratch(
            "sloppy", kind: "Sloppy", view: Self.wrongValues, intents: ["FlipIntent"])
        let common = ["widgets.yaml", "--plugins", "plugins", "--store", "store"]
        let result = try scratch.widgethost(["run", "--format", "json"] + common)
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = PluginsCommandTests.folder("sloppy", in: scratch) + "/plugin.yaml"
        let prefix = "\(manifest): warning: plugin 'sloppy', widget 'Sloppy': view.children"
        let styles =
            "primary, secondary, tertiary, quaternary, red, orange, yellow, green, mint, teal, cyan, blue, "
            + "indigo, purple, pink, brown, white, gray, black, clear, accentColor, fill, systemBackground, "
            + "secondarySystemBackground, tertiarySystemBackground, label, secondaryLabel, systemGray"
        let fonts =
            "largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2"
        #expect(
            result.standardError == """
                \(prefix)[0].modifiers[0]: 'style' of the font modifier is "huge", not one of \(fonts); it is ignored
                \(prefix)[0].modifiers[1]: 'size' of the font modifier is -3, not a number above 0; it is ignored
                \(prefix)[0].modifiers[2]: 'edges' of the padding modifier is "sideways", not one of all, horizontal, vertical, top, bottom, leading, trailing, or a list of top, leading, bottom, trailing; it is ignored
                \(prefix)[0].modifiers[3]: 'value' of the opacity modifier is "x", not a number from 0 to 1; it is ignored
                \(prefix)[0].modifiers[4]: 'style' of the foregroundStyle modifier is "notacolor", not a style: \(styles) or #RRGGBB (or #RRGGBB/#RRGGBB, light and dark), each maybe at a level (red.secondary, fill.tertiary); it is ignored
                \(prefix)[0].modifiers[5]: 'limit' of the lineLimit modifier is -1, not an integer of at least 1; it is ignored
                \(prefix)[0].modifiers[6]: 'style' of the font modifier is "titel", not one of \(fonts); did you mean 'title'?; it is ignored
                \(prefix)[0].modifiers[7]: unknown attribute 'bogus' of the font modifier; the font modifier takes style, size, weight; it is ignored
                \(prefix)[1]: 'text' of a text node is 7, not a string; it is ignored
                \(prefix)[2]: 'isOn' of a toggle node is "yes", not true or false; it is ignored
                \(prefix)[3]: a button node has no 'intent', so tapping it runs nothing; give it the intent it runs

                """)
        // What the warnings name is left out; the rest is kept, in order.
        let view = try #require(
            (try JSONText.object(result.standardOutput)["widgets"] as? [[String: Any]])?.first?["view"])
        #expect(
            JSONText.canonical(view)
                == JSONText.canonical(
                    try JSONText.object(
                        """
                        {"type": "vstack", "children": [
                          {"type": "text", "text": "a", "modifiers": [
                            {"type": "font"}, {"type": "font"}, {"type": "padding"}, {"type": "opacity"},
                            {"type": "foregroundStyle"}, {"type": "lineLimit"}, {"type": "font", "weight": "bold"},
                            {"type": "font"}, {"type": "foregroundStyle", "style": "red.secondary", "opacity": 0.5}]},
                          {"type": "text"},
                          {"type": "toggle", "intent": {"type": "FlipIntent", "parameters": {}}, "children": []},
                          {"type": "button", "children": [{"type": "text", "text": "Go"}]}]}
                        """)))
        // Tapping the button says it has no intent.
        let tap = try scratch.widgethost(["tap", "s", "2"] + common)
        #expect(tap.status == 1)
        #expect(
            tap.standardError.hasSuffix(
                "error: control 2 of 's' is a button without an intent, so tapping it runs nothing (its plugin "
                    + "drew it without one)\n"),
            "\(tap.standardError)")
        let json = try scratch.widgethost(["tap", "s", "2", "--format", "json"] + common)
        #expect(json.status == 1)
        #expect(json.standardOutput.contains(#""code":"intent.failed""#), "\(json.standardOutput)")
    }

    /// A stack's `alignment` and `spacing`, as SwiftUI's `VStack(alignment:spacing:)` and
    /// `HStack(alignment:spacing:)` carry them: no warning, kept in the JSON, laid out on the page.
    @Test func aStacksAlignmentAndSpacingAreKeptAndDrawn() throws {
        let scratch = try Self.scratch(
            "stacks", kind: "Stacks",
            view: """
                {"type": "vstack", "spacing": 20, "alignment": "leading", "children": [
                  {"type": "hstack", "alignment": "firstTextBaseline", "spacing": 0,
                   "children": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
                  {"type": "hstack", "alignment": "leading", "spacing": -2, "children": [{"type": "text", "text": "c"}]}]}
                """)
        let common = ["widgets.yaml", "--plugins", "plugins", "--store", "store"]
        let json = try scratch.widgethost(["run", "--format", "json"] + common)
        #expect(json.status == 0, "\(json.standardError)")
        let manifest = PluginsCommandTests.folder("stacks", in: scratch) + "/plugin.yaml"
        let prefix = "\(manifest): warning: plugin 'stacks', widget 'Stacks': view.children[1]: "
        #expect(
            json.standardError == """
                \(prefix)'alignment' of a hstack node is "leading", not one of top, center, bottom, firstTextBaseline, lastTextBaseline; it is ignored
                \(prefix)'spacing' of a hstack node is -2, not a number of points, 0 or more; it is ignored

                """)
        #expect(
            json.standardOutput.contains(
                #""view":{"type":"vstack","alignment":"leading","spacing":20,"children":[{"type":"hstack","#
                    + #""alignment":"firstTextBaseline","spacing":0,"children":[{"type":"text","text":"a"},"#
                    + #"{"type":"text","text":"b"}]},{"type":"hstack","children":[{"type":"text","text":"c"}]}]}"#
            ),
            "\(json.standardOutput)")
        let html = try scratch.widgethost(["run", "--format", "html"] + common)
        #expect(html.status == 0, "\(html.standardError)")
        // On the page, at the frames they give: "b" right after "a" (spacing 0), the second row
        // 20 points under the first (22 high), at the leading edge.
        let page = html.standardOutput
        let a = try #require(
            page.firstMatch(of: #/style="left:0px;top:0px;width:([\d.]+)px;height:22px;[^"]*">a<\/span>/#))
        #expect(page.contains("style=\"left:\(a.output.1)px;top:0px;"))
        #expect(page.contains("<div class=\"n\" style=\"left:0px;top:42px;"))
        // The text boxes ignore them, as they ignore other layout.
        let text = try scratch.widgethost(["run"] + common)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("│ a b "), "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("leading") && !text.standardOutput.contains("spacing"))
    }

    @Test func schemaViewsPrintsTheVocabularyWithoutStartingAPlugin() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        let result = try scratch.widgethost(["schema", "--views"])
        #expect(result.status == 0, "\(result.standardError)")
        let schema = try JSONText.object(result.standardOutput)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let defs = try #require(schema["$defs"] as? [String: Any])
        let nodes = try #require((defs["node"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let types = nodes.compactMap {
            (($0["properties"] as? [String: Any])?["type"] as? [String: Any])?["const"] as? String
        }
        #expect(
            types == [
                "vstack", "hstack", "zstack", "text", "image", "button", "toggle", "link", "spacer",
                "progress",
            ])
        let image = try #require(nodes.first { ($0["properties"] as? [String: Any])?["systemName"] != nil })
        #expect(image["additionalProperties"] as? Bool == false)
        // A stack's alignment (its axis's cases) and spacing (points).
        for (index, cases) in [
            ["leading", "center", "trailing"],
            ["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"],
        ].enumerated() {
            let properties = try #require(nodes[index]["properties"] as? [String: Any])
            #expect((properties["alignment"] as? [String: Any])?["enum"] as? [String] == cases)
            #expect(
                JSONText.canonical(properties["spacing"]) == #"{"minimum":0,"type":"number"}"#)
        }
        let modifiers = try #require((defs["modifier"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let names = modifiers.compactMap {
            (($0["properties"] as? [String: Any])?["type"] as? [String: Any])?["const"] as? String
        }
        #expect(
            names == [
                "font", "fontWeight", "foregroundStyle", "strikethrough", "lineLimit", "padding",
                "background",
                "frame", "opacity", "contentTransition", "invalidatableContent", "widgetAccentable",
                "containerBackground", "cornerRadius", "clipShape", "buttonStyle", "toggleStyle",
                "labelsHidden",
                "scaleEffect", "shadow", "offset", "rotationEffect", "animation", "disabled",
                "contentMarginsDisabled", "fixedSize",
                "layoutPriority",
                "minimumScaleFactor", "overlay", "tint", "ignored",
            ])
        // A zstack's alignment is SwiftUI's `Alignment`; a spacer's minLength is points; an overlay's
        // and a background's view is a node of the vocabulary, and a scale factor above 0, at most 1.
        let zstack = try #require(nodes[2]["properties"] as? [String: Any])
        #expect(
            (zstack["alignment"] as? [String: Any])?["enum"] as? [String] == [
                "center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing",
                "bottomLeading",
                "bottomTrailing",
            ])
        let spacer = try #require(nodes.first { ($0["properties"] as? [String: Any])?["minLength"] != nil })
        #expect(
            JSONText.canonical((spacer["properties"] as? [String: Any])?["minLength"])
                == #"{"minimum":0,"type":"number"}"#)
        func values(_ name: String) throws -> [String: Any] {
            let modifier = try #require(
                modifiers.first {
                    (($0["properties"] as? [String: Any])?["type"] as? [String: Any])?["const"] as? String
                        == name
                })
            return try #require(modifier["properties"] as? [String: Any])
        }
        for name in ["overlay", "background"] {
            #expect(JSONText.canonical(try values(name)["view"]) == ##"{"$ref":"#/$defs/node"}"##)
        }
        #expect(
            JSONText.canonical(try values("minimumScaleFactor")["factor"])
                == #"{"exclusiveMinimum":0,"maximum":1,"type":"number"}"#)
    }
    /// Drawing effects with anchors and two factors, and one written out of a node's order, from
    /// a plugin's view to the built binary's layout and page: no warning, the layout carries
    /// them, and the move written before a turn is a node of its own inside the turn.
    @Test func anchoredEffectsAndTheirOrderReachTheLayoutAndThePage() throws {
        let view = """
            {"type": "vstack", "children": [
              {"type": "text", "text": "mirrored", "modifiers": [
                {"type": "scaleEffect", "x": -1, "y": 1, "anchorX": 0, "anchorY": 0.5}]},
              {"type": "text", "text": "hung", "modifiers": [
                {"type": "offset", "x": 5}, {"type": "rotationEffect", "degrees": 90, "anchorX": 0, "anchorY": 0}]}]}
            """
        let scratch = try Self.scratch("turning", kind: "Turning", view: view)
        let common = ["widgets.yaml", "--plugins", "plugins", "--store", "store"]
        let layout = try scratch.widgethost(["run", "--format", "layout"] + common)
        #expect(layout.status == 0 && layout.standardError.isEmpty, "\(layout.standardError)")
        #expect(
            layout.standardOutput.contains(#""scaleX":-1,"scaleY":1,"anchor":{"x":0,"y":0.5}"#),
            "\(layout.standardOutput)")
        #expect(
            layout.standardOutput.contains(
                #""type":"rotationEffect","frame":"#),
            "\(layout.standardOutput)")
        #expect(
            layout.standardOutput.contains(
                #""rotation":90,"anchor":{"x":0,"y":0},"children":[{"type":"text","#))
        #expect(layout.standardOutput.contains(#""offset":{"x":5,"y":0}"#))
        let page = try scratch.widgethost(["run", "--format", "html"] + common)
        #expect(page.status == 0, "\(page.standardError)")
        #expect(page.standardOutput.contains("transform-origin:0% 50%;transform:scale(-1,1)"))
        #expect(page.standardOutput.contains("transform-origin:0% 0%;transform:rotate(90deg)"))
    }
}
