import Diagnostics
public import Layout
public import WidgetEngine
public import WidgetHostKit

/// `run --format html` and the page `serve` serves (docs/guide.md, "Seeing widgets"): one
/// self-contained page, inline CSS and SVG and nothing fetched, each widget a card of its family's
/// size in points (`data-widget-id`, `data-kind`, `data-family`), its controls numbered as `tap`
/// numbers them (`data-control="N"`), its id, kind and family under it, a failed widget shown as
/// its error. The browser draws and does not lay out: each card is the geometry the layout
/// engine computed (``LayoutEngine``), every element at its frame (``HTMLLayoutWriter``), laid
/// out in light and in dark and shown in the scheme `prefers-color-scheme` asks for, unless the
/// renderer is given one. No script is needed to see it; the live page adds one that follows
/// `GET /events` and posts taps.
public struct HTMLPageRenderer: RunRenderer {
    /// Text drawn for symbols the page has no SVG of, by SF Symbols name (the bundles' fallbacks).
    public var symbols: [String: String]
    /// The colour scheme every card is drawn in; `nil`: both, the browser's preference choosing.
    public var colorScheme: ColorScheme?
    /// The device whose widget sizes the cards have.
    public var device: Device

    /// Creates a renderer drawing unknown symbols with `symbols`, in `colorScheme` (`nil`: light
    /// and dark, as the browser prefers), at `device`'s sizes.
    public init(symbols: [String: String] = [:], colorScheme: ColorScheme? = nil, device: Device = .reference)
    {
        self.symbols = symbols
        self.colorScheme = colorScheme
        self.device = device
    }

    public func render(_ results: [WidgetResult], includeTimeline: Bool) -> String {
        var cards = ""
        for result in results { cards += card(result) }
        return page(cards: cards, live: nil)
    }

    /// The figure of one widget: its card and, under it, its id, kind and family. A `live` card
    /// (`serve`'s) carries the revision of the view it shows (`data-revision`), which a tap sends
    /// back so that a view changed meanwhile is not tapped.
    public func card(_ result: WidgetResult, live: Bool = false) -> String {
        var output = HTMLBytes(capacity: 8192)
        writeCard(result, live: live, to: &output)
        return output.string
    }

    /// Appends the figure of one widget (``card(_:live:)``) to `output`.
    func writeCard(_ result: WidgetResult, live: Bool = false, to output: inout HTMLBytes) {
        // The drawn view is laid out as it is, not written as JSON first.
        writeCard(
            id: result.instance.id, kind: result.instance.kind, family: result.family,
            drawn: result.outcome.map { drawing($0.current.view, family: result.family) },
            reloadRequested: result.reloadRequested,
            revision: live ? (try? result.outcome.get()).map { ViewRevision($0.current.view) } : nil,
            to: &output)
    }

    /// The figure of a widget showing `outcome`: a view tree as `run --format json` prints it
    /// (`modifiers` included), or the failure shown as the widget's error.
    public func card(
        id: String, kind: String, family: WidgetFamily, outcome: Result<JSONValue, WidgetFailure>,
        reloadRequested: Bool = false
    ) -> String {
        card(
            id: id, kind: kind, family: family, drawn: outcome.map { drawing($0, family: family) },
            reloadRequested: reloadRequested, revision: nil)
    }

    /// A view laid out for the page: its geometry and colours in light (or the renderer's
    /// scheme) and its colours in dark, its controls and its widget URL.
    struct Drawing {
        /// The root of the light scheme's layout (the forced scheme's, when there is one).
        var light: LayoutNode
        /// The dark scheme's colours of its nodes, depth first (none when the renderer draws one
        /// scheme: each node's own).
        var dark: [LayoutColours]
        /// What the view says of its controls that the layout does not, in `tap`'s order.
        var controls: [HTMLControl]
        /// The URL the widget opens (`widgetURL`).
        var widgetURL: String?
    }

    /// A drawn view laid out in `family`, in each scheme the page shows.
    func drawing(_ view: ViewNode, family: WidgetFamily) -> Drawing {
        let laidOut: (LayoutNode, [LayoutColours])
        if let colorScheme {
            laidOut = (
                LayoutEngine.layout(view, family: family, colorScheme: colorScheme, device: device).root, []
            )
        } else {
            let paired = LayoutEngine.layout(
                view, family: family, colorScheme: .light, pairedWith: .dark, device: device)
            laidOut = (paired.layout.root, paired.paired)
        }
        return drawing(view, laidOut: laidOut)
    }

    /// A view's JSON laid out in `family`, in each scheme the page shows.
    func drawing(_ view: JSONValue, family: WidgetFamily) -> Drawing {
        let laidOut: (LayoutNode, [LayoutColours])
        if let colorScheme {
            laidOut = (
                LayoutEngine.layout(view, family: family, colorScheme: colorScheme, device: device).root, []
            )
        } else {
            let paired = LayoutEngine.layout(
                view, family: family, colorScheme: .light, pairedWith: .dark, device: device)
            laidOut = (paired.layout.root, paired.paired)
        }
        return drawing(view, laidOut: laidOut)
    }

    /// `view` laid out (measured once and placed once, with its dark colours when the page
    /// shows both schemes), with what the page reads of its controls.
    private func drawing(_ view: some HTMLViewSource, laidOut: (LayoutNode, [LayoutColours])) -> Drawing {
        let (controls, widgetURL) = HTMLControl.controls(of: view)
        return Drawing(light: laidOut.0, dark: laidOut.1, controls: controls, widgetURL: widgetURL)
    }

    /// The figure of a widget drawn as `drawn`, or its failure.
    func card(
        id: String, kind: String, family: WidgetFamily, drawn: Result<Drawing, WidgetFailure>,
        reloadRequested: Bool, revision: ViewRevision?
    ) -> String {
        var output = HTMLBytes(capacity: 8192)
        writeCard(
            id: id, kind: kind, family: family, drawn: drawn, reloadRequested: reloadRequested,
            revision: revision, to: &output)
        return output.string
    }

    /// Appends the figure of a widget drawn as `drawn`, or its failure, to `output`.
    func writeCard(
        id: String, kind: String, family: WidgetFamily, drawn: Result<Drawing, WidgetFailure>,
        reloadRequested: Bool, revision: ViewRevision?, to output: inout HTMLBytes
    ) {
        let size = device.size(of: family)
        output += "<figure class=\"widget\"><div class=\""
        switch drawn {
        case .success: output += "card"
        case .failure: output += "card failed"
        }
        output += "\" data-widget-id=\""
        HTMLText.append(id, to: &output)
        output += "\" data-kind=\""
        HTMLText.append(kind, to: &output)
        output += "\" data-family=\""
        output.write(string: family.rawValue)
        if let revision {
            output += "\" data-revision=\""
            output.write(string: revision.description)
        }
        if case .success(let drawing) = drawn, let url = drawing.widgetURL {
            output += "\" data-widget-url=\""
            HTMLText.append(url, to: &output)
        }
        output += "\" style=\"width:"
        HTMLLayoutWriter.appendPx(size.width, to: &output)
        output += ";height:"
        HTMLLayoutWriter.appendPx(size.height, to: &output)
        output += ";border-radius:"
        HTMLLayoutWriter.appendPx(device.cornerRadius(of: family), to: &output)
        switch drawn {
        case .success(let drawing):
            let writer = HTMLLayoutWriter(symbols: symbols, controls: drawing.controls, dark: drawing.dark)
            writer.writeCardStyle(of: drawing.light, to: &output)
            output += "\">"
            writer.writeContent(of: drawing.light, to: &output)
        case .failure(let failure):
            output += "\">"
            output +=
                "<div class=\"error\" role=\"alert\"><span class=\"i\"><svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">"
            output.write(string: HTMLVocabulary.symbols["exclamationmark.circle.fill", default: ""])
            output += "</svg></span><span class=\"message\">"
            HTMLText.append(failure.message, to: &output)
            output += "</span><code class=\"code\">"
            HTMLText.append(failure.code.rawValue, to: &output)
            output += "</code></div>"
        }
        output += "</div><figcaption><span class=\"id\">"
        HTMLText.append(id, to: &output)
        output += "</span> · <span class=\"kind\">"
        HTMLText.append(kind, to: &output)
        output += "</span> · <span class=\"family\">"
        output.write(string: family.rawValue)
        output += "</span>"
        if reloadRequested { output += " · reload requested" }
        output += "</figcaption></figure>"
    }

    /// The page around `cards` (``card(_:)``s joined); `live` adds the script of `serve`'s page,
    /// with its per-run token and the nonce that lets the script run (new for each load).
    public func page(cards: String, live: (token: String, nonce: String)?) -> String {
        head(token: live?.token) + cards + footer(live: live)
    }

    /// Writes the page a card at a time, as `run` finishes each widget.
    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        HTMLPageStreamWriter(renderer: self)
    }

    /// The page up to its first card, the live page's token in its head. A renderer of one
    /// colour scheme says so on the root element (`class="light"` or `"dark"`), which the
    /// stylesheet's page colours follow whatever the browser prefers.
    func head(token: String?) -> String {
        var output = "<!DOCTYPE html>\n<html lang=\"en\""
        if let colorScheme { output += " class=\"" + colorScheme.rawValue + "\"" }
        output += "><head><meta charset=\"utf-8\">"
        output += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        output += "<meta name=\"color-scheme\" content=\"" + (colorScheme?.rawValue ?? "light dark") + "\">"
        if let token {
            output += "<meta name=\"widgethost-token\" content=\"" + HTMLText.escaped(token) + "\">"
        }
        return output + "<title>widgethost</title><style>" + Self.stylesheet
            + "</style></head>\n<body><main class=\"gallery\">"
    }

    /// The page after its last card; with `live`, the live page's script under its nonce.
    func footer(live: (token: String, nonce: String)?) -> String {
        var output = "</main>"
        if let live {
            let quoted = HTMLText.escaped(live.nonce)
            output += "<p class=\"status\" role=\"status\"></p><script nonce=\"" + quoted + "\">"
            output += Self.liveScript + "</script>"
        }
        return output + "</body></html>\n"
    }

    /// The page's stylesheet (`Page/page.css`, embedded at build time): the page's colours for
    /// light and dark, the cards, the elements at their frames and how each scheme's colours are
    /// chosen; then the font families the layout measured text in (``Typesetter/families``: Inter
    /// first, then Noto), so that the browser draws the glyphs the lines were broken with.
    static let stylesheet =
        Self.joined(PageStyleSheet.source) + ".card{font-family:"
        + Typesetter.families.split(separator: ",").map { "\"" + $0.drop { $0 == " " } + "\"" }
        .joined(separator: ",") + ",sans-serif}"

    /// The live page's script: `GET /events` (Server-Sent Events) redraws a card from each `card`
    /// event, drops removed widgets, and puts the cards in the order an `order` event gives,
    /// dropping those it does not list (a stream's first message ends with one, so a page that
    /// reconnects loses the cards of widgets removed meanwhile); a click on a control posts it
    /// with the page's token (`Page/page.js`, embedded at build time).
    static let liveScript = Self.joined(PageScript.source)

    /// A page file's lines as one line, as the page carries its stylesheet and script: no line
    /// break in them is significant, and none is sent.
    static func joined(_ source: String) -> String {
        source.split(separator: "\n").joined()
    }
}

/// `run --format html` a card at a time: the page's head, each card as its widget is done, the
/// page's end.
struct HTMLPageStreamWriter: RunStreamWriter {
    let renderer: HTMLPageRenderer

    func header() -> [UInt8] { Array(renderer.head(token: nil).utf8) }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] {
        var output = HTMLBytes(capacity: 16384)
        renderer.writeCard(result, to: &output)
        return output.bytes
    }

    func footer(count: Int) -> [UInt8] { Array(renderer.footer(live: nil).utf8) }
}
