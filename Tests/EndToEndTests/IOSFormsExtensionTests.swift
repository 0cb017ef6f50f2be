import Foundation
import TestSupport
import Testing

/// Widget code in the forms real iOS extensions write (`Fixtures/ios-forms-extension`: only
/// `import WidgetKit` and `import SwiftUI`, an entry that is not `Encodable` holding a `UIImage`,
/// a `ViewModifier` of its own, `AnyView`, `EdgeInsets`, shapes by short name, `.environment`),
/// built as a plugin and run by the built binary.
@Suite struct IOSFormsExtensionTests {
    static func scratch() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("extension"), withIntermediateDirectories: true)
        let binary = WidgetHostProcess.executableURL.deletingLastPathComponent().appendingPathComponent(
            "ios-forms-extension")
        _ = try scratch.file(
            "extension/plugin.yaml",
            "name: ios-forms\nexecutable: \(binary.path)\nkinds: [Notes]\nintents: [PinIntent]\n")
        _ = try scratch.file("widgets.yaml", "widgets:\n  - {id: notes, kind: Notes}\n")
        return scratch
    }

    @Test func itRunsWithItsEntrysDataAndDrawsItsForms() throws {
        let scratch = try Self.scratch()
        let common = [
            "widgets.yaml", "--plugins", "extension", "--store", "store", "--at", "2026-11-29T12:00:00Z",
        ]
        let json = try scratch.widgethost(["run", "--format", "json"] + common)
        #expect(json.status == 0, "\(json.standardError)")
        // The one form it uses that is not drawn is named.
        let manifest = scratch.url.appendingPathComponent("extension/plugin.yaml").path
        #expect(
            json.standardError
                == "\(manifest): warning: plugin 'ios-forms', widget 'Notes': view.children[0].children[1]"
                + ".modifiers[1]: the view uses 'fontDesign(_:)', which widgethost does not draw; it is ignored\n"
        )
        let widget = try #require(
            (try JSONText.object(json.standardOutput)["widgets"] as? [[String: Any]])?.first)
        #expect(widget["family"] as? String == "systemMedium", "\(widget)")
        // The entry's stored properties, as they are: the image's symbol, the state's case.
        #expect(
            JSONText.canonical(widget["entry"])
                == #"{"avatar":{"source":"person.crop.circle","systemName":"person.crop.circle"},"#
                + #""notes":["Milk","Bread"],"state":"standard","title":"Groceries"}"#,
            "\(widget)")
        let view = JSONText.canonical(widget["view"])
        // The modifier's padding by edge and its background in a continuous rounded rectangle.
        #expect(view.contains(#"{"edges":"vertical","length":6,"type":"padding"}"#), "\(view)")
        #expect(view.contains(#"{"edges":"horizontal","length":12,"type":"padding"}"#))
        #expect(
            view.contains(
                ##""cornerRadius":8,"shape":"roundedRectangle","style":"#CCE0FF","type":"background""##))
        // Two texts joined with `+`, one text in their shared style.
        #expect(
            view.contains(
                #"{"modifiers":[{"type":"fontWeight","weight":"bold"}],"text":"2 notes","type":"text"}"#))
        // What the view read of the environment written around it.
        #expect(view.contains(#""text":"dark""#))
        let layout = try scratch.widgethost(["run", "--format", "layout"] + common)
        #expect(layout.status == 0, "\(layout.standardError)")
        #expect(layout.standardOutput.contains(#""type":"image""#))
        #expect(layout.standardOutput.contains(#""text":"Groceries""#))
        // The grid's two notes side by side, in columns of one width.
        func frames(_ node: Any?, _ found: inout [String: [String: Double]]) {
            guard let node = node as? [String: Any] else { return }
            if let text = node["text"] as? String { found[text] = node["frame"] as? [String: Double] }
            for child in node["children"] as? [Any] ?? [] { frames(child, &found) }
        }
        var found: [String: [String: Double]] = [:]
        let laidOut = (try JSONText.object(layout.standardOutput)["widgets"] as? [[String: Any]])?.first
        frames(laidOut?["layout"], &found)
        let milk = try #require(found["Milk"])
        let bread = try #require(found["Bread"])
        #expect(milk["y"] == bread["y"] && (milk["x"] ?? 0) < (bread["x"] ?? 0), "\(found)")
        // The toggle its own style draws: the style's symbol and label, a control without a switch.
        #expect(layout.standardOutput.contains(#""systemName":"pin.fill""#))
        #expect(layout.standardOutput.contains(#""type":"toggle""#))
        #expect(!layout.standardOutput.contains(#""type":"switch""#))
        let tap = try scratch.widgethost([
            "tap", "notes", "1", "widgets.yaml", "--plugins", "extension", "--store", "store",
        ])
        #expect(tap.status == 0, "\(tap.standardError)")
        #expect(tap.standardOutput.hasPrefix("PinIntent\n"), "\(tap.standardOutput)")
    }
}
