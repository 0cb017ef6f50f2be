import JSON
import Layout
import Rendering
import Testing
import WidgetHostKit

/// Views laid out by the layout engine and drawn: the PNG draws the nodes the engine makes.
@Suite struct PNGRendererLayoutEngineTests {
    static let view = #"""
        {"type": "vstack", "alignment": "leading", "children": [
          {"type": "hstack", "children": [
            {"type": "image", "systemName": "checkmark.circle.fill"},
            {"type": "text", "text": "Prepare the standup"}, {"type": "spacer"}]},
          {"type": "toggle", "isOn": true, "text": "Done", "intent": {"type": "T"}},
          {"type": "progress", "value": 0.5}]}
        """#

    static func pixel(_ color: RGBA) -> PNGPicture.Pixel {
        func byte(_ component: Double) -> Int { Int((component * 255).rounded()) }
        return PNGPicture.Pixel(
            red: byte(color.red), green: byte(color.green), blue: byte(color.blue), alpha: byte(color.alpha))
    }

    @Test func theSamePictureFromManyThreadsAtOnce() async throws {
        // The typesetter and the symbols' cache are shared: pictures drawn at the same time on
        // several threads are each the picture drawn alone, byte for byte.
        let layout = LayoutEngine.layout(
            try JSONValue(parsing: Self.view), family: .systemMedium, colorScheme: .dark)
        let renderer = try PNGRenderer(scale: 2)
        let alone = try renderer.png(of: layout)
        let together = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 { group.addTask { try renderer.png(of: layout) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(together.count == 16)
        #expect(together.allSatisfy { $0 == alone })
    }

    @Test(arguments: ColorScheme.allCases)
    func everyNodeOfALaidOutViewIsDrawnWhereTheLayoutPutsIt(scheme: ColorScheme) throws {
        let layout = LayoutEngine.layout(
            try JSONValue(parsing: Self.view), family: .systemMedium, colorScheme: scheme)
        let picture = try #require(PNGPicture(try PNGRenderer(scale: 2).png(of: layout)))
        let nodes = layout.root.allNodes
        let background = try #require(layout.root.background)
        #expect(picture[0, 0] == .clear)
        #expect(picture.at(points: 182, 2, scale: 2).isClose(to: Self.pixel(background), tolerance: 1))

        let text = try #require(nodes.first { $0.text == "Prepare the standup" })
        let inked = picture.pixels(
            inPoints: (text.frame.x, text.frame.y, text.frame.width, text.frame.height), scale: 2
        ).filter { !$0.isClose(to: Self.pixel(background), tolerance: 40) }
        #expect(inked.count > 100)

        let symbol = try #require(nodes.first { $0.systemName != nil })
        let disc = picture.at(points: symbol.frame.x + symbol.frame.width / 2, symbol.frame.y + 2, scale: 2)
        #expect(disc.isClose(to: Self.pixel(try #require(symbol.foreground)), tolerance: 3))

        let toggle = try #require(nodes.first { $0.type == "switch" })
        let knob = picture.at(points: toggle.frame.maxX - 15.5, toggle.frame.y + 15.5, scale: 2)
        let track = picture.at(points: toggle.frame.x + 10, toggle.frame.y + 15.5, scale: 2)
        #expect(knob == .white)
        #expect(track.isClose(to: Self.pixel(try #require(toggle.foreground)), tolerance: 2))

        let progress = try #require(nodes.first { $0.type == "progress" })
        let done = picture.at(
            points: progress.frame.x + progress.frame.width / 4, progress.frame.y + progress.frame.height / 2,
            scale: 2)
        #expect(done.isClose(to: Self.pixel(try #require(progress.foreground)), tolerance: 2))
    }
}
