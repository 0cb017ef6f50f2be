import Diagnostics
import Foundation
import PluginProtocol
import Testing
import WidgetEngine
import WidgetHost
import WidgetHostKit

@testable import Rendering

/// The HTML page of `run --format html` and `serve`: cards of the family's size, each element at
/// the frame the layout engine computed (so what the page shows is the geometry), modifiers in
/// order, text always text.
@Suite struct HTMLPageRendererTests {
    let renderer = HTMLPageRenderer(symbols: ["star": "★"])

    func card(_ view: String, family: WidgetFamily = .systemMedium, id: String = "w") throws -> String {
        renderer.card(id: id, kind: "K", family: family, outcome: .success(try JSONValue(parsing: view)))
    }

    /// The frame (`left`, `top`, `width`, `height`, relative to its parent's) of the element whose
    /// content starts with `text`.
    func frame(of text: String, in html: String) throws -> [Double] {
        let end = try #require(html.range(of: "\">" + text)).lowerBound
        let start = try #require(html[..<end].range(of: "style=\"", options: .backwards)).upperBound
        let match = try #require(
            html[start..<end].prefixMatch(
                of: /left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px;height:([\d.]+)px/)
        )
        return [match.output.1, match.output.2, match.output.3, match.output.4].compactMap { Double($0) }
    }

    /// The frames of the elements whose style holds `marker` (a colour), in order.
    func frames(marked marker: String, in html: String) -> [[Double]] {
        html.matches(
            of: /style="left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px;height:([\d.]+)px([^"]*)"/
        )
        .filter { $0.output.5.contains(marker) }
        .map { [$0.output.1, $0.output.2, $0.output.3, $0.output.4].compactMap { Double($0) } }
    }

    @Test(arguments: [
        (WidgetFamily.systemSmall, 170, 170, 22), (.systemMedium, 364, 170, 22), (.systemLarge, 364, 382, 22),
        (.systemExtraLarge, 768, 382, 22), (.accessoryCircular, 76, 76, 38),
        (.accessoryRectangular, 172, 76, 8),
        (.accessoryInline, 257, 26, 0),
    ])
    func aCardIsItsFamilysSizeInPoints(family: WidgetFamily, width: Int, height: Int, radius: Int) throws {
        let html = try card(#"{"type":"text","text":"Hi"}"#, family: family)
        #expect(
            html.contains(
                "data-widget-id=\"w\" data-kind=\"K\" data-family=\"\(family.rawValue)\" style=\"width:\(width)px;height:\(height)px;border-radius:\(radius)px;--b:"
            ))
        #expect(html.contains("<figcaption><span class=\"id\">w</span> · <span class=\"kind\">K</span> · "))
        // The text is inside the card, at the centre the layout gave it.
        let text = try frame(of: "Hi", in: html)
        #expect(abs(text[0] + text[2] / 2 - Double(width) / 2) < 0.02)
        #expect(text[1] >= 0 && text[1] + text[3] <= Double(height))
    }

    /// A drawn view's card is laid out from the view as it is, not from its JSON first: for every
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
            modifier(.offset, ["x": .int(2)]), modifier(.rotationEffect, ["degrees": .int(90)]),
            modifier(.animation, ["curve": .string("spring")]),
            modifier(.disabled), modifier(.ignored, ["api": .string("privacySensitive()")]),
            modifier(.fixedSize, ["vertical": .bool(false)]), modifier(.layoutPriority, ["value": .int(1)]),
            modifier(.minimumScaleFactor, ["factor": .double(0.5)]),
            modifier(.overlay, ["view": ViewNode(type: .image, systemName: "star").json]),
            modifier(.contentMarginsDisabled), modifier(.tint, ["style": .string("orange")]),
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
            // Seven texts: the date, the zstack's label, the progress view's label, "alone" (whose
            // children its JSON does not have), and the three controls' labels.
            #expect(
                drawn.components(separatedBy: "class=\"n t ").count == 8, "a text's children are not drawn")
            #expect(drawn.contains("data-widget-url=\"widget://tab/1\""))
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
                "<button class=\"n control toggle\" data-control=\"2\" data-intent=\"B\" type=\"button\" role=\"switch\" aria-checked=\"true\" style="
            ))
        #expect(html.contains("<a class=\"n control link\" data-control=\"3\" href=\"app://x\" style="))
        // Each control's label is inside it: the element of "three" is the link's child.
        #expect(html.contains("href=\"app://x\" style=\"left:"))
        #expect(try frame(of: "three", in: html)[0...1] == [0, 0])
        let parsed = try JSONValue(parsing: view)
        #expect(try ViewNode(json: parsed).controls.count == 3)
    }

    @Test func aLinkThatWouldRunScriptHasNoHref() throws {
        let html = try card(#"{"type":"link","url":"javascript:alert(1)","children":[]}"#)
        #expect(html.contains("data-control=\"1\""))
        #expect(!html.contains("href="))
        // It has no label of its own: its URL names it, as text.
        #expect(
            html.contains("<a class=\"n control link\" data-control=\"1\" aria-label=\"javascript:alert(1)\"")
        )
    }

    @Test func aSpacerPushesItsNeighboursApartAndTheRowFillsItsColumn() throws {
        let html = try card(
            #"{"type":"vstack","children":[{"type":"hstack","children":[{"type":"text","text":"a"},{"type":"spacer"},{"type":"text","text":"b"}]},{"type":"text","text":"c"}]}"#
        )
        // The row holds a spacer: it takes the content's width (364 less the margins), "a" at
        // its start and "b" at its end.
        let a = try frame(of: "a", in: html)
        let b = try frame(of: "b", in: html)
        #expect(a[0] == 0)
        #expect(abs(b[0] + b[2] - 332) < 0.02)
        #expect(html.contains("style=\"left:0px;top:0px;width:332px;height:22px\""))
    }

    @Test func stackSpacingAndAlignmentAreKept() throws {
        let html = try card(
            #"{"type":"vstack","spacing":4,"alignment":"leading","children":[{"type":"text","text":"a"},{"type":"text","text":"wider"}]}"#
        )
        #expect(try frame(of: "a", in: html)[0...1] == [0, 0])
        #expect(try frame(of: "wider", in: html)[0...1] == [0, 26])
    }

    /// A vstack's alignment places its children across it (leading ... trailing).
    @Test(arguments: [
        ("leading", 0.0), ("center", 0.5), ("trailing", 1.0),
    ])
    func aStacksAlignmentPlacesItsChildrenAcross(_ alignment: String, _ share: Double) throws {
        let node = ViewNode(
            type: .vstack,
            children: [ViewNode(type: .text, text: "a"), ViewNode(type: .text, text: "a much wider line")],
            alignment: alignment, spacing: 12)
        let html = renderer.card(WidgetResult.drawing(node, id: "w", family: .systemMedium))
        let narrow = try frame(of: "a</span>", in: html)
        let wide = try frame(of: "a much wider line", in: html)
        #expect(abs(narrow[0] - (wide[2] - narrow[2]) * share) < 0.02, "\(alignment): \(narrow) in \(wide)")
        #expect(narrow[1] == 0 && wide[1] == narrow[3] + 12)
    }

    @Test func paddingThenBackgroundColoursThePaddingAndTheOtherOrderDoesNot() throws {
        let paddedFirst = try card(
            #"{"type":"text","text":"x","modifiers":[{"type":"padding","edges":"all","length":8},{"type":"background","style":"red"}]}"#
        )
        let text = try frame(of: "x", in: paddedFirst)
        #expect(text[0...1] == [8, 8])
        let red = frames(marked: "--b:#FF3B30;--bd:#FF453A", in: paddedFirst)
        #expect(red.count == 1 && red.first?[2] == text[2] + 16 && red.first?[3] == text[3] + 16)
        let backgroundFirst = try card(
            #"{"type":"text","text":"x","modifiers":[{"type":"background","style":"red"},{"type":"padding","edges":"horizontal","length":8}]}"#
        )
        let inner = try frame(of: "x", in: backgroundFirst)
        let fill = frames(marked: "--b:#FF3B30", in: backgroundFirst)
        #expect(fill.count == 1 && fill.first?[0] == 8 && fill.first?[2] == inner[2])
    }

    @Test func theModifiersOfATextReachItsElement() throws {
        let view = """
            {"type":"vstack","modifiers":[{"type":"containerBackground","style":"#102030"}],"children":[
              {"type":"text","text":"t","modifiers":[
                {"type":"font","style":"headline"},{"type":"foregroundStyle","style":"secondary"},
                {"type":"strikethrough","isActive":true},{"type":"lineLimit","limit":2},
                {"type":"frame","width":100,"alignment":"leading"},
                {"type":"opacity","value":0.5}]},
              {"type":"text","text":"u","modifiers":[{"type":"font","size":12.5}]}]}
            """
        let html = try card(view)
        // The container background is the card's, in both schemes.
        #expect(html.contains("border-radius:22px;--b:#102030;--bd:#102030\""))
        let style = try #require(
            html.firstMatch(of: #/<span class="n t ff fs" style="([^"]*)">t<\/span>/#)?.output.1)
        #expect(style.contains(";font-size:17px;font-weight:600;line-height:22px"))
        #expect(style.contains(";--f:#3C3C43C2;--fd:#EBEBF599"), "secondary, light and dark")
        #expect(style.contains(";text-decoration:line-through;--s:#3C3C43C2;--sd:#EBEBF599"))
        // The frame of width 100 with its opacity, the text at its leading edge.
        #expect(html.contains("width:100px;height:22px;opacity:0.5\""))
        #expect(try frame(of: "t", in: html)[0] == 0)
        #expect(html.contains("font-size:12.5px;line-height:16px"))
    }

    @Test func aScaleEffectIsACSSScaleAboutTheNodesCentre() throws {
        let html = try card(
            #"{"type":"text","text":"s","modifiers":[{"type":"frame","width":40,"height":40},"#
                + #"{"type":"scaleEffect","scale":0.8}]}"#)
        #expect(html.contains("width:40px;height:40px;transform:scale(0.8)\""), "\(html)")
        #expect(try !card(#"{"type":"text","text":"s"}"#).contains("transform"))
    }

    @Test func aScaleARotationAndAnOffsetAreOneCSSTransform() throws {
        let html = try card(
            #"{"type":"text","text":"s","modifiers":[{"type":"frame","width":40,"height":40},"#
                + #"{"type":"scaleEffect","scale":0.5},{"type":"rotationEffect","degrees":45},"#
                + #"{"type":"offset","x":3,"y":-2}]}"#)
        #expect(
            html.contains("width:40px;height:40px;transform:translate(3px,-2px)rotate(45deg)scale(0.5)\""),
            "\(html)")
        // Moved first, the view is turned with its move: an element of its own turns it.
        let nested = try card(
            #"{"type":"text","text":"s","modifiers":[{"type":"frame","width":40,"height":40},"#
                + #"{"type":"offset","x":3,"y":-2},{"type":"rotationEffect","degrees":45}]}"#)
        let turn = try #require(nested.range(of: "width:40px;height:40px;transform:rotate(45deg)\""))
        let move = try #require(nested.range(of: "width:40px;height:40px;transform:translate(3px,-2px)\""))
        #expect(turn.upperBound < move.lowerBound, "\(nested)")
    }

    @Test func anAnchorIsTheTransformsOriginAndTwoFactorsAScaleAcrossAndDown() throws {
        let html = try card(
            #"{"type":"text","text":"s","modifiers":[{"type":"frame","width":40,"height":40},"#
                + #"{"type":"scaleEffect","x":-1,"y":0.5,"anchorX":0,"anchorY":1}]}"#)
        #expect(
            html.contains("width:40px;height:40px;transform-origin:0% 100%;transform:scale(-1,0.5)\""),
            "\(html)")
    }

    @Test func aShadowIsACSSDropShadowInEachScheme() throws {
        let html = try card(
            #"{"type":"text","text":"s","modifiers":[{"type":"frame","width":40,"height":40},"#
                + #"{"type":"shadow","color":"primary","opacity":0.5,"radius":4,"x":1,"y":2}]}"#)
        #expect(html.contains(#"class="n fh""#), "\(html)")
        #expect(html.contains(";--hx:1px;--hy:2px;--hr:4px;--h:#00000080;--hd:#FFFFFF80"), "\(html)")
    }

    @Test func theSDKsShapesLevelsAndEdgeSetsAreDrawn() throws {
        let html = try card(
            #"{"type":"text","text":"x","modifiers":[{"type":"padding","edges":["top","leading"],"length":4},{"type":"background","style":"blue.secondary","shape":"capsule"},{"type":"foregroundStyle","style":"white","opacity":0.5},{"type":"cornerRadius","radius":6}]}"#
        )
        let text = try frame(of: "x", in: html)
        #expect(text[0...1] == [4, 4])
        let fill = try #require(frames(marked: "--b:#007AFF99;--bd:#0A84FF99", in: html).first)
        #expect(
            html.contains("--b:#007AFF99;--bd:#0A84FF99;border-radius:" + HTMLLayoutWriter.px(fill[2] / 2)))
        #expect(html.contains("--f:#FFFFFF80;--fd:#FFFFFF80"))
        #expect(html.contains(";overflow:hidden;border-radius:6px\""))
    }

    @Test func theSeedsControlStylesAreDrawnAndEffectsAddNothingOfTheirs() throws {
        let html = try card(
            #"{"type":"vstack","modifiers":[{"type":"buttonStyle","style":"borderedProminent"},{"type":"toggleStyle","style":"button"}],"children":[{"type":"button","intent":{"type":"A","parameters":{}},"children":[{"type":"text","text":"Go"}]},{"type":"toggle","isOn":false,"intent":{"type":"B","parameters":{}},"children":[{"type":"text","text":"Focus"}]},{"type":"text","text":"x","modifiers":[{"type":"scaleEffect","scale":1.5},{"type":"shadow","color":"black","opacity":0.5,"radius":3,"x":0,"y":2},{"type":"animation","curve":"spring","duration":0.3},{"type":"buttonStyle","style":"<script>"}]}]}"#
        )
        // A prominent button is filled with the tint, its label white; a toggle of the button
        // style has no switch.
        #expect(html.contains("--f:#FFFFFF;--fd:#FFFFFF\">Go</span>"))
        #expect(!html.contains("class=\"n sw"))
        #expect(!html.contains("script"))
        let hidden = try card(
            #"{"type":"toggle","isOn":true,"intent":{"type":"B","parameters":{}},"modifiers":[{"type":"labelsHidden"}],"children":[{"type":"text","text":"Focus"}]}"#
        )
        #expect(hidden.contains("class=\"n sw fb\"") && !hidden.contains(">Focus<"))
    }

    @Test func aProgressViewIsABarOfItsValue() throws {
        let html = try card(
            #"{"type":"progress","value":0.25,"children":[{"type":"text","text":"Upload"}]}"#)
        #expect(html.contains("role=\"progressbar\" aria-valuenow=\"25\""))
        let bar = try #require(frames(marked: "--b:#78788033", in: html).first)
        let value = try #require(frames(marked: "--f:#007AFF", in: html).first)
        #expect(value[2] == bar[2] / 4)
        #expect(html.firstRange(of: "Upload")!.lowerBound < html.firstRange(of: "progressbar")!.lowerBound)
    }

    @Test func aStyleThatIsNoColourAddsNoCSS() throws {
        let html = try card(
            ##"{"type":"text","text":"x","modifiers":[{"type":"foregroundStyle","style":"red;background:url(http://evil)"},{"type":"background","style":"#12345G"},{"type":"padding","length":"1px;x"}]}"##
        )
        #expect(!html.contains("evil"))
        #expect(!html.contains("#12345G"))
        #expect(html.contains("--f:#000000;--fd:#FFFFFF\">x</span>"), "the label colour, not the style's")
        #expect(try frame(of: "x", in: html)[0...1] == [16, 16], "the default padding")
    }

    @Test func symbolsAreSVGOrTheBundlesFallbackOrANamedSquare() throws {
        let html = try card(
            #"{"type":"hstack","children":[{"type":"image","systemName":"checkmark.circle.fill"},{"type":"image","systemName":"star"},{"type":"image","systemName":"gauge"}]}"#
        )
        #expect(
            html.contains("<span class=\"n i ff\" role=\"img\" aria-label=\"checkmark.circle.fill\" style="))
        #expect(html.contains("aria-hidden=\"true\"><circle"))
        #expect(html.contains("<span class=\"n i ff\" role=\"img\" aria-label=\"star\" style="))
        #expect(html.contains(">★</span>"))
        #expect(
            html.contains(
                "<span class=\"n i ff unknown\" role=\"img\" aria-label=\"gauge\" title=\"gauge\" style="))
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
