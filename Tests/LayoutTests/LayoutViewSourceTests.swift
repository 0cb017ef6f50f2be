import JSON
import Layout
import Testing
@_spi(WidgetHost) import WidgetHostKit

/// A view the Swift SDK draws is laid out as its JSON is (what a plugin sends): the zstack, a
/// spacer's minLength, the layout modifiers and the views of overlays and backgrounds read the
/// same from a ``ViewNode`` as from its JSON.
@Suite struct LayoutViewSourceTests {
    static var view: ViewNode {
        ViewRenderer.root(
            of: VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 0) {
                    Text("Left")
                    Spacer(minLength: 30)
                    Text("Right").layoutPriority(1).minimumScaleFactor(0.5)
                }
                ZStack(alignment: .topTrailing) {
                    Color.blue.frame(width: 80, height: 40)
                    Text("9").fixedSize()
                        .overlay(alignment: .bottomLeading) { Circle().fill(.red).frame(width: 4, height: 4) }
                        .background { Text("behind") }
                }
            })
    }

    @Test func aDrawnViewIsLaidOutAsItsJSONIs() {
        let drawn = LayoutEngine.layout(Self.view, family: .systemMedium, colorScheme: .light)
        let sent = LayoutEngine.layout(Self.view.json, family: .systemMedium, colorScheme: .light)
        #expect(drawn == sent)
        #expect(drawn.warnings == [])
        let nodes = drawn.root.allNodes
        // The zstack places its text at its top trailing corner, the overlay over the text.
        let stack = nodes.first { $0.type == "zstack" }
        let overlay = nodes.first { $0.type == "overlay" }
        #expect(stack?.frame.width == 80 && stack?.frame.height == 40)
        #expect(overlay.map { $0.frame.maxX } == stack.map { $0.frame.maxX })
        #expect(overlay?.frame.y == stack?.frame.y)
        #expect(nodes.contains { $0.type == "background" && $0.children.count == 2 })
    }

    @Test func aSpacersMinLengthIsKeptFromTheDrawnView() {
        let row = ViewRenderer.root(
            of: HStack(spacing: 0) {
                Text(String(repeating: "wide ", count: 40)).lineLimit(1)
                Spacer(minLength: 30)
                Text("end").fixedSize()
            })
        let layout = LayoutEngine.layout(row, family: .systemMedium, colorScheme: .light)
        let spacer = layout.root.allNodes.first { $0.type == "spacer" }
        #expect(spacer.map { $0.frame.width >= 30 } == true, "\(String(describing: spacer))")
    }
}
