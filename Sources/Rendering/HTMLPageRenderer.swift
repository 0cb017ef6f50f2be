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

    /// The page's stylesheet: SwiftUI's system colours for light and dark, the cards, the stacks.
    static let stylesheet = """
        :root{color-scheme:light dark;--page:#F2F2F7;--card:#FFFFFF;--accessory:#E5E5EA;--primary:#000000;\
        --secondary:rgba(60,60,67,.6);--tertiary:rgba(60,60,67,.3);--quaternary:rgba(60,60,67,.18);\
        --red:#FF3B30;--orange:#FF9500;--yellow:#FFCC00;--green:#34C759;--mint:#00C7BE;--teal:#30B0C7;\
        --cyan:#32ADE6;--blue:#007AFF;--indigo:#5856D6;--purple:#AF52DE;--pink:#FF2D55;--brown:#A2845E;\
        --gray:#8E8E93;--fill:rgba(120,120,128,.2)}\
        @media (prefers-color-scheme:dark){:root{--page:#000000;--card:#1C1C1E;--accessory:#2C2C2E;\
        --primary:#FFFFFF;--secondary:rgba(235,235,245,.6);--tertiary:rgba(235,235,245,.3);\
        --quaternary:rgba(235,235,245,.18);--red:#FF453A;--orange:#FF9F0A;--yellow:#FFD60A;\
        --green:#30D158;--mint:#63E6E2;--teal:#40C8E0;--cyan:#64D2FF;--blue:#0A84FF;--indigo:#5E5CE6;\
        --purple:#BF5AF2;--pink:#FF375F;--brown:#AC8E68;--gray:#8E8E93;--fill:rgba(120,120,128,.36)}}\
        body{margin:0;padding:24px;background:var(--page);color:var(--primary);\
        font:17px/1.2 -apple-system,system-ui,"SF Pro Text","Helvetica Neue",Arial,sans-serif}\
        .gallery{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}\
        .widget{margin:0;display:flex;flex-direction:column;gap:8px;align-items:center}\
        .card{box-sizing:border-box;flex:none;background:var(--card);border-radius:22px;padding:16px;\
        overflow:hidden;display:flex;flex-direction:column;align-items:center;justify-content:center;\
        box-shadow:0 1px 4px rgba(0,0,0,.14)}\
        .card[data-family^=accessory]{padding:4px 6px;border-radius:14px;background:var(--accessory);\
        font-size:13px;box-shadow:none}\
        .card[data-family=accessoryCircular]{border-radius:50%;padding:6px}\
        .card[data-family=accessoryInline]{padding:0 6px;border-radius:6px;flex-direction:row;\
        white-space:nowrap;background:transparent;font-size:15px}\
        .card[data-family=accessoryInline] .v{flex-direction:row}\
        .v,.h,.m{display:flex;gap:8px;align-items:center;min-width:0;min-height:0;max-width:100%;\
        box-sizing:border-box}\
        .v{flex-direction:column}.h{flex-direction:row}.m{gap:0;flex-direction:column}\
        .h>*{min-width:0}.v>.s{min-height:8px}.h>.s{min-width:8px}.s{flex:1 1 0}\
        .t{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:var(--lines,none);\
        overflow:hidden;overflow-wrap:anywhere;text-overflow:ellipsis}\
        .i{display:inline-flex;width:1.1em;height:1.1em;flex:none;align-items:center;justify-content:center}\
        .i svg{width:100%;height:100%}\
        .i.unknown{border:1.5px solid currentColor;border-radius:4px;box-sizing:border-box}\
        .control{font:inherit;color:inherit;background:none;border:0;padding:0;margin:0;cursor:pointer;\
        display:inline-flex;align-items:center;gap:6px;text-align:inherit;text-decoration:none;\
        min-width:0;max-width:100%}\
        .control:focus-visible{outline:2px solid var(--blue);outline-offset:2px;border-radius:4px}\
        .toggle .switch{width:36px;height:22px;border-radius:11px;background:var(--quaternary);\
        position:relative;flex:none}\
        .toggle .switch::after{content:"";position:absolute;top:2px;left:2px;width:18px;height:18px;\
        border-radius:50%;background:#FFFFFF;box-shadow:0 1px 2px rgba(0,0,0,.3);transition:left .15s}\
        .toggle[aria-checked=true] .switch{background:var(--green)}\
        .toggle[aria-checked=true] .switch::after{left:16px}\
        .failed{justify-content:flex-start;align-items:stretch}\
        .error{display:flex;flex-direction:column;gap:6px;color:var(--red);font-size:13px;min-height:0}\
        .error .message{color:var(--primary);overflow-wrap:anywhere;overflow:hidden}\
        .error .code{font-size:11px;color:var(--secondary)}\
        [data-content-transition=numericText]{font-variant-numeric:tabular-nums}\
        .pending [data-invalidatable]{opacity:.35}\
        [data-button-style=bordered] .button,.button[data-button-style=bordered],\
        [data-toggle-style=button] .toggle,.toggle[data-toggle-style=button]{background:var(--fill);\
        border-radius:8px;padding:4px 10px}\
        [data-button-style=borderedProminent] .button,.button[data-button-style=borderedProminent],\
        [data-toggle-style=button] .toggle[aria-checked=true],.toggle[data-toggle-style=button][aria-checked=true]\
        {background:var(--blue);color:#FFFFFF;border-radius:8px;padding:4px 10px}\
        [data-toggle-style=button] .switch,.toggle[data-toggle-style=button] .switch{display:none}\
        [data-labels-hidden] .toggle>:not(.switch),.toggle[data-labels-hidden]>:not(.switch){display:none}\
        [data-disabled]{opacity:.5;pointer-events:none}\
        .progress{display:flex;flex-direction:column;gap:4px;align-self:stretch}\
        .progress .bar{height:4px;border-radius:2px;background:var(--quaternary);overflow:hidden}\
        .progress .bar>div{height:100%;background:var(--blue)}\
        .progress.indeterminate .bar>div{width:30%;margin-left:35%}\
        figcaption{font:12px/1.3 ui-monospace,"DejaVu Sans Mono",monospace;color:var(--secondary)}\
        figcaption span{unicode-bidi:isolate}\
        .status{font:13px/1.3 ui-monospace,monospace;color:var(--secondary);min-height:1.3em}
        """

    /// The live page's script: `GET /events` (Server-Sent Events) redraws a card from each `card`
    /// event, drops removed widgets, and puts the cards in the order an `order` event gives,
    /// dropping those it does not list (a stream's first message ends with one, so a page that
    /// reconnects loses the cards of widgets removed meanwhile); a click on a control posts it
    /// with the page's token.
    static let liveScript = """
        "use strict";\
        const token=document.querySelector('meta[name="widgethost-token"]').content;\
        const status=document.querySelector('.status');\
        function cardOf(id){for(const c of document.querySelectorAll('.card')){if(c.dataset.widgetId===id)return c}\
        return null}\
        document.addEventListener('click',async e=>{const control=e.target.closest('[data-control]');\
        if(!control)return;e.preventDefault();const card=control.closest('.card');if(!card)return;\
        const id=card.dataset.widgetId;card.classList.add('pending');\
        try{const r=await fetch('/widgets/'+encodeURIComponent(id)+'/controls/'+control.dataset.control,\
        {method:'POST',headers:card.dataset.revision?{'X-Widgethost-Token':token,\
        'X-Widgethost-Revision':card.dataset.revision}:{'X-Widgethost-Token':token}});const body=await r.json();\
        status.textContent='['+control.dataset.control+'] of '+id+': '+(body.error?body.error.message:\
        (body.dialog||body.url||body.intent||'done'))}catch(err){status.textContent=String(err)}\
        finally{card.classList.remove('pending')}});\
        const events=new EventSource('/events');\
        events.addEventListener('card',e=>{const m=JSON.parse(e.data);const t=document.createElement('template');\
        t.innerHTML=m.html;const old=cardOf(m.id);if(old)old.closest('figure').replaceWith(t.content);\
        else document.querySelector('.gallery').append(t.content)});\
        events.onmessage=e=>{const ev=JSON.parse(e.data);if(ev.event==='removed'){const c=cardOf(ev.id);\
        if(c)c.closest('figure').remove()}else if(ev.event==='order'){const g=document.querySelector('.gallery');\
        const hosted=new Set(ev.ids);for(const c of document.querySelectorAll('.card'))\
        if(!hosted.has(c.dataset.widgetId))c.closest('figure').remove();\
        for(const id of ev.ids){const c=cardOf(id);if(c)g.append(c.closest('figure'))}}\
        else if(ev.event==='diagnostics'){status.textContent=\
        ev.diagnostics.map(d=>d.message).join('; ')}else if(ev.event==='plugin'){const p='plugin '+ev.plugin+' ';\
        if(ev.state!=='running')status.textContent=p+ev.state+(ev.message?': '+ev.message:'');\
        else if(status.textContent.startsWith(p))status.textContent=''}};
        """
}

/// `run --format html` a card at a time: the page's head, each card as its widget is done, the
/// page's end.
struct HTMLPageStreamWriter: RunStreamWriter {
    let renderer: HTMLPageRenderer

    func header() -> [UInt8] { Array(HTMLPageRenderer.header.utf8) }

    func piece(_ result: WidgetResult, at index: Int) -> [UInt8] { Array(renderer.card(result).utf8) }

    func footer(count: Int) -> [UInt8] { Array(renderer.footer(live: nil).utf8) }
}
