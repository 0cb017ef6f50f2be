public import Foundation

extension Image {
    /// An image of the app's asset catalog (`Image("newspic")`): widgethost has no asset catalog, so
    /// it is drawn as the `photo` symbol, and the host says so.
    public init(_ name: String, bundle: Bundle? = nil) {
        self.init(systemName: "photo")
        self.assetName = name
    }
}

/// The image modifiers and text modifiers of real widget code that widgethost's vocabulary does not
/// draw: each is recorded as `ignored`, naming it, so the host warns.
extension View {
    /// Lets an image grow to its frame: ignored (a symbol is drawn at its text size).
    public func resizable() -> ModifiedContent<Self> { ignored("resizable()") }

    /// Scales the view to fit its frame: ignored.
    public func scaledToFit() -> ModifiedContent<Self> { ignored("scaledToFit()") }

    /// Scales the view to fill its frame: ignored.
    public func scaledToFill() -> ModifiedContent<Self> { ignored("scaledToFill()") }

    /// Keeps the view's aspect ratio: ignored.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> ModifiedContent<Self> {
        ignored("aspectRatio(_:contentMode:)")
    }

    /// How an image takes its colours: ignored.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> ModifiedContent<Self> {
        ignored("renderingMode(_:)")
    }

    /// How a symbol's layers are coloured: ignored.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> ModifiedContent<Self> {
        ignored("symbolRenderingMode(_:)")
    }

    /// A symbol's scale: ignored.
    public func imageScale(_ scale: ImageScale) -> ModifiedContent<Self> { ignored("imageScale(_:)") }

    /// How lines of text line up: ignored.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent<Self> {
        ignored("multilineTextAlignment(_:)")
    }

    /// Italic text: ignored.
    public func italic(_ isActive: Bool = true) -> ModifiedContent<Self> { ignored("italic()") }

    /// The view at its ideal size along the axes named (a text unwrapped and uncut): the
    /// `fixedSize` modifier, with `horizontal` and `vertical` written only when false.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> ModifiedContent<Self> {
        var values: [JSONValue.Member] = []
        if !horizontal { values.append(.init("horizontal", .bool(false))) }
        if !vertical { values.append(.init("vertical", .bool(false))) }
        return ModifiedContent(content: self, change: .modifier(ViewModifierNode(.fixedSize, values)))
    }

    /// Which view of a stack gets room first, the highest `value` first (SwiftUI's default is 0):
    /// the `layoutPriority` modifier.
    public func layoutPriority(_ value: Double) -> ModifiedContent<Self> {
        ModifiedContent(
            content: self,
            change: value.isFinite
                ? .modifier(ViewModifierNode(.layoutPriority, [.init("value", JSONValue(points: value))]))
                : .nothing)
    }

    /// Clips the view to its frame: ignored.
    public func clipped() -> ModifiedContent<Self> { ignored("clipped()") }

    /// The text's case: ignored.
    public func textCase(_ textCase: TextCase?) -> ModifiedContent<Self> { ignored("textCase(_:)") }

    /// The space between letters: ignored.
    public func kerning(_ kerning: Double) -> ModifiedContent<Self> { ignored("kerning(_:)") }

    /// The space between letters: ignored.
    public func tracking(_ tracking: Double) -> ModifiedContent<Self> { ignored("tracking(_:)") }

    /// Where a line too long is cut: widgethost cuts at the end, so it is ignored.
    public func truncationMode(_ mode: TruncationMode) -> ModifiedContent<Self> {
        ignored("truncationMode(_:)")
    }

    /// The label VoiceOver reads (a string or a text): ignored.
    public func accessibilityLabel(_ label: some AccessibilityText) -> ModifiedContent<Self> {
        ignored("accessibilityLabel(_:)")
    }

    /// Hides the view from VoiceOver: ignored.
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self> {
        ignored("accessibilityHidden(_:)")
    }

    /// The value VoiceOver reads (a string or a text): ignored.
    public func accessibilityValue(_ value: some AccessibilityText) -> ModifiedContent<Self> {
        ignored("accessibilityValue(_:)")
    }

    /// How VoiceOver groups the view's children: ignored.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedContent<Self>
    {
        ignored("accessibilityElement(children:)")
    }

    /// Hides the view from VoiceOver, as iOS 13 wrote it: ignored.
    public func accessibility(hidden: Bool) -> ModifiedContent<Self> {
        ignored("accessibility(hidden:)")
    }

    /// The font's design (`.rounded`, `.serif`, `.monospaced`): the one font family draws every
    /// design, so it is ignored.
    public func fontDesign(_ design: Font.Design?) -> ModifiedContent<Self> {
        ignored("fontDesign(_:)")
    }

    /// Extra room between lines: ignored (lines are drawn at the font's height).
    public func lineSpacing(_ spacing: Double) -> ModifiedContent<Self> {
        ignored("lineSpacing(_:)")
    }

    /// The colour scheme of the view and its parents, as iOS 13 wrote it: ignored (a picture is
    /// drawn in the scheme asked for).
    public func colorScheme(_ colorScheme: ColorScheme) -> ModifiedContent<Self> {
        ignored("colorScheme(_:)")
    }

    /// What to do when the view appears: a widget's view is drawn, never shown live, so nothing
    /// is run and nothing is recorded (WidgetKit does not promise to run it either).
    public func onAppear(perform action: (@Sendable () -> Void)? = nil) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }

    /// The view's identity: nothing to draw, so nothing is recorded.
    public func id(_ id: some Hashable & Sendable) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }
}

/// How a view scales to its frame, as SwiftUI's `ContentMode`.
public enum ContentMode: Sendable, Hashable {
    /// Inside the frame.
    case fit
    /// Filling the frame.
    case fill
}

/// How an image takes its colours, as SwiftUI's `Image.TemplateRenderingMode`.
public enum TemplateRenderingMode: Sendable, Hashable {
    /// Its own colours.
    case original
    /// The foreground style.
    case template
}

/// How a symbol's layers are coloured, as SwiftUI's `SymbolRenderingMode`.
public struct SymbolRenderingMode: Sendable, Hashable {
    private let name: String

    /// One colour.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// Levels of one colour.
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Several colours.
    public static let palette = SymbolRenderingMode(name: "palette")
    /// The symbol's own colours.
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}

/// A symbol's scale, as SwiftUI's `Image.Scale`.
public enum ImageScale: Sendable, Hashable {
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large.
    case large
}

/// How lines of text line up, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Sendable, Hashable {
    /// At the leading edge.
    case leading
    /// Centred.
    case center
    /// At the trailing edge.
    case trailing
}

/// A text's case, as SwiftUI's `Text.Case`.
public enum TextCase: Sendable, Hashable {
    /// Upper case.
    case uppercase
    /// Lower case.
    case lowercase
}

/// Where a line too long is cut, as SwiftUI's `Text.TruncationMode`.
public enum TruncationMode: Sendable, Hashable {
    /// At the start.
    case head
    /// In the middle.
    case middle
    /// At the end.
    case tail
}

/// A key of the app's string catalog, as SwiftUI's `LocalizedStringKey`: widgethost has no
/// catalog, so the key is the text.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable, Hashable {
    /// The key, which is the text shown.
    public let key: String

    /// A key.
    public init(_ key: String) {
        self.key = key
    }

    /// A key of a literal.
    public init(stringLiteral value: String) {
        self.key = value
    }
}

extension Text {
    /// A text of a string catalog key: the key itself (the `comment` is for translators).
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {
        self.init(key.key)
    }

    /// A value written in `format` (`Text(count, format: .number)`, `Text(date, format: .dateTime)`).
    public init<Format: FormatStyle>(_ input: Format.FormatInput, format: Format)
    where Format.FormatOutput == String {
        self.init(format.format(input))
    }
}

/// Gives its content the space a widget's view is offered, as SwiftUI's `GeometryReader` gives
/// the space offered: the family's size on the reference device inside its content margins (a
/// `systemSmall` widget's content is 138 x 138 points), what a `GeometryReader` at the root of a
/// widget's view reads. (One nested in a stack reads the same: the views are drawn before they
/// are laid out.)
public struct GeometryReader: PrimitiveView {
    private let content: @Sendable (GeometryProxy) -> ViewGroup

    /// Draws `content` with the space the family's content is offered.
    public init(@ViewBuilder content: @escaping @Sendable (GeometryProxy) -> ViewGroup) {
        self.content = content
    }

    /// The content's nodes.
    public func makeNodes() -> [ViewNode] {
        let family = EnvironmentValues.current.widgetFamily
        let size = family.displaySize
        let margin = family.contentMargin
        return content(
            GeometryProxy(size: CGSize(width: size.width - 2 * margin, height: size.height - 2 * margin))
        ).nodes
    }
}

/// What a `GeometryReader`'s content reads.
public struct GeometryProxy: Sendable {
    /// The size offered: the family's, inside its content margins.
    public let size: CGSize
}

/// An Xcode preview of old (`struct MyWidget_Previews: PreviewProvider`): compiled, never shown.
public protocol PreviewProvider {
    /// The previews.
    associatedtype Previews: View
    /// The previews.
    @ViewBuilder static var previews: Previews { get }
}

/// Where a preview shows a widget.
public struct WidgetPreviewContext: Sendable {
    /// The family previewed.
    public let family: WidgetFamily

    /// A preview in `family`.
    public init(family: WidgetFamily) {
        self.family = family
    }
}

/// The modifiers of previews, which widgethost never shows: they change nothing.
extension View {
    /// The preview's context.
    public func previewContext(_ context: WidgetPreviewContext) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }

    /// The preview's name.
    public func previewDisplayName(_ name: String?) -> ModifiedContent<Self> {
        ModifiedContent(content: self, change: .nothing)
    }
}

/// How VoiceOver groups a view's children, as SwiftUI's `AccessibilityChildBehavior`.
public struct AccessibilityChildBehavior: Sendable, Hashable {
    let name: String

    /// The children are not read.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children are read as one element.
    public static let combine = AccessibilityChildBehavior(name: "combine")
    /// The children are read one by one.
    public static let contain = AccessibilityChildBehavior(name: "contain")
}

/// What VoiceOver may read for a view: a string, a text, a localized key (SwiftUI takes each).
public protocol AccessibilityText: Sendable {}

extension String: AccessibilityText {}
extension Text: AccessibilityText {}
extension LocalizedStringKey: AccessibilityText {}
