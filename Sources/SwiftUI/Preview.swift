/// Xcode's preview of a view (`#Preview { MyView() }`, `#Preview("Dark") { ... }`): type-checked
/// as on iOS, shown nowhere (widgethost has no canvas; `run --format png` draws a widget).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// A view's preview with traits (`#Preview(traits: .sizeThatFitsLayout) { ... }`).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<PreviewViewTraits>,
    _ moreTraits: PreviewTrait<PreviewViewTraits>...,
    @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")

/// A trait of a preview: its layout, its orientation (Xcode's `PreviewTrait`; nothing here reads
/// them).
public struct PreviewTrait<Domain>: Sendable {
    private init() {}

    /// The trait of `Domain`.
    static var trait: PreviewTrait { PreviewTrait() }
}

/// The traits a view's preview takes.
public enum PreviewViewTraits: Sendable {}

extension PreviewTrait where Domain == PreviewViewTraits {
    /// The preview as large as the view needs.
    public static var sizeThatFitsLayout: PreviewTrait { .trait }
    /// The preview in a device's size.
    public static var defaultLayout: PreviewTrait { .trait }
    /// The preview `width` x `height` points.
    public static func fixedLayout(width: Double, height: Double) -> PreviewTrait { .trait }
    /// The device upright.
    public static var portrait: PreviewTrait { .trait }
    /// The device upside down.
    public static var portraitUpsideDown: PreviewTrait { .trait }
    /// The device turned left.
    public static var landscapeLeft: PreviewTrait { .trait }
    /// The device turned right.
    public static var landscapeRight: PreviewTrait { .trait }
}
