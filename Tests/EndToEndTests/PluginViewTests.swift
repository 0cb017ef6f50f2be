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

    @Test func unknownTypesAndAttributesAreWarningsAndTheViewStillRenders() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try ScratchPlugin.write(
            "sketchy", in: scratch, manifest: "kinds: [Sketchy]\n",
            widgets: [#"{"kind": "Sketchy", "supportedFamilies": ["systemSmall"]}"#],
            view: Self.view)
        try scratch.file("widgets.yaml", "widgets:\n  - {id: s, kind: Sketchy}\n")
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
                \(prefix)view.children[2].modifiers[1]: unknown value 'lenght' of the padding modifier; did you mean 'length'?; it is ignored

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
            types == ["vstack", "hstack", "text", "image", "button", "toggle", "link", "spacer", "progress"])
        let image = try #require(nodes.first { ($0["properties"] as? [String: Any])?["systemName"] != nil })
        #expect(image["additionalProperties"] as? Bool == false)
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
                "scaleEffect", "shadow", "animation",
            ])
    }
}
