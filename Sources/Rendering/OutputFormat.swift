public import WidgetHostKit

/// The output formats of the commands: text for people, JSON and NDJSON for scripts, HTML to see
/// the widgets.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Boxes and sentences, for a terminal.
    case text
    /// One JSON document.
    case json
    /// One JSON object a line.
    case ndjson
    /// One self-contained HTML page (`run --format html`).
    case html
    /// The geometry of each widget as JSON (`run --format layout`).
    case layout

    /// Whether the output is data, written exactly as it is, rather than text for a person (which
    /// is guarded against control characters on its way to the terminal).
    public var isData: Bool { self != .text }

    /// The renderer of `run`'s results in this format, drawing symbols with `symbols` and
    /// colours in `colorScheme` (the layout's).
    public func runRenderer(symbols: [String: String] = [:], colorScheme: ColorScheme = .light)
        -> any RunRenderer
    {
        switch self {
        case .text: WidgetBoxRenderer(symbols: symbols)
        case .json: RunJSONRenderer()
        case .ndjson: RunNDJSONRenderer()
        case .html: HTMLPageRenderer(symbols: symbols)
        case .layout: RunLayoutRenderer(colorScheme: colorScheme)
        }
    }
}
