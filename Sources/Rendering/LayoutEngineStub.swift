// TEMPORARY: stands in for Layout's LayoutEngine until it lands on main; deleted at the merge.
import Layout
import WidgetHostKit

enum LayoutEngine {
    static func layout(
        _ view: some LayoutViewSource, family: WidgetFamily, colorScheme: ColorScheme, device: Device,
        contentMarginsDisabled: Bool
    ) -> WidgetLayout {
        let size = device.size(of: family)
        var root = LayoutNode(type: "widget", frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        root.background = Palette.widgetBackground(colorScheme)
        return WidgetLayout(family: family, colorScheme: colorScheme, size: size, root: root, warnings: [])
    }
}
