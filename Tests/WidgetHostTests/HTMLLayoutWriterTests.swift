import Foundation
import Layout
import Testing
import WidgetEngine
import WidgetHostKit

@testable import Rendering

/// The page drawn from a layout built by hand: every node an element at its frame relative to its
/// parent's, colours in both schemes, controls numbered as the layout numbers them, and nothing a
/// view says in a style.
@Suite struct HTMLLayoutWriterTests {
    let renderer = HTMLPageRenderer(symbols: ["star": "★"])

    /// A text node at `frame` in `foreground`.
    static func text(
        _ lines: [String], _ frame: Rect, foreground: RGBA = RGBA(red: 0, green: 0, blue: 0)
    ) -> LayoutNode {
        var node = LayoutNode(type: "text", frame: frame)
        node.lines = lines
        node.font = FontSpec(size: 15, weight: 600)
        node.lineHeight = 20
        node.foreground = foreground
        return node
    }

    /// A medium widget holding `children`, its background white (dark: `#1C1C1E`).
    static func widget(_ children: [LayoutNode], background: RGBA? = RGBA(red: 1, green: 1, blue: 1))
        -> LayoutNode
    {
        var root = LayoutNode(
            type: "widget", frame: Rect(x: 0, y: 0, width: 364, height: 170), children: children)
        root.background = background
        return root
    }

    /// `tree` with every colour replaced by its dark counterpart as `dark` gives it.
    static func recoloured(_ node: LayoutNode, _ dark: (RGBA) -> RGBA) -> LayoutNode {
        var node = node
        node.foreground = node.foreground.map(dark)
        node.background = node.background.map(dark)
        node.strikethrough = node.strikethrough.map(dark)
        node.children = node.children.map { recoloured($0, dark) }
        return node
    }

    /// The inverse of a colour: what the tests use as a tree's dark colours.
    static func inverted(_ colour: RGBA) -> RGBA {
        RGBA(red: 1 - colour.red, green: 1 - colour.green, blue: 1 - colour.blue, alpha: colour.alpha)
    }

    func card(
        _ light: LayoutNode, dark: LayoutNode? = nil, controls: [HTMLControl] = [],
        renderer: HTMLPageRenderer? = nil
    ) -> String {
        // The dark tree's colours, depth first, as the layout engine pairs them with the light.
        let darkColours = (dark ?? Self.recoloured(light, Self.inverted)).allNodes.map {
            LayoutColours(
                foreground: $0.foreground, background: $0.background, strikethrough: $0.strikethrough)
        }
        let drawing = HTMLPageRenderer.Drawing(
            light: light, dark: darkColours, controls: controls, widgetURL: nil)
        return (renderer ?? self.renderer).card(
            id: "w", kind: "K", family: .systemMedium, drawn: .success(drawing), reloadRequested: false,
            revision: nil)
    }

    /// The `style` of the first element whose content starts with `text`.
    func style(before text: String, in html: String) throws -> String {
        let end = try #require(html.range(of: "\">" + text)).lowerBound
        let start = try #require(html[..<end].range(of: "style=\"", options: .backwards)).upperBound
        return String(html[start..<end])
    }

    @Test func aTextsElementIsAtItsFrameRelativeToItsParent() throws {
        let title = Self.text(["Prepare the standup"], Rect(x: 26.5, y: 40, width: 300.25, height: 20))
        let row = LayoutNode(
            type: "hstack", frame: Rect(x: 16, y: 30, width: 332, height: 40), children: [title])
        let html = card(Self.widget([row]))
        #expect(html.contains("style=\"left:16px;top:30px;width:332px;height:40px\""))
        let style = try style(before: "Prepare the standup", in: html)
        #expect(style.hasPrefix("left:10.5px;top:10px;width:300.25px;height:20px;"), "\(style)")
        #expect(style.contains(";font-size:15px;font-weight:600;line-height:20px"))
        #expect(html.contains("<span class=\"n t ff\""))
    }

    @Test func aTextsLinesAreItsLinesWithNoWrappingByTheBrowser() throws {
        var text = Self.text(["Finish the Q3", "roadmap sl…"], Rect(x: 16, y: 16, width: 100, height: 40))
        text.textAlignment = "trailing"
        text.strikethrough = RGBA(red: 1, green: 0, blue: 0)
        let html = card(Self.widget([text]))
        #expect(html.contains(">Finish the Q3\nroadmap sl…</span>"))
        let style = try style(before: "Finish the Q3", in: html)
        #expect(style.contains(";text-align:right"))
        #expect(style.contains(";text-decoration:line-through;--s:#FF0000;--sd:#00FFFF"))
        #expect(html.contains("<span class=\"n t ff fs\""))
        #expect(HTMLPageRenderer.stylesheet.contains(".t{white-space:pre;"))
    }

    /// Colours are written twice, light and dark, and the stylesheet picks by the browser's scheme.
    @Test func bothSchemesColoursArePresentAndTheStylesheetChoosesByMediaQuery() throws {
        var badge = LayoutNode(type: "background", frame: Rect(x: 300, y: 16, width: 48, height: 22))
        badge.background = RGBA(red: 1, green: 0.584, blue: 0)
        badge.shape = .capsule
        let title = Self.text(["Tasks"], Rect(x: 16, y: 16, width: 40, height: 20))
        var dark = Self.recoloured(Self.widget([title, badge]), Self.inverted)
        dark.background = RGBA(red: 0.11, green: 0.11, blue: 0.118)
        let html = card(Self.widget([title, badge]), dark: dark)
        #expect(html.contains("border-radius:22px;--b:#FFFFFF;--bd:#1C1C1E\">"), "the card's own colours")
        let style = try style(before: "Tasks", in: html)
        #expect(style.hasSuffix(";--f:#000000;--fd:#FFFFFF"))
        // A capsule's radius is half its height.
        #expect(
            html.contains(
                "left:300px;top:16px;width:48px;height:22px;--b:#FF9500;--bd:#006AFF;border-radius:11px"))
        let css = HTMLPageRenderer.stylesheet
        #expect(css.contains(".fb{background:var(--b)}.ff{color:var(--f)}"))
        #expect(
            css.contains("@media (prefers-color-scheme:dark){:root:not(.light) .card{background:var(--bd,"))
        #expect(
            css.contains(":root:not(.light) .fb{background:var(--bd)}:root:not(.light) .ff{color:var(--fd)}"))
    }

    @Test func aRendererOfOneSchemeSaysSoAndDrawsThatSchemesColours() throws {
        let dark = HTMLPageRenderer(colorScheme: .dark)
        #expect(
            dark.page(cards: "", live: nil).hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" class=\"dark\">"))
        #expect(dark.page(cards: "", live: nil).contains("<meta name=\"color-scheme\" content=\"dark\">"))
        let both = HTMLPageRenderer()
        #expect(both.page(cards: "", live: nil).hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head>"))
        #expect(
            HTMLPageRenderer.stylesheet.contains(":root.dark{color-scheme:dark;--page:#000000;--card:#1C1C1E")
        )
    }

    @Test func aClipShapeClipsAndABackgroundFillsItsShape() throws {
        var clip = LayoutNode(type: "clipShape", frame: Rect(x: 16, y: 16, width: 100, height: 40))
        clip.shape = .roundedRectangle(cornerRadius: 8)
        clip.children = [Self.text(["Clipped"], Rect(x: 16, y: 16, width: 140, height: 20))]
        var faded = LayoutNode(type: "background", frame: Rect(x: 16, y: 60, width: 30, height: 10))
        faded.background = RGBA(red: 0, green: 0, blue: 1, alpha: 0.5)
        faded.shape = .roundedRectangle(cornerRadius: 20)
        faded.opacity = 0.25
        let html = card(Self.widget([clip, faded]))
        #expect(
            html.contains(
                "style=\"left:16px;top:16px;width:100px;height:40px;overflow:hidden;border-radius:8px\""))
        // The radius is bounded by half the shorter side; the alpha is kept, the opacity applied.
        #expect(html.contains("--b:#0000FF80;--bd:#FFFF0080;border-radius:5px;opacity:0.25\""))
    }

    @Test func controlsCarryTheirNumberIntentAndRoleAndADisabledOneIsMarked() throws {
        var button = LayoutNode(type: "button", frame: Rect(x: 16, y: 16, width: 332, height: 32))
        button.control = 1
        button.background = RGBA(red: 1, green: 1, blue: 1, alpha: 0.5)
        button.children = [Self.text(["Water the plants"], Rect(x: 26, y: 22, width: 120, height: 20))]
        var toggle = LayoutNode(type: "toggle", frame: Rect(x: 16, y: 60, width: 332, height: 31))
        toggle.control = 2
        toggle.isOn = true
        var link = LayoutNode(type: "link", frame: Rect(x: 16, y: 100, width: 50, height: 20))
        link.control = 3
        let controls = [
            HTMLControl(intentType: "ToggleTaskIntent", url: nil, isDisabled: false),
            HTMLControl(intentType: "FocusIntent", url: nil, isDisabled: true),
            HTMLControl(intentType: nil, url: "javascript:alert(1)", isDisabled: false),
        ]
        let html = card(Self.widget([button, toggle, link]), controls: controls)
        #expect(
            html.contains(
                "<button class=\"n fb control button\" data-control=\"1\" data-intent=\"ToggleTaskIntent\" type=\"button\" style=\"left:16px;top:16px;width:332px;height:32px;--b:#FFFFFF80"
            ))
        // Its label is inside it, relative to it.
        #expect(html.contains("style=\"left:10px;top:6px;width:120px;height:20px;"))
        #expect(
            html.contains(
                "<button class=\"n control toggle\" data-control=\"2\" data-intent=\"FocusIntent\" type=\"button\" role=\"switch\" aria-checked=\"true\" data-disabled=\"\" aria-label=\"FocusIntent\""
            ))
        // A link whose URL would run script has no href; its URL names it, as text.
        #expect(
            html.contains(
                "<a class=\"n control link\" data-control=\"3\" aria-label=\"javascript:alert(1)\" style="))
        #expect(!html.contains("href="))
        #expect(HTMLPageRenderer.stylesheet.contains("[data-disabled]{opacity:.5;pointer-events:none}"))
    }

    @Test func aSwitchIsATrackInItsTintWithAKnobAtItsEnd() throws {
        func switchNode(_ isOn: Bool) -> LayoutNode {
            var node = LayoutNode(type: "switch", frame: Rect(x: 297, y: 16, width: 51, height: 31))
            node.isOn = isOn
            node.foreground = RGBA(red: 0.204, green: 0.78, blue: 0.349)
            return node
        }
        let on = card(Self.widget([switchNode(true)]))
        #expect(
            on.contains("class=\"n sw fb\" style=\"left:297px;top:16px;width:51px;height:31px;--b:#34C759;"))
        #expect(on.contains("<i class=\"k\" style=\"left:22px;top:2px;width:27px;height:27px\"></i>"))
        let off = card(Self.widget([switchNode(false)]))
        #expect(off.contains("--b:#78788033;"), "off: the fill colour, not the tint")
        #expect(off.contains("<i class=\"k\" style=\"left:2px;top:2px;width:27px;height:27px\"></i>"))
    }

    @Test func aProgressViewIsABarWhenWideAndARingOtherwise() throws {
        var bar = LayoutNode(type: "progress", frame: Rect(x: 16, y: 16, width: 200, height: 24))
        bar.value = 0.25
        bar.children = [Self.text(["Upload"], Rect(x: 16, y: 16, width: 50, height: 16))]
        let html = card(Self.widget([bar]))
        #expect(html.contains("role=\"progressbar\" aria-valuenow=\"25\""))
        #expect(html.contains("<div class=\"n bar fb\" style=\"left:0px;top:20px;width:200px;height:4px;"))
        #expect(html.contains("<div class=\"n ff\" style=\"left:0px;top:0px;width:50px;height:4px;"))
        #expect(html.firstRange(of: "Upload")!.lowerBound < html.firstRange(of: "class=\"n bar")!.lowerBound)
        var ring = LayoutNode(type: "progress", frame: Rect(x: 0, y: 0, width: 76, height: 76))
        ring.value = 0.5
        let circular = card(Self.widget([ring]))
        #expect(circular.contains("<svg class=\"n ring ff\" viewBox=\"0 0 76 76\""))
        #expect(circular.contains("stroke-dasharray=\"50 100\""))
        var waiting = ring
        waiting.value = nil
        #expect(!card(Self.widget([waiting])).contains("aria-valuenow"))
    }

    @Test func symbolsAreSVGOrTheBundlesFallbackOrANamedSquareAtTheirFrames() throws {
        func image(_ name: String, x: Double) -> LayoutNode {
            var node = LayoutNode(type: "image", frame: Rect(x: x, y: 16, width: 20, height: 20))
            node.systemName = name
            node.foreground = RGBA(red: 0, green: 0.478, blue: 1)
            return node
        }
        let html = card(
            Self.widget([
                image("checkmark.circle.fill", x: 16), image("star", x: 40), image("gauge\"<", x: 64),
            ]))
        #expect(
            html.contains(
                "<span class=\"n i ff\" role=\"img\" aria-label=\"checkmark.circle.fill\" style=\"left:16px;top:16px;width:20px;height:20px;--f:#007AFF;--fd:#FF8500\"><svg viewBox=\"0 0 24 24\" aria-hidden=\"true\">"
            ))
        #expect(
            html.contains(
                "aria-label=\"star\" style=\"left:40px;top:16px;width:20px;height:20px;--f:#007AFF;--fd:#FF8500;font-size:16px;line-height:20px\">★</span>"
            ))
        #expect(
            html.contains(
                "class=\"n i ff unknown\" role=\"img\" aria-label=\"gauge&quot;&lt;\" title=\"gauge&quot;&lt;\""
            ))
    }

    /// Whatever a view's text, symbol names or intents hold, the page's styles are numbers,
    /// colours and the writer's own words: a text that tries to close the style is text.
    @Test func noStyleCarriesTextFromAView() throws {
        let hostile = "\"};</style><script>alert(1)</script>"
        var text = Self.text([hostile, "x;color:red"], Rect(x: 16, y: 16, width: 200, height: 40))
        text.textAlignment = hostile
        var image = LayoutNode(type: "image", frame: Rect(x: 16, y: 60, width: 20, height: 20))
        image.systemName = hostile
        var button = LayoutNode(type: "button", frame: Rect(x: 16, y: 90, width: 100, height: 30))
        button.control = 1
        let html = card(
            Self.widget([text, image, button]),
            controls: [HTMLControl(intentType: hostile, url: hostile, isDisabled: false)])
        #expect(!html.contains("<script>") && !html.contains("</style>"))
        #expect(
            html.contains("&quot;};&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;\nx;color:red</span>"))
        let declaration =
            /[a-z-]+:(-?[0-9.]+(px)?|#[0-9A-F]{6}([0-9A-F]{2})?|[a-z-]+|currentColor)/
        for match in html.matches(of: /style="([^"]*)"/) {
            for part in match.output.1.split(separator: ";") {
                #expect(
                    (try? declaration.wholeMatch(in: String(part))) != nil, "a style holds \(part)")
            }
        }
    }

    @Test func pointsAreWrittenAsNumbersNeverExponentsOrNaN() {
        #expect(HTMLLayoutWriter.px(12) == "12px")
        #expect(HTMLLayoutWriter.px(0.004) == "0px")
        #expect(HTMLLayoutWriter.px(-3.456) == "-3.46px")
        #expect(HTMLLayoutWriter.px(1.05) == "1.05px")
        #expect(HTMLLayoutWriter.px(1e300) == "1000000px")
        #expect(HTMLLayoutWriter.px(.nan) == "0px")
        #expect(HTMLLayoutWriter.number(0.125, decimals: 3) == "0.125")
    }

    /// Numbers are rounded halves away from zero, as `Double.rounded()` rounds them, at every
    /// scale the page writes (the writer rounds without calling the C library).
    @Test func numbersAreRoundedAsDoubleRoundsThem() {
        var values: [Double] = [
            0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.005, 0.015, -0.005, 0.0049999999999999, 999_999.995,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            values.append(Double.random(in: -2000...2000, using: &generator))
            // A hundredth and a half: the halves each scale rounds.
            values.append(Double(Int.random(in: -200_000...200_000, using: &generator)) / 100 + 0.005)
        }
        for value in values {
            for decimals in 1...3 {
                var scale = 1.0
                for _ in 0..<decimals { scale *= 10 }
                let scaled = Int((min(max(value, -1e6), 1e6) * scale).rounded())
                var expected = String(scaled.magnitude / UInt(scale))
                var fraction = String(scaled.magnitude % UInt(scale))
                fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
                while fraction.hasSuffix("0") { fraction.removeLast() }
                if !fraction.isEmpty { expected += "." + fraction }
                if scaled < 0 { expected = "-" + expected }
                #expect(HTMLLayoutWriter.number(value, decimals: decimals) == expected, "\(value)")
            }
        }
    }

    /// The writer's colours are the layout JSON's (`RGBA.description`), written without its
    /// intermediate strings.
    @Test func coloursAreWrittenAsTheLayoutWritesThem() {
        let values = [0, 0.001, 0.2, 0.5, 0.584, 0.999, 1, -0.5, 1.5]
        for red in values {
            for alpha in [1, 0.5, 0, 0.18, 2] {
                let colour = RGBA(red: red, green: 1 - red, blue: red / 2, alpha: alpha)
                var written = ""
                HTMLLayoutWriter.hex(colour, to: &written)
                #expect(written == colour.description)
            }
        }
    }
}
