import WidgetHostKit

/// What a view passes down to the views inside it, as SwiftUI's environment does: the font, the
/// foreground colour, the line limit and the styles of controls. A modifier nearer the view wins
/// over one further out (`Text("a").font(.caption)` inside a `VStack` with `.font(.title)`).
struct LayoutEnvironment {
    var font = TextStyles.body
    /// `fontWeight`'s weight, over the font's.
    var weight: Int?
    /// The foreground colour; `nil`: the label colour.
    var foreground: Paint?
    var lineLimit: Int?
    var minimumScaleFactor = 1.0
    var strikethrough = false
    /// The strikethrough's colour; `nil`: the text's.
    var strikethroughColor: Paint?
    /// `tint`'s colour for the controls and bars inside; `nil`: the accent colour.
    var tint: Paint?
    var buttonStyle: String?
    var toggleStyle: String?
    var labelsHidden = false
    var disabled = false

    init() {}

    /// The font text is drawn in.
    var resolvedFont: FontSpec {
        var font = font
        if let weight { font.weight = weight }
        return font
    }

    /// The colour text is drawn in.
    var resolvedForeground: Paint { foreground ?? Palette.paint(Palette.label) }
}

/// Where the layout keeps what it learns while it builds a widget's tree: the next control's
/// number, the widget's container background and the warnings.
struct LayoutContext {
    /// The next control's number: `tap` counts from 1.
    var nextControl = 1
    var containerBackground: Paint?
    var warnings: [String] = []

    /// The longest text laid out: a widget shows far less, and a longer one is laid out as its
    /// start, with a warning.
    static let maximumTextLength = 4096
}
