import Diagnostics
import Foundation
import PluginProtocol
import Rendering
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// The HTML page of `run --format html` and `serve`: cards of the family's size, views laid out as
/// SwiftUI lays them out, modifiers in order, text always text.
@Suite struct HTMLPageRendererTests {
    let renderer = HTMLPageRenderer(symbols: ["star": "★"])

    func card(_ view: String, family: WidgetFamily = .systemMedium, id: String = "w") throws -> String {
        renderer.card(id: id, kind: "K", family: family, outcome: .success(try JSONValue(parsing: view)))
    }

    @Test(arguments: [
        (WidgetFamily.systemSmall, 170, 170), (.systemMedium, 364, 170), (.systemLarge, 364, 382),
        (.systemExtraLarge, 768, 382), (.accessoryCircular, 76, 76), (.accessoryRectangular, 172, 76),
        (.accessoryInline, 257, 26),
    ])
    func aCardIsItsFamilysSizeInPoints(family: WidgetFamily, width: Int, height: Int) throws {
        let html = try card(#"{"type":"text","text":"Hi"}"#, family: family)
        #expect(
            html.contains(
                "data-widget-id=\"w\" data-kind=\"K\" data-family=\"\(family.rawValue)\" style=\"width:\(width)px;height:\(height)px\""
            ))
        #expect(html.contains("<figcaption><span class=\"id\">w</span> · <span class=\"kind\">K</span> · "))
    }

    /// A drawn view's card is written from the view as it is, not from its JSON first: for every
    /// view type and every modifier it is the card of the view's JSON, byte for byte.
    @Test func aDrawnViewsCardIsTheCardOfItsJSON() throws {
        func modifier(_ kind: ViewModifierNode.Kind, _ values: [String: JSONValue] = [:]) -> ViewModifierNode
        {
            ViewModifierNode(
                kind, values.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, $0.value) })
        }
        let every = [
            modifier(.font, ["style": .string("headline"), "weight": .string("bold")]),
            modifier(.font, ["size": .double(13.5)]),
            modifier(.fontWeight, ["weight": .string("semibold")]),
            modifier(.foregroundStyle, ["style": .string("secondary"), "opacity": .double(0.5)]),
            modifier(.strikethrough, ["isActive": .bool(true), "color": .string("red")]),
            modifier(.lineLimit, ["limit": .int(2)]), modifier(.lineLimit),
            modifier(
                .padding, ["edges": .array([.string("horizontal"), .string("top")]), "length": .int(6)]),
            modifier(.padding),
            modifier(
                .background,
                ["style": .string("blue"), "shape": .string("roundedRectangle"), "cornerRadius": .int(8)]),
            modifier(
                .frame,
                ["maxWidth": .string("infinity"), "height": .int(40), "alignment": .string("leading")]),
            modifier(.opacity, ["value": .double(0.25)]),
            modifier(.contentTransition, ["transition": .string("numericText")]),
            modifier(.invalidatableContent), modifier(.widgetAccentable),
            modifier(.containerBackground, ["style": .string("fill.tertiary")]),
            modifier(.cornerRadius, ["radius": .int(4)]), modifier(.clipShape, ["shape": .string("capsule")]),
            modifier(.buttonStyle, ["style": .string("bordered")]),
            modifier(.toggleStyle, ["style": .string("button")]),
            modifier(.labelsHidden), modifier(.scaleEffect, ["scale": .double(1.5)]),
            modifier(.shadow, ["color": .string("black"), "radius": .int(3), "y": .int(1)]),
            modifier(.animation, ["curve": .string("spring")]),
            modifier(.disabled), modifier(.ignored, ["api": .string("privacySensitive()")]),
            modifier(.fixedSize, ["vertical": .bool(false)]), modifier(.layoutPriority, ["value": .int(1)]),
            modifier(.minimumScaleFactor, ["factor": .double(0.5)]),
            modifier(.overlay, ["view": ViewNode(type: .image, systemName: "star").json]),
        ]
        #expect(Set(every.map(\.type)) == Set(ViewModifierNode.Kind.allCases), "every modifier is drawn")
        let intent = IntentReference(
            type: "ToggleTaskIntent", parameters: .object([.init("taskID", .string("1"))]))
        let label = ViewNode(type: .text, text: "Tap <me>")
        let leaves = [
            ViewNode(
                type: .text, text: "in 2 hours", date: Date(timeIntervalSince1970: 1_795_962_000),
                dateStyle: "relative", modifiers: Array(every[0..<8])),
            ViewNode(type: .image, systemName: "checkmark.circle.fill"),
            ViewNode(type: .image, systemName: "star"), ViewNode(type: .image, systemName: "no.such.symbol"),
            ViewNode(type: .spacer), ViewNode(type: .spacer, minLength: 2),
            ViewNode(type: .zstack, children: [label], alignment: "topLeading"),
            ViewNode(type: .progress, value: 0.4),
            ViewNode(type: .progress, children: [label]),
            // A text's JSON has no children, so its card shows none.
            ViewNode(type: .text, text: "alone", url: "widget://tab/1", children: [label]),
        ]
        let view = ViewNode(
            type: .vstack,
            children: [
                ViewNode(
                    type: .hstack, children: leaves, alignment: "firstTextBaseline", spacing: 0,
                    modifiers: Array(every[8..<16])),
                ViewNode(type: .button, intent: intent, children: [label], modifiers: Array(every[16...])),
                ViewNode(type: .toggle, isOn: true, intent: intent, children: [label]),
                ViewNode(type: .link, url: "https://example.com/?a=1&b=2", children: [label]),
            ],
            alignment: "trailing", spacing: 4.5, modifiers: every)
        for family in [WidgetFamily.systemLarge, .accessoryInline] {
            let drawn = renderer.card(WidgetResult.drawing(view, id: "w", family: family))
            let fromJSON = renderer.card(id: "w", kind: "Demo", family: family, outcome: .success(view.json))
            #expect(drawn == fromJSON)
            #expect(drawn.contains("data-control=\"3\"") && drawn.contains("★"), "the view is drawn whole")
            #expect(!drawn.contains(">alone<span"), "a text's children are not drawn")
            #expect(
                drawn.contains("gap:4.5px;align-items:flex-end")
                    && drawn.contains("gap:0px;align-items:baseline"))
        }
    }

    @Test func textFromDataIsTextNeverMarkup() throws {
        let html = try card(
            #"{"type":"vstack","children":[{"type":"text","text":"<script>alert('x')</script> & \"q\""}]}"#,
            id: "a\"b<c>")
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("data-widget-id=\"a&quot;b&lt;c&gt;\""))
    }

    @Test func controlsAreNumberedDepthFirstAsTapCountsThem() throws {
        let view = """
            {"type":"vstack","children":[
              {"type":"button","intent":{"type":"A","parameters":{}},"children":[{"type":"text","text":"one"}]},
              {"type":"hstack","children":[
                {"type":"toggle","isOn":true,"intent":{"type":"B","parameters":{}},"children":[{"type":"text","text":"two"}]},
                {"type":"link","url":"app://x","children":[{"type":"text","text":"three"}]}]}]}
            """
        let html = try card(view)
        let numbers = html.matches(of: /data-control="(\d+)"/).map { String($0.output.1) }
        #expect(numbers == ["1", "2", "3"])
        #expect(
            html.contains(
                "data-control=\"2\" data-intent=\"B\" type=\"button\" role=\"switch\" aria-checked=\"true\""))
        #expect(html.contains("<a class=\"control link\" data-control=\"3\" href=\"app://x\">"))
        let parsed = try JSONValue(parsing: view)
        #expect(try ViewNode(json: parsed).controls.count == 3)
    }

    @Test func aLinkThatWouldRunScriptHasNoHref() throws {
        let html = try card(#"{"type":"link","url":"javascript:alert(1)","children":[]}"#)
        #expect(html.contains("data-control=\"1\""))
        #expect(!html.contains("href="))
        // Its URL is its label's text (it has no label of its own): text, not a link.
        #expect(html.contains("<a class=\"control link\" data-control=\"1\">javascript:alert(1)</a>"))
    }

    @Test func aSpacerFillsItsStackAndTheStackFillsItsParent() throws {
        let html = try card(
            #"{"type":"vstack","children":[{"type":"hstack","children":[{"type":"text","text":"a"},{"type":"spacer"},{"type":"text","text":"b"}]},{"type":"text","text":"c"}]}"#
        )
        // The row holds a spacer: it stretches across the column; the spacer grows in the row.
        #expect(html.contains("<div class=\"h\" style=\"align-self:stretch\">"))
        #expect(html.contains("<div class=\"s\" style=\"flex:1 1 0;align-self:stretch\"></div>"))
        // The column holds nothing that grows vertically, so it does not fill the card's height.
        #expect(html.hasPrefix("<figure class=\"widget\"><div class=\"card\""))
        #expect(
            html.contains("style=\"width:364px;height:170px\"><div class=\"v\" style=\"align-self:stretch\">")
        )
    }

    @Test func stackSpacingAndAlignmentAreKept() throws {
        let html = try card(
            #"{"type":"vstack","spacing":4,"alignment":"leading","children":[{"type":"text","text":"a"}]}"#)
        #expect(html.contains("<div class=\"v\" style=\"gap:4px;align-items:flex-start\">"))
    }

    /// A stack's alignment is its axis's: a vstack's across (leading ... trailing), an hstack's
    /// across (top ... lastTextBaseline); the other axis's names draw nothing.
    @Test(
        arguments: [
            ("vstack", "leading", "align-items:flex-start"), ("vstack", "trailing", "align-items:flex-end"),
            ("vstack", "center", "align-items:center"), ("hstack", "top", "align-items:flex-start"),
            ("hstack", "bottom", "align-items:flex-end"),
            ("hstack", "firstTextBaseline", "align-items:baseline"),
            ("hstack", "lastTextBaseline", "align-items:last baseline"), ("vstack", "top", nil),
            ("hstack", "leading", nil),
        ] as [(String, String, String?)])
    func aStacksAlignmentIsItsAxiss(_ stack: String, _ alignment: String, _ css: String?) throws {
        let node = ViewNode(
            type: stack == "vstack" ? .vstack : .hstack, children: [ViewNode(type: .text, text: "a")],
            alignment: alignment, spacing: 12)
        let html = renderer.card(WidgetResult.drawing(node, id: "w", family: .systemSmall))
        let style = "gap:12px" + (css.map { ";" + $0 } ?? "")
        #expect(html.contains("<div class=\"\(stack.prefix(1))\" style=\"\(style)\">"), "\(html)")
    }

    @Test func paddingThenBackgroundColoursThePaddingAndTheOtherOrderDoesNot() throws {
        let paddedFirst = try card(
            #"{"type":"text","text":"x","modifiers":[{"type":"padding","edges":"all","length":8},{"type":"background","style":"red"}]}"#
        )
        #expect(
            paddedFirst.contains(
                "<span class=\"t\" style=\"padding-top:8px;padding-right:8px;padding-bottom:8px;padding-left:8px;background:var(--red)\">x</span>"
            ))
        let backgroundFirst = try card(
            #"{"type":"text","text":"x","modifiers":[{"type":"background","style":"red"},{"type":"padding","edges":"horizontal","length":8}]}"#
        )
        #expect(
            backgroundFirst.contains(
                "<div class=\"m\" style=\"padding-left:8px;padding-right:8px\"><span class=\"t\" style=\"background:var(--red)\">x</span></div>"
            ))
    }

    @Test func everyModifierOfTheVocabularyIsShown() throws {
        let view = """
            {"type":"vstack","modifiers":[{"type":"containerBackground","style":"#102030"}],"children":[
              {"type":"text","text":"t","modifiers":[
                {"type":"font","style":"headline"},{"type":"fontWeight","weight":"black"},
                {"type":"foregroundStyle","style":"secondary"},{"type":"strikethrough","isActive":true},
                {"type":"lineLimit","limit":2},{"type":"contentTransition","transition":"numericText"},
                {"type":"invalidatableContent"},{"type":"widgetAccentable"},
                {"type":"frame","width":100,"maxHeight":"infinity","alignment":"leading"},
                {"type":"opacity","value":0.5}]},
              {"type":"text","text":"u","modifiers":[{"type":"font","size":12.5},{"type":"font","style":"largeTitle"}]}]}
            """
        let html = try card(view)
        #expect(html.contains("style=\"width:364px;height:170px;background:#102030\""))
        #expect(
            html.contains(
                "<span class=\"t\" data-content-transition=\"numericText\" data-invalidatable=\"\" data-accentable=\"\" style=\"font-size:17px;font-weight:600;color:var(--secondary);text-decoration:line-through;--lines:2\">t</span>"
            ))
        // fontWeight after font: the first weight (the font's) wins, as the innermost does in SwiftUI.
        #expect(!html.contains("font-weight:900"))
        #expect(
            html.contains(
                "display:flex;justify-content:flex-start;align-items:center;width:100px;flex-shrink:0"))
        #expect(html.contains("style=\"opacity:0.5"))
        #expect(html.contains("<span class=\"t\" style=\"font-size:12.5px\">u</span>"))
    }

    @Test func theSDKsShapesLevelsAndEdgeSetsAreDrawn() throws {
        let html = try card(
            #"{"type":"text","text":"x","modifiers":[{"type":"padding","edges":["top","leading"],"length":4},{"type":"background","style":"blue.secondary","shape":"capsule"},{"type":"foregroundStyle","style":"white","opacity":0.5},{"type":"cornerRadius","radius":6}]}"#
        )
        #expect(
            html.contains(
                "padding-top:4px;padding-left:4px;background:color-mix(in srgb,var(--blue) 60.0%,transparent);border-radius:9999px;color:color-mix(in srgb,#FFFFFF 50.0%,transparent)"
            ))
        #expect(html.contains("<div class=\"m\" style=\"border-radius:6px;overflow:hidden\">"))
    }

    @Test func theSeedsControlStylesEffectsAndAnimationsAreDrawn() throws {
        let html = try card(
            #"{"type":"vstack","modifiers":[{"type":"buttonStyle","style":"borderedProminent"},{"type":"toggleStyle","style":"button"},{"type":"labelsHidden"}],"children":[{"type":"text","text":"x","modifiers":[{"type":"scaleEffect","scale":1.5},{"type":"shadow","color":"black","opacity":0.5,"radius":3,"x":0,"y":2},{"type":"animation","curve":"spring","duration":0.3},{"type":"buttonStyle","style":"<script>"}]}]}"#
        )
        #expect(
            html.contains(
                "<div class=\"v\" data-button-style=\"borderedProminent\" data-toggle-style=\"button\" data-labels-hidden=\"\""
            ))
        #expect(
            html.contains(
                "<span class=\"t\" data-animation=\"spring\" style=\"transform:scale(1.5);filter:drop-shadow(0px 2px 3px color-mix(in srgb,#000000 50.0%,transparent))\">x</span>"
            ))
        #expect(!html.contains("script"))
        let page = renderer.page(cards: html, live: nil)
        #expect(page.contains("[data-toggle-style=button] .switch"))
    }

    @Test func aProgressViewIsABarOfItsValue() throws {
        let html = try card(
            #"{"type":"progress","value":0.25,"children":[{"type":"text","text":"Upload"}]}"#)
        #expect(
            html.contains(
                "<div class=\"progress\" role=\"progressbar\" aria-valuenow=\"25.0\" style=\"align-self:stretch\"><span class=\"t\">Upload</span><div class=\"bar\"><div style=\"width:25.0%\"></div></div></div>"
            ))
    }

    @Test func aStyleThatIsNoColourAddsNoCSS() throws {
        let html = try card(
            ##"{"type":"text","text":"x","modifiers":[{"type":"foregroundStyle","style":"red;background:url(http://evil)"},{"type":"background","style":"#12345G"},{"type":"padding","length":"1px;x"}]}"##
        )
        #expect(!html.contains("evil"))
        #expect(!html.contains("#12345G"))
        #expect(!html.contains("color:"))
        #expect(html.contains("padding-top:16px"))
    }

    @Test func symbolsAreSVGOrTheBundlesFallbackOrANamedSquare() throws {
        let html = try card(
            #"{"type":"hstack","children":[{"type":"image","systemName":"checkmark.circle.fill"},{"type":"image","systemName":"star"},{"type":"image","systemName":"gauge"}]}"#
        )
        #expect(html.contains("<span class=\"i\" role=\"img\" aria-label=\"checkmark.circle.fill\"><svg"))
        #expect(html.contains("<span class=\"i\" role=\"img\" aria-label=\"star\">★</span>"))
        #expect(
            html.contains(
                "<span class=\"i unknown\" role=\"img\" aria-label=\"gauge\" title=\"gauge\"></span>"))
    }

    @Test func aFailedWidgetShowsItsError() {
        let html = renderer.card(
            id: "broken", kind: "K", family: .systemSmall,
            outcome: .failure(WidgetFailure(code: .widgetProviderFailed, message: "the provider <threw>")))
        #expect(html.contains("<div class=\"card failed\" data-widget-id=\"broken\""))
        #expect(html.contains("<span class=\"message\">the provider &lt;threw&gt;</span>"))
        #expect(html.contains("<code class=\"code\">widget.provider-failed</code>"))
    }

    @Test func thePageIsSelfContainedAndFollowsTheColourScheme() throws {
        let page = renderer.page(cards: try card(#"{"type":"text","text":"x"}"#), live: nil)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("@media (prefers-color-scheme:dark)"))
        #expect(!page.contains("<script"))
        for external in ["src=", "href=\"http", "url(", "@import"] { #expect(!page.contains(external)) }
        let live = renderer.page(cards: "", live: ("abc123", "n0nce"))
        #expect(live.contains("<meta name=\"widgethost-token\" content=\"abc123\">"))
        #expect(live.contains("<script nonce=\"n0nce\">"))
        #expect(live.contains("new EventSource('/events')"))
    }
}
