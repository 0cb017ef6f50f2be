import Diagnostics
public import WidgetEngine
public import WidgetHostKit

/// `run --format html` and the page `serve` serves (DESIGN.md, "Seeing widgets"): one
/// self-contained page, inline CSS and SVG and nothing fetched, each widget a card of its family's
/// size in points (`data-widget-id`, `data-kind`, `data-family`), its controls numbered as `tap`
/// numbers them (`data-control="N"`), its id, kind and family under it, a failed widget shown as
/// its error; light and dark schemes follow `prefers-color-scheme`. No script is needed to see it;
/// the live page adds one that follows `GET /events` and posts taps.
public struct HTMLPageRenderer: RunRenderer {
    /// Text drawn for symbols the page has no SVG of, by SF Symbols name (the bundles' fallbacks).
    public var symbols: [String: String]

    /// Creates a renderer drawing unknown symbols with `symbols`.
    public init(symbols: [String: String] = [:]) {
        self.symbols = symbols
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
        // The drawn view is read as it is, not written as JSON first.
        card(
            id: result.instance.id, kind: result.instance.kind, family: result.family,
            view: result.outcome.map { $0.current.view }, reloadRequested: result.reloadRequested,
            revision: live ? (try? result.outcome.get()).map { ViewRevision($0.current.view) } : nil)
    }

    /// The figure of a widget showing `outcome`: a view tree as `run --format json` prints it
    /// (`modifiers` included), or the failure shown as the widget's error.
    public func card(
        id: String, kind: String, family: WidgetFamily, outcome: Result<JSONValue, WidgetFailure>,
        reloadRequested: Bool = false
    ) -> String {
        card(
            id: id, kind: kind, family: family, view: outcome, reloadRequested: reloadRequested, revision: nil
        )
    }

    /// The figure of a widget showing `outcome`, a view as it was drawn or as its JSON.
    private func card<View: HTMLViewSource>(
        id: String, kind: String, family: WidgetFamily, view outcome: Result<View, WidgetFailure>,
        reloadRequested: Bool, revision: ViewRevision?
    ) -> String {
        let (width, height) = HTMLVocabulary.size(of: family)
        let id = HTMLText.escaped(id)
        let kind = HTMLText.escaped(kind)
        let family = family.rawValue
        var output = "<figure class=\"widget\">"
        var body: String
        var cardStyle = "width:\(width)px;height:\(height)px"
        var classes = "card"
        switch outcome {
        case .success(let view):
            var writer = HTMLViewWriter(symbols: symbols)
            let root = writer.root(view)
            body = root.html
            if !root.cardStyle.isEmpty { cardStyle += ";" + root.cardStyle }
        case .failure(let failure):
            classes += " failed"
            body =
                "<div class=\"error\" role=\"alert\"><span class=\"i\"><svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">"
            body += HTMLVocabulary.symbols["exclamationmark.circle.fill", default: ""] + "</svg></span>"
            body += "<span class=\"message\">"
            HTMLText.append(failure.message, to: &body)
            body += "</span><code class=\"code\">" + HTMLText.escaped(failure.code.rawValue) + "</code></div>"
        }
        output += "<div class=\"" + classes + "\" data-widget-id=\"" + id + "\" data-kind=\"" + kind
        output += "\" data-family=\"" + family
        if let revision { output += "\" data-revision=\"" + revision.description }
        output += "\" style=\"" + cardStyle + "\">" + body + "</div>"
        output += "<figcaption><span class=\"id\">" + id + "</span> · <span class=\"kind\">" + kind
        output += "</span> · <span class=\"family\">" + family + "</span>"
        if reloadRequested { output += " · reload requested" }
        output += "</figcaption></figure>"
        return output
    }

    /// The page around `cards` (``card(_:)``s joined); `live` adds the script of `serve`'s page,
    /// with its per-run token and the nonce that lets the script run (new for each load).
    public func page(cards: String, live: (token: String, nonce: String)?) -> String {
        (live == nil ? Self.header : Self.head(token: live?.token)) + cards + footer(live: live)
    }

    /// Writes the page a card at a time, as `run` finishes each widget.
    public func streamWriter(includeTimeline: Bool) -> (any RunStreamWriter)? {
        HTMLPageStreamWriter(renderer: self)
    }

    /// The page up to its first card.
    static let header = head(token: nil)

    /// The page up to its first card, the live page's token in its head.
    static func head(token: String?) -> String {
        var output = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        output += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        output += "<meta name=\"color-scheme\" content=\"light dark\">"
        if let token {
            output += "<meta name=\"widgethost-token\" content=\"" + HTMLText.escaped(token) + "\">"
        }
        return output + "<title>widgethost</title><style>" + stylesheet
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

    /// The page's stylesheet (`Page/page.css`, embedded at build time): SwiftUI's system colours
    /// for light and dark, the cards, the stacks.
    static let stylesheet = Self.joined(PageStyleSheet.source)

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

    func header() -> [UInt8] { Array(HTMLPageRenderer.header.utf8) }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] { Array(renderer.card(result).utf8) }

    func footer(count: Int) -> [UInt8] { Array(renderer.footer(live: nil).utf8) }
}
