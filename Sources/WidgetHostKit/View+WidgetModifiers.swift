/// The modifiers of widget code from iOS beyond the drawn vocabulary: a disabled control, the
/// container background written as a view, and those with no meaning in widgethost, which are
/// recorded as `ignored` (naming the API) so the host warns about them instead of dropping them.
extension View {
    /// A control that cannot be used while `disabled` (as SwiftUI's `.disabled(_:)`).
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self,
            change: .modifier(ViewModifierNode(.disabled, disabled ? [] : [.init("isActive", .bool(false))])))
    }

    /// The widget's background as a view (`containerBackground(for: .widget) { Color.blue }`): the
    /// first colour or shape style found in it, as the card's background; otherwise the view is
    /// ignored (and said so).
    public func containerBackground(
        for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
        @ViewBuilder content: () -> ViewGroup
    ) -> ModifiedContent<Self> {
        let background = content().nodes
        if background.isEmpty { return ModifiedContent(content: self, change: .nothing) }
        if let style = background.first?.modifiers.first(where: { $0.type == .background }),
            background.count == 1
        {
            return ModifiedContent(
                content: self, change: .modifier(ViewModifierNode(.containerBackground, style.values)))
        }
        return ignored("containerBackground(for:content:) with a view")
    }

    /// Hides the view when the device is locked (as SwiftUI's `.privacySensitive()`): widgethost
    /// is never locked, so it is ignored.
    public func privacySensitive(_ sensitive: Bool = true) -> ModifiedContent<Self> {
        ignored("privacySensitive()")
    }

    /// Draws the view as a placeholder (as SwiftUI's `.redacted(reason:)`): ignored.
    public func redacted(reason: RedactionReasons) -> ModifiedContent<Self> {
        reason.isEmpty ? ModifiedContent(content: self, change: .nothing) : ignored("redacted(reason:)")
    }

    /// Keeps the view drawn when its container is redacted: nothing is redacted here.
    public func unredacted() -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }

    /// How a gauge is drawn (as SwiftUI's `.gaugeStyle(_:)`): every gauge is drawn as a bar.
    public func gaugeStyle(_ style: GaugeStyleName) -> ModifiedContent<Self> {
        ignored("gaugeStyle(.\(style.rawValue))")
    }

    /// How an image is drawn in the accented mode (iOS 18's `.widgetAccentedRenderingMode(_:)`):
    /// widgethost draws full colour only, so it is ignored.
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> ModifiedContent<Self> {
        ignored("widgetAccentedRenderingMode(_:)")
    }

    /// Allows the view to be tinted and drawn in the vibrant rendering modes: ignored.
    public func luminanceToAlpha() -> ModifiedContent<Self> {
        ignored("luminanceToAlpha()")
    }

    /// The label an accessory widget's gauge or corner shows on watchOS (`.widgetLabel`): ignored.
    public func widgetLabel(_ label: String) -> ModifiedContent<Self> {
        ignored("widgetLabel(_:)")
    }

    /// How far text that does not fit shrinks (`factor` of its size, above 0 and at most 1) before
    /// it is cut: the `minimumScaleFactor` modifier.
    public func minimumScaleFactor(_ factor: Double) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self,
            change: .modifier(ViewModifierNode(.minimumScaleFactor, [.init("factor", .double(factor))])))
    }

    /// A view recorded as using `api`, which widgethost does not draw.
    func ignored(_ api: String) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self, change: .modifier(ViewModifierNode(.ignored, [.init("api", .string(api))])))
    }
}

/// Why a view is redacted, as SwiftUI's `RedactionReasons`.
public typealias RedactionReasons = OptionBits<RedactionReason>

extension OptionBits where Kind == RedactionReason {
    /// Drawn as a placeholder.
    public static var placeholder: Self { Self(rawValue: 1) }
    /// Hidden while the device is locked.
    public static var privacy: Self { Self(rawValue: 2) }
    /// Not yet valid.
    public static var invalidated: Self { Self(rawValue: 4) }
}

/// A gauge's style, as SwiftUI's gauge styles.
public enum GaugeStyleName: String, Sendable {
    /// The platform's choice.
    case automatic
    /// A ring (accessoryCircular).
    case accessoryCircular
    /// A ring with the value inside.
    case accessoryCircularCapacity
    /// A bar.
    case accessoryLinear
    /// A bar filled to the value.
    case accessoryLinearCapacity
    /// A bar.
    case linearCapacity
}

/// How an image is drawn in the accented rendering mode (iOS 18).
public enum WidgetAccentedRenderingMode: String, Sendable {
    /// In the accent colour.
    case accented
    /// Desaturated.
    case desaturated
    /// Accented and desaturated.
    case accentedDesaturated
    /// In full colour.
    case fullColor
}

/// A colour as a view (`Color.orange` in a `ZStack` or a container background): an area filled
/// with it, drawn as a flexible space with that background.
extension Color: PrimitiveView {
    /// A `spacer` node with the colour as its `background`.
    public func makeNodes() -> [ViewNode] {
        [ViewNode(type: .spacer, modifiers: [ViewModifierNode(.background, styleMembers)])]
    }
}
