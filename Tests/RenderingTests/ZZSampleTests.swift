import Foundation
import Layout
import Rendering
import Testing
import WidgetHostKit

@Test func PNGWriteSamples() throws {
    var children: [LayoutNode] = []
    var title = PNGRendererTests.text(["Tasks"], 16, 16, 200, font: FontSpec(size: 17, weight: 600))
    title.foreground = RGBA(red: 0, green: 0, blue: 0)
    children.append(title)
    let names = ["checkmark.circle.fill", "circle", "exclamationmark.circle.fill", "moon.fill", "nope"]
    for row in 0..<4 {
        let y = 44 + Double(row) * 28
        let symbol = PNGRendererTests.node("image", 24, y + 2, 20, 20) {
            $0.systemName = names[row]
            $0.foreground = RGBA(red: 0, green: 0.48, blue: 1)
        }
        let t = PNGRendererTests.text([["Prepare the standup", "ทำงานบ้านให้เสร็จ", "会議の準備 보고서", "👨‍👩‍👧 family done"][row]], 52, y + 2, 200) {
            if row == 3 { $0.strikethrough = RGBA(red: 0.5, green: 0.5, blue: 0.5) }
        }
        let bg = PNGRendererTests.node("background", 16, y, 332, 24) {
            $0.background = RGBA(red: 0.95, green: 0.95, blue: 0.97)
            $0.shape = .roundedRectangle(cornerRadius: 8)
            $0.children = [symbol, t]
        }
        children.append(bg)
    }
    children.append(PNGRendererTests.node("switch", 290, 10, 51, 31) { $0.isOn = true; $0.foreground = RGBA(red: 0.2, green: 0.78, blue: 0.35) })
    children.append(PNGRendererTests.node("switch", 230, 10, 51, 31) { $0.isOn = false })
    children.append(PNGRendererTests.node("progress", 100, 160, 150, 4) { $0.value = 0.6; $0.foreground = RGBA(red: 0, green: 0.48, blue: 1) })
    children.append(PNGRendererTests.node("progress", 180, 14, 24, 24) { $0.value = 0.7; $0.foreground = RGBA(red: 1, green: 0.2, blue: 0.2) })
    children.append(PNGRendererTests.node("progress", 150, 14, 24, 24) { _ in })
    let layout = PNGRendererTests.widget(.systemMedium, children)
    let png = try PNGRenderer(scale: 2).png(of: layout)
    try Data(png).write(to: URL(fileURLWithPath: "/tmp/pngexp/widget.png"))
}
