public import JSON
public import WidgetHostKit

/// SwiftUI's layout of a widget's view: a parent proposes a size, the child chooses its size, the
/// parent places it, from the widget (its family's size on the reference device, its content
/// inside the family's margins) down to each text, symbol and control. The result is a value:
/// laying the same view out again gives an equal ``WidgetLayout``.
public enum LayoutEngine {
    /// A drawn view laid out as a widget of `family` in `colorScheme`. `contentMarginsDisabled` is
    /// WidgetKit's `.contentMarginsDisabled()`: the content takes the whole widget. (One entry
    /// a view type, so the engine is compiled for each rather than run through the protocol.)
    public static func layout(
        _ view: ViewNode?, family: WidgetFamily, colorScheme: ColorScheme, device: Device = .reference,
        contentMarginsDisabled: Bool = false
    ) -> WidgetLayout {
        layoutViews(
            view, family: family, colorSchemes: [colorScheme], device: device,
            contentMarginsDisabled: contentMarginsDisabled)[0]
    }

    /// A view's JSON laid out as a widget of `family` in `colorScheme`.
    public static func layout(
        _ view: JSONValue?, family: WidgetFamily, colorScheme: ColorScheme, device: Device = .reference,
        contentMarginsDisabled: Bool = false
    ) -> WidgetLayout {
        layoutViews(
            view, family: family, colorSchemes: [colorScheme], device: device,
            contentMarginsDisabled: contentMarginsDisabled)[0]
    }

    /// A drawn view laid out once and placed in each of `colorSchemes`: the layouts, in that
    /// order, have the same frames and differ only in their colours (what a page showing both
    /// schemes draws), for little more than the cost of one.
    public static func layouts(
        _ view: ViewNode?, family: WidgetFamily, colorSchemes: [ColorScheme], device: Device = .reference,
        contentMarginsDisabled: Bool = false
    ) -> [WidgetLayout] {
        layoutViews(
            view, family: family, colorSchemes: colorSchemes, device: device,
            contentMarginsDisabled: contentMarginsDisabled)
    }

    /// A view's JSON laid out once and placed in each of `colorSchemes`.
    public static func layouts(
        _ view: JSONValue?, family: WidgetFamily, colorSchemes: [ColorScheme], device: Device = .reference,
        contentMarginsDisabled: Bool = false
    ) -> [WidgetLayout] {
        layoutViews(
            view, family: family, colorSchemes: colorSchemes, device: device,
            contentMarginsDisabled: contentMarginsDisabled)
    }

    /// A drawn view laid out and placed in `colorScheme`, with the colours each of its nodes has
    /// in `pairedScheme` (depth first, a node before its children: the root's first), for a page
    /// that draws both: the view is measured and placed once.
    public static func layout(
        _ view: ViewNode?, family: WidgetFamily, colorScheme: ColorScheme,
        pairedWith pairedScheme: ColorScheme,
        device: Device = .reference, contentMarginsDisabled: Bool = false
    ) -> (layout: WidgetLayout, paired: [LayoutColours]) {
        pairedLayout(
            view, family: family, colorScheme: colorScheme, pairedScheme: pairedScheme, device: device,
            contentMarginsDisabled: contentMarginsDisabled)
    }

    /// A view's JSON laid out and placed in `colorScheme`, with its nodes' colours in
    /// `pairedScheme`.
    public static func layout(
        _ view: JSONValue?, family: WidgetFamily, colorScheme: ColorScheme,
        pairedWith pairedScheme: ColorScheme,
        device: Device = .reference, contentMarginsDisabled: Bool = false
    ) -> (layout: WidgetLayout, paired: [LayoutColours]) {
        pairedLayout(
            view, family: family, colorScheme: colorScheme, pairedScheme: pairedScheme, device: device,
            contentMarginsDisabled: contentMarginsDisabled)
    }

    /// `view` laid out as a widget of `family`, placed in each of `colorSchemes`.
    /// `contentMarginsDisabled` is WidgetKit's `.contentMarginsDisabled()`: the content takes the
    /// whole widget.
    static func layoutViews<View: LayoutViewSource>(
        _ view: View?, family: WidgetFamily, colorSchemes: [ColorScheme], device: Device,
        contentMarginsDisabled: Bool
    ) -> [WidgetLayout] {
        let built = widget(
            view, family: family, device: device, contentMarginsDisabled: contentMarginsDisabled)
        return colorSchemes.map { colorScheme in
            // The lock screen draws its widgets light on the wallpaper (iOS's vibrant rendering):
            // they are placed in the dark scheme's colours on a dark backdrop, in either scheme.
            let root = built.element.place(
                at: (0, 0), proposal: ProposedSize(built.size),
                scheme: built.isAccessory ? .dark : colorScheme)
            return WidgetLayout(
                family: family, colorScheme: colorScheme, size: built.size, root: root,
                warnings: built.warnings)
        }
    }

    /// `view` laid out as a widget of `family` and placed in `colorScheme`, with its nodes'
    /// colours in `pairedScheme`.
    static func pairedLayout<View: LayoutViewSource>(
        _ view: View?, family: WidgetFamily, colorScheme: ColorScheme, pairedScheme: ColorScheme,
        device: Device,
        contentMarginsDisabled: Bool
    ) -> (layout: WidgetLayout, paired: [LayoutColours]) {
        let built = widget(
            view, family: family, device: device, contentMarginsDisabled: contentMarginsDisabled)
        // As `layoutViews` places them: the lock screen's in the dark scheme's colours.
        var paired = PairedColours(scheme: built.isAccessory ? .dark : pairedScheme)
        let root = built.element.place(
            at: (0, 0), proposal: ProposedSize(built.size), scheme: built.isAccessory ? .dark : colorScheme,
            paired: &paired)
        let layout = WidgetLayout(
            family: family, colorScheme: colorScheme, size: built.size, root: root, warnings: built.warnings)
        return (layout, paired.colours)
    }

    /// The widget's element of `view` (its content in its margins, on its background), measured
    /// when it is placed; its size, whether it is an accessory family, and what the layout changed.
    private static func widget<View: LayoutViewSource>(
        _ view: View?, family: WidgetFamily, device: Device, contentMarginsDisabled: Bool
    ) -> (element: LayoutElement, size: Size, isAccessory: Bool, warnings: [String]) {
        let size = device.size(of: family)
        let isAccessory = [.accessoryCircular, .accessoryRectangular, .accessoryInline].contains(family)
        var builder = LayoutBuilder(context: LayoutContext())
        let environment = LayoutEnvironment()
        let content = view.map { view in
            withUnsafePointer(to: view) { builder.element($0, environment: environment) }
        }
        let background =
            isAccessory
            ? Paint(RGBA(red: 0.11, green: 0.11, blue: 0.118))
            // A translucent container background (`.fill.tertiary`) is drawn over the widget's
            // own, so the widget is opaque.
            : (builder.context.containerBackground?.over(Palette.paint(Palette.widgetBackground))
                ?? Palette.paint(Palette.widgetBackground))
        // The root's `contentMarginsDisabled` modifier is the configuration's.
        let marginsDisabled =
            contentMarginsDisabled
            || (view?.viewModifiers.contains { $0.modifierType == "contentMarginsDisabled" } ?? false)
        let margins = marginsDisabled ? EdgeInsets() : device.contentMargins(of: family)
        let widget = LayoutElement(
            .widget(
                margins: margins, background: background,
                shape: .roundedRectangle(cornerRadius: device.cornerRadius(of: family))),
            children: content.map { [$0] } ?? [], environment: environment)
        return (widget, size, isAccessory, builder.context.warnings)
    }
}
