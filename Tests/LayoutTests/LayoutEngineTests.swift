import JSON
import Layout
import Testing
import WidgetHostKit

/// The layout engine on views written as their JSON: SwiftUI's stack, frame, padding and text
/// rules, measured with the real fonts.
@Suite struct LayoutEngineTests {
    /// `json` (a view's JSON text) laid out as a widget of `family`.
    static func layout(
        _ json: String, family: WidgetFamily = .systemMedium, scheme: ColorScheme = .light,
        marginsDisabled: Bool = false
    ) throws -> WidgetLayout {
        let view = try JSONValue(parsing: json)
        return LayoutEngine.layout(
            view, family: family, colorScheme: scheme, contentMarginsDisabled: marginsDisabled)
    }

    /// The nodes of `type` in the layout, depth first.
    static func nodes(_ type: String, in layout: WidgetLayout) -> [LayoutNode] {
        layout.root.allNodes.filter { $0.type == type }
    }

    @Test func theContentSitsInsideTheFamilysMarginsAndAStackWithASpacerFillsThem() throws {
        let layout = try Self.layout(
            #"{"type": "hstack", "children": [{"type": "text", "text": "Tasks"}, {"type": "spacer"}, {"type": "text", "text": "3"}]}"#
        )
        #expect(layout.size == Size(width: 364, height: 170))
        #expect(layout.root.frame == Rect(x: 0, y: 0, width: 364, height: 170))
        let stack = try #require(Self.nodes("hstack", in: layout).first)
        // 16 points of margin each side; the spacer makes the stack take the whole width.
        #expect(stack.frame.x == 16)
        #expect(stack.frame.width == 332)
        let texts = Self.nodes("text", in: layout)
        #expect(texts.map(\.text) == ["Tasks", "3"])
        #expect(texts[0].frame.x == 16)
        #expect(abs(texts[1].frame.maxX - 348) < 0.01)
        #expect(texts.allSatisfy { $0.truncated == false && $0.lines?.count == 1 })
        // Text is centred on the stack's cross axis: 22 points of body text in 170 - 32.
        #expect(texts[0].frame.height == 22)
        #expect(texts[0].frame.y == 16 + (138 - 22) / 2)
    }

    @Test func aTitleBesideASpacerTakesTheRoomItNeedsAndIsCutWithAnEllipsisOnlyWhenItDoesNotFit() throws {
        func row(_ title: String) throws -> LayoutNode {
            let layout = try Self.layout(
                #"{"type": "hstack", "spacing": 12, "children": [{"type": "image", "systemName": "circle"}, "#
                    + #"{"type": "text", "text": "\#(title)", "modifiers": [{"type": "lineLimit", "limit": 1}]}, "#
                    + #"{"type": "spacer"}, {"type": "image", "systemName": "star"}]}"#)
            return try #require(Self.nodes("text", in: layout).first)
        }
        let short = try row("Buy milk")
        #expect(short.truncated == false)
        #expect(short.text == "Buy milk")
        let long = try row(String(repeating: "Prepare the standup notes ", count: 4))
        #expect(long.truncated == true)
        #expect(long.text?.hasSuffix("…") == true)
        #expect(long.lines?.count == 1)
        // Cut only where the row ends: the row is 332 wide, two 20-point symbols, 3 spacings of
        // 12 and the spacer's 8 points leave the title at least 240 points.
        #expect(long.frame.width > 240)
        #expect(long.frame.maxX <= 348 - 20 - 12 - 8 + 0.01)
    }

    @Test func twoLongTextsShareTheRowEvenlyAsSwiftUIsStacksDo() throws {
        let text = String(repeating: "word ", count: 40)
        let layout = try Self.layout(
            #"{"type": "hstack", "spacing": 0, "children": [{"type": "text", "text": "\#(text)", "modifiers": [{"type": "lineLimit", "limit": 1}]}, "#
                + #"{"type": "text", "text": "\#(text)", "modifiers": [{"type": "lineLimit", "limit": 1}]}]}"#
        )
        let texts = Self.nodes("text", in: layout)
        #expect(texts.count == 2)
        #expect(abs(texts[0].frame.width - 166) < 1)
        #expect(abs(texts[1].frame.width - 166) < 1)
        #expect(!texts[0].frame.overlaps(texts[1].frame))
    }

    @Test func layoutPriorityGivesAViewItsRoomFirst() throws {
        let text = String(repeating: "word ", count: 40)
        let layout = try Self.layout(
            #"{"type": "hstack", "spacing": 0, "children": [{"type": "text", "text": "Priority", "modifiers": [{"type": "layoutPriority", "value": 1}]}, "#
                + #"{"type": "text", "text": "\#(text)", "modifiers": [{"type": "lineLimit", "limit": 1}]}]}"#
        )
        let texts = Self.nodes("text", in: layout)
        #expect(texts[0].truncated == false)
        #expect(texts[0].text == "Priority")
        #expect(texts[1].truncated == true)
    }

    @Test func aLongTextWrapsAtWordBoundariesWithinItsWidth() throws {
        let words = "The quick brown fox jumps over the lazy dog and keeps running through the field"
        let layout = try Self.layout(
            #"{"type": "text", "text": "\#(words)", "modifiers": [{"type": "frame", "width": 120}]}"#,
            family: .systemLarge)
        let text = try #require(Self.nodes("text", in: layout).first)
        let lines = try #require(text.lines)
        #expect(lines.count > 2)
        #expect(text.truncated == false)
        #expect(text.frame.width <= 120.01)
        // Every break is between words: the lines joined by spaces are the text.
        #expect(lines.joined(separator: " ") == words)
        #expect(text.frame.height == Double(lines.count) * 22)
    }

    @Test func thaiWrapsBetweenWordsThoughItHasNoSpaces() throws {
        let words = ["ทบทวน", "รายงาน", "ประจำ", "สัปดาห์", "ก่อน", "ประชุม", "ทีม"]
        let layout = try Self.layout(
            #"{"type": "text", "text": "\#(words.joined())", "modifiers": [{"type": "frame", "width": 110}]}"#,
            family: .systemLarge)
        let lines = try #require(Self.nodes("text", in: layout).first?.lines)
        #expect(lines.count > 1)
        #expect(lines.joined() == words.joined())
        // Each line ends where a word ends.
        var boundaries: Set<Int> = []
        var offset = 0
        for word in words {
            offset += word.unicodeScalars.count
            boundaries.insert(offset)
        }
        var end = 0
        for line in lines.dropLast() {
            end += line.unicodeScalars.count
            #expect(boundaries.contains(end), "a line ends inside a word: \(line)")
        }
    }

    @Test func aLineLimitAndAShortHeightCutTheTextWithAnEllipsis() throws {
        let words = String(repeating: "many words here ", count: 20)
        let limited = try Self.layout(
            #"{"type": "text", "text": "\#(words)", "modifiers": [{"type": "lineLimit", "limit": 2}]}"#)
        let text = try #require(Self.nodes("text", in: limited).first)
        #expect(text.lines?.count == 2)
        #expect(text.truncated == true)
        #expect(text.lines?.last?.hasSuffix("…") == true)
        // Without a limit, the widget's height still bounds it: 138 points hold 6 lines of 22.
        let unlimited = try Self.layout(#"{"type": "text", "text": "\#(words)"}"#)
        let bounded = try #require(Self.nodes("text", in: unlimited).first)
        #expect(bounded.lines?.count == 6)
        #expect(bounded.truncated == true)
        #expect(bounded.frame.maxY <= 154.01)
    }

    @Test func minimumScaleFactorShrinksATextUntilItFits() throws {
        let layout = try Self.layout(
            #"{"type": "text", "text": "Balance", "modifiers": [{"type": "font", "size": 20}, {"type": "lineLimit", "limit": 1}, "#
                + #"{"type": "minimumScaleFactor", "factor": 0.5}, {"type": "frame", "width": 50}]}"#)
        let text = try #require(Self.nodes("text", in: layout).first)
        #expect(text.truncated == false)
        #expect(text.text == "Balance")
        let size = try #require(text.font?.size)
        #expect(size < 20)
        #expect(size >= 10)
        #expect(text.frame.width <= 50.01)
    }

    @Test func framesPaddingAndBackgroundsFollowSwiftUIsRules() throws {
        let layout = try Self.layout(
            #"{"type": "vstack", "alignment": "leading", "spacing": 0, "children": ["#
                + #"{"type": "text", "text": "Fixed", "modifiers": [{"type": "frame", "width": 100, "height": 40, "alignment": "topLeading"}]},"#
                + #"{"type": "text", "text": "Wide", "modifiers": [{"type": "frame", "maxWidth": "infinity", "alignment": "trailing"}]},"#
                + #"{"type": "text", "text": "Boxed", "modifiers": [{"type": "padding", "length": 6}, {"type": "background", "style": "red", "shape": "roundedRectangle", "cornerRadius": 8}]}"#
                + "]}")
        let frames = Self.nodes("frame", in: layout)
        #expect(frames.count == 2)
        #expect(frames[0].frame.width == 100)
        #expect(frames[0].frame.height == 40)
        let texts = Self.nodes("text", in: layout)
        // topLeading: the text at the frame's corner.
        #expect(texts[0].frame.x == frames[0].frame.x)
        #expect(texts[0].frame.y == frames[0].frame.y)
        // maxWidth infinity takes the stack's whole width; trailing puts the text at its end.
        #expect(frames[1].frame.width == 332)
        #expect(abs(texts[1].frame.maxX - frames[1].frame.maxX) < 0.01)
        // The background has the padded text's frame, and its colour and shape.
        let background = try #require(Self.nodes("background", in: layout).first)
        let padding = try #require(Self.nodes("padding", in: layout).first)
        #expect(background.frame == padding.frame)
        #expect(padding.frame.width == texts[2].frame.width + 12)
        #expect(background.background?.description == "#FF3B30")
        #expect(background.shape == .roundedRectangle(cornerRadius: 8))
        // A leading vstack: each child starts at the stack's left edge.
        #expect(padding.frame.x == 16)
    }

    /// A text in a 40-point frame carrying `modifiers` (JSON members after the frame's, each with
    /// its leading comma), beside another text: where a drawing effect shows that the frames stay.
    static func framedBeside(_ modifiers: String) -> String {
        #"{"type": "hstack", "spacing": 0, "children": [{"type": "text", "text": "A", "modifiers": ["#
            + #"{"type": "frame", "width": 40, "height": 40}"# + modifiers
            + #"]}, {"type": "text", "text": "B"}]}"#
    }

    /// `scaleEffect` is a drawing effect, as in SwiftUI: the frames, the scaled view's and its
    /// neighbours', are those of the unscaled view; the node carries the factor, twice applied
    /// multiplied, and the layout JSON writes it.
    @Test func aScaleEffectLeavesTheFramesAndIsCarriedForTheDrawing() throws {
        let plain = try Self.layout(Self.framedBeside(""))
        let scaled = try Self.layout(
            Self.framedBeside(
                #", {"type": "scaleEffect", "scale": 0.8}, {"type": "scaleEffect", "scale": 0.5}"#))
        #expect(scaled.root.allNodes.map(\.frame) == plain.root.allNodes.map(\.frame))
        let frame = try #require(Self.nodes("frame", in: scaled).first)
        #expect(frame.scale == Size(width: 0.4, height: 0.4))
        #expect(frame.anchor == nil)
        #expect(Self.nodes("frame", in: plain).first?.scale == nil)
        #expect(frame.json["scale"]?.doubleValue == 0.4)
        #expect(frame.children[0].json["scale"] == nil)
    }

    /// A frame longer than 100,000 points is laid out at 100,000, with a warning: two frames of
    /// 1e308 side by side once made their stack infinitely wide (the `picture` fuzz target's
    /// second finding).
    @Test func aFrameOfAHugeLengthIsLaidOutAtTheLongestAndEveryFrameIsFinite() throws {
        let huge =
            #"{"type": "text", "text": "A", "modifiers": [{"type": "frame", "width": 1e308, "height": 8}]}"#
        let layout = try Self.layout(#"{"type": "hstack", "children": [\#(huge), \#(huge)]}"#)
        for node in layout.root.allNodes {
            let frame = node.frame
            #expect(
                [frame.x, frame.y, frame.width, frame.height].allSatisfy { $0.isFinite },
                "\(node.type): \(frame)"
            )
        }
        #expect(Self.nodes("frame", in: layout).map(\.frame.width) == [100_000, 100_000])
        let warnings = layout.warnings
        #expect(
            warnings.filter { $0.contains("the frame's width ") && $0.hasSuffix(" is laid out as 100000") }
                .count == 2,
            "\(warnings)")
    }

    /// `offset` and `rotationEffect` move and turn what is drawn, not the frames: several add up,
    /// a turn kept within a whole one.
    @Test func anOffsetAndARotationLeaveTheFramesAndAreCarriedForTheDrawing() throws {
        let plain = try Self.layout(Self.framedBeside(""))
        let moved = try Self.layout(
            Self.framedBeside(
                #", {"type": "rotationEffect", "degrees": 300}, {"type": "rotationEffect", "degrees": 90}, "#
                    + #"{"type": "offset", "x": 3, "y": -2}, {"type": "offset", "x": 1}"#
            ))
        #expect(moved.root.allNodes.map(\.frame) == plain.root.allNodes.map(\.frame))
        let frame = try #require(Self.nodes("frame", in: moved).first)
        #expect(frame.offset == Size(width: 4, height: -2))
        #expect(frame.rotation == 30)
        #expect(frame.anchor == nil)
        #expect(frame.json["offset"]?["x"]?.doubleValue == 4)
        #expect(frame.json["rotation"]?.doubleValue == 30)
        #expect(Self.nodes("frame", in: plain).first?.offset == nil)
        #expect(Self.nodes("frame", in: plain).first?.rotation == nil)
    }

    /// `scaleEffect(x:y:anchor:)` and `rotationEffect(_:anchor:)`: the factors across and down,
    /// and the point of the frame they are about, carried and written (`scaleX`, `scaleY`,
    /// `anchor`); one factor and the centre are written as before.
    @Test func aScaleAndARotationCarryTheirAnchorAndFactorsAcrossAndDown() throws {
        let layout = try Self.layout(
            Self.framedBeside(
                #", {"type": "scaleEffect", "x": 2, "y": 0.5, "anchorX": 0, "anchorY": 1}, "#
                    + #"{"type": "scaleEffect", "scale": 0.5, "anchorX": 0, "anchorY": 1}, "#
                    + #"{"type": "rotationEffect", "degrees": 10, "anchorX": 0, "anchorY": 1}"#))
        let frame = try #require(Self.nodes("frame", in: layout).first)
        #expect(frame.scale == Size(width: 1, height: 0.25))
        #expect(frame.rotation == 10)
        #expect(frame.anchor == UnitPoint(x: 0, y: 1))
        #expect(frame.json["scale"] == nil)
        #expect(frame.json["scaleX"]?.doubleValue == 1 && frame.json["scaleY"]?.doubleValue == 0.25)
        #expect(frame.json["anchor"]?["x"]?.doubleValue == 0 && frame.json["anchor"]?["y"]?.doubleValue == 1)
        #expect(layout.root.allNodes.count == 5)
    }

    /// A node is scaled, then turned, then moved, its shadow cast before them: a drawing effect
    /// written where it would apply in another order (an offset before a rotation, a rotation
    /// before a scale, another anchor, a shadow before or after an effect) is a node of its own
    /// around the view, named for the modifier, in the view's frame, as SwiftUI's
    /// `ModifiedContent`.
    @Test func anEffectOutOfANodesOrderIsANodeOfItsOwn() throws {
        func chain(_ modifiers: String) throws -> [LayoutNode] {
            // From the stack's first child, the outermost node of the framed text, to the frame.
            let layout = try Self.layout(Self.framedBeside(modifiers))
            var nodes = [try #require(Self.nodes("hstack", in: layout).first?.children.first)]
            while nodes.last?.type != "frame", let next = nodes.last?.children.first { nodes.append(next) }
            #expect(nodes.allSatisfy { $0.frame == nodes[0].frame })
            return nodes
        }
        // Moved, then turned: the turn takes the move with it.
        let turnedAfter = try chain(
            #", {"type": "offset", "x": 5}, {"type": "rotationEffect", "degrees": 90}"#)
        #expect(turnedAfter.map(\.type) == ["rotationEffect", "frame"])
        #expect(turnedAfter[0].rotation == 90 && turnedAfter[0].offset == nil)
        #expect(turnedAfter[1].offset == Size(width: 5, height: 0) && turnedAfter[1].rotation == nil)
        // Turned, then scaled; scaled about another anchor.
        let scaledAfter = try chain(
            #", {"type": "rotationEffect", "degrees": 45}, {"type": "scaleEffect", "scale": 2}"#)
        #expect(scaledAfter.map(\.type) == ["scaleEffect", "frame"])
        let anchors = try chain(
            #", {"type": "scaleEffect", "scale": 2, "anchorX": 0, "anchorY": 0}, {"type": "scaleEffect", "scale": 2}"#
        )
        #expect(anchors.map(\.type) == ["scaleEffect", "frame"])
        #expect(anchors[0].anchor == nil && anchors[1].anchor == UnitPoint(x: 0, y: 0))
        // A shadow cast by a scaled view, and a shadowed view scaled; two shadows.
        let shadowAfter = try chain(
            #", {"type": "scaleEffect", "scale": 0.5}, {"type": "shadow", "radius": 2}"#)
        #expect(shadowAfter.map(\.type) == ["shadow", "frame"])
        #expect(shadowAfter[0].shadow != nil && shadowAfter[0].scale == nil)
        #expect(shadowAfter[1].shadow == nil && shadowAfter[1].scale == Size(width: 0.5, height: 0.5))
        let scaledShadow = try chain(
            #", {"type": "shadow", "radius": 2}, {"type": "scaleEffect", "scale": 0.5}"#)
        #expect(scaledShadow.map(\.type) == ["scaleEffect", "frame"])
        #expect(scaledShadow[1].shadow != nil)
        let twoShadows = try chain(#", {"type": "shadow", "radius": 2}, {"type": "shadow", "radius": 8}"#)
        #expect(twoShadows.map { $0.shadow?.radius } == [8, 2])
    }

    /// `shadow` leaves the frames too; the node carries its colour (iOS's black at a third when
    /// none is given), radius and offset, and with a second scheme the colour in that one.
    @Test func aShadowLeavesTheFramesAndIsCarriedWithItsColourInEachScheme() throws {
        let view =
            #"{"type": "text", "text": "A", "modifiers": [{"type": "frame", "width": 40, "height": 40},"#
            + #"{"type": "shadow", "color": "primary", "opacity": 0.5, "radius": 4, "x": 1, "y": 2}]}"#
        let light = try Self.layout(view)
        let frame = try #require(Self.nodes("frame", in: light).first)
        #expect(frame.frame.width == 40)
        let shadow = try #require(frame.shadow)
        #expect(shadow.color.description == "#00000080")
        #expect(shadow.radius == 4 && shadow.x == 1 && shadow.y == 2)
        #expect(shadow.pairedColor == nil)
        #expect(frame.json["shadow"]?["color"]?.stringValue == "#00000080")
        let paired = LayoutEngine.layout(
            try JSONValue(parsing: view), family: .systemMedium, colorScheme: .light, pairedWith: .dark)
        let pairedShadow = try #require(paired.layout.root.allNodes.first { $0.type == "frame" }?.shadow)
        #expect(pairedShadow.pairedColor?.description == "#FFFFFF80")
        let plain = try Self.layout(
            #"{"type": "text", "text": "A", "modifiers": [{"type": "shadow", "radius": 3}]}"#)
        #expect(plain.root.allNodes.compactMap(\.shadow).first?.color.description == "#00000054")
    }

    @Test func anOverlayIsPlacedInTheViewItDecoratesByItsAlignment() throws {
        let layout = try Self.layout(
            #"{"type": "text", "text": "Inbox", "modifiers": [{"type": "frame", "width": 120, "height": 60}, "#
                + #"{"type": "overlay", "alignment": "topTrailing", "view": {"type": "image", "systemName": "star"}}]}"#
        )
        let overlay = try #require(Self.nodes("overlay", in: layout).first)
        #expect(overlay.frame.width == 120)
        let star = try #require(Self.nodes("image", in: layout).first)
        #expect(abs(star.frame.maxX - overlay.frame.maxX) < 0.01)
        #expect(star.frame.y == overlay.frame.y)
        // Drawn over the content: after it.
        #expect(overlay.children.map(\.type) == ["frame", "image"])
    }

    @Test func aControlInAnOverlayIsDrawnButNotNumberedAsTapDoesNotReachIt() throws {
        let layout = try Self.layout(
            #"{"type": "vstack", "children": [{"type": "text", "text": "A", "modifiers": [{"type": "overlay", "view": "#
                + #"{"type": "button", "text": "In", "intent": {"type": "X"}}}]}, {"type": "button", "text": "B", "intent": {"type": "Y"}}]}"#
        )
        let buttons = Self.nodes("button", in: layout)
        #expect(buttons.count == 2)
        // The overlay's button is drawn, unnumbered; the view's own button is control 1, as in `tap`.
        #expect(buttons.map(\.control) == [nil, 1])
    }

    @Test func aZStackLayersItsChildrenAlignedInTheLargest() throws {
        let layout = try Self.layout(
            #"{"type": "zstack", "alignment": "bottomLeading", "children": [{"type": "spacer", "modifiers": [{"type": "frame", "width": 80, "height": 80}]}, {"type": "text", "text": "Hi"}]}"#
        )
        let stack = try #require(Self.nodes("zstack", in: layout).first)
        #expect(stack.frame.size == Size(width: 80, height: 80))
        let text = try #require(Self.nodes("text", in: layout).first)
        #expect(text.frame.x == stack.frame.x)
        #expect(text.frame.maxY == stack.frame.maxY)
    }

    /// A toggle drawn by a style of the widget's own (`custom`): what the style drew, tappable, and
    /// no switch.
    @Test func aCustomStyledToggleIsItsBodyWithoutASwitch() throws {
        let layout = try Self.layout(
            #"{"type": "toggle", "isOn": true, "intent": {"type": "T"}, "modifiers": [{"type": "toggleStyle", "style": "custom"}], "#
                + #""children": [{"type": "image", "systemName": "pause.fill"}]}"#)
        let toggle = try #require(layout.root.allNodes.first { $0.type == "toggle" })
        #expect(toggle.control == 1)
        #expect(Self.nodes("switch", in: layout).isEmpty)
        #expect(Self.nodes("image", in: layout).map(\.systemName) == ["pause.fill"])
        #expect(toggle.allNodes.contains { $0.type == "image" })
    }

    /// `.tint(.orange)`: a bordered button's label and fill, a link, a switch and a bar in the tint;
    /// a tint nearer the control wins.
    @Test func aTintColoursTheControlsInside() throws {
        let layout = try Self.layout(
            #"{"type": "vstack", "modifiers": [{"type": "tint", "style": "orange"}], "children": ["#
                + #"{"type": "button", "text": "Add", "intent": {"type": "A"}}, {"type": "link", "url": "x://y", "text": "Open"}, "#
                + #"{"type": "toggle", "isOn": true, "text": "On", "intent": {"type": "T"}}, {"type": "progress", "value": 0.5}, "#
                + #"{"type": "button", "text": "Red", "intent": {"type": "A"}, "modifiers": [{"type": "tint", "style": "red"}]}]}"#
        )
        let orange = try #require(Palette.resolve("orange", scheme: .light))
        let texts = Self.nodes("text", in: layout)
        #expect(texts.map(\.text) == ["Add", "Open", "On", "Red"])
        #expect(
            texts.map(\.foreground)
                == [orange, orange, nil, Palette.resolve("red", scheme: .light)].map {
                    $0 ?? texts[2].foreground
                })
        let fills = layout.root.allNodes.filter { $0.type == "background" }.compactMap(\.background)
        #expect(fills.first == orange.opacity(0.15))
        #expect(Self.nodes("switch", in: layout).first?.foreground == orange)
        #expect(Self.nodes("progress", in: layout).first?.foreground == orange)
    }

    @Test func controlsAreNumberedDepthFirstAndButtonsLookTappable() throws {
        let layout = try Self.layout(
            #"{"type": "vstack", "children": [{"type": "button", "text": "Add", "intent": {"type": "AddIntent"}}, "#
                + #"{"type": "toggle", "isOn": true, "text": "Done", "intent": {"type": "T"}}, {"type": "link", "url": "x://y", "text": "Open"}]}"#
        )
        let controls = layout.root.allNodes.filter { $0.control != nil }
        #expect(controls.map(\.type) == ["button", "toggle", "link"])
        #expect(controls.map(\.control) == [1, 2, 3])
        // A default-style button is a tinted rounded fill with its label in the tint.
        let fill = try #require(controls[0].children.first)
        #expect(fill.type == "background")
        #expect(fill.shape == .roundedRectangle(cornerRadius: 8))
        let label = try #require(Self.nodes("text", in: layout).first)
        #expect(label.text == "Add")
        #expect(label.foreground?.description == "#0040DD")
        #expect(
            try #require(label.foreground).contrast(
                over: try #require(fill.background).over(.init(red: 1, green: 1, blue: 1))) >= 4.5)
        // A toggle draws its switch, on.
        let toggleSwitch = try #require(Self.nodes("switch", in: layout).first)
        #expect(toggleSwitch.isOn == true)
        #expect(toggleSwitch.frame.size == Size(width: 51, height: 31))
    }

    @Test func coloursResolveAsIOSResolvesThemInEachScheme() throws {
        let light = try Self.layout(
            #"{"type": "text", "text": "a", "modifiers": [{"type": "foregroundStyle", "style": "red"}]}"#)
        let dark = try Self.layout(
            #"{"type": "text", "text": "a", "modifiers": [{"type": "foregroundStyle", "style": "red"}]}"#,
            scheme: .dark)
        #expect(Self.nodes("text", in: light).first?.foreground?.description == "#FF3B30")
        #expect(Self.nodes("text", in: dark).first?.foreground?.description == "#FF453A")
        #expect(light.root.background?.description == "#FFFFFF")
        #expect(dark.root.background?.description == "#1C1C1E")
        let plain = try Self.layout(#"{"type": "text", "text": "a"}"#, scheme: .dark)
        #expect(Self.nodes("text", in: plain).first?.foreground?.description == "#FFFFFF")
        #expect(Palette.resolve("secondary", scheme: .light)?.description == "#3C3C43C2")
        #expect(Palette.resolve("red.secondary", scheme: .light)?.description == "#FF3B3099")
        #expect(Palette.resolve("nonsense", scheme: .light) == nil)
        // An asset catalog's colour: light, then dark.
        #expect(Palette.resolve("#112233/#AABBCC", scheme: .light)?.description == "#112233")
        #expect(Palette.resolve("#112233/#AABBCC", scheme: .dark)?.description == "#AABBCC")
        #expect(Palette.resolve("#112233/#AABBCC.secondary", scheme: .dark)?.description == "#AABBCC99")
        // WCAG's figures: black on white is 21:1, and the light scheme's secondary text keeps AA.
        let white = RGBA(red: 1, green: 1, blue: 1)
        #expect(abs(RGBA(red: 0, green: 0, blue: 0).contrast(over: white) - 21) < 0.01)
        #expect(try #require(Palette.resolve("secondary", scheme: .light)).contrast(over: white) >= 4.5)
    }

    @Test func contentMarginsDisabledGivesTheContentTheWholeWidget() throws {
        let view =
            #"{"type": "spacer", "modifiers": [{"type": "frame", "maxWidth": "infinity", "maxHeight": "infinity"}]}"#
        let margins = try Self.layout(view, family: .systemSmall)
        let none = try Self.layout(view, family: .systemSmall, marginsDisabled: true)
        #expect(Self.nodes("frame", in: margins).first?.frame == Rect(x: 16, y: 16, width: 138, height: 138))
        #expect(Self.nodes("frame", in: none).first?.frame == Rect(x: 0, y: 0, width: 170, height: 170))
    }

    @Test func theRootsContentMarginsDisabledModifierIsTheConfigurations() throws {
        let layout = try Self.layout(
            #"{"type": "spacer", "modifiers": [{"type": "frame", "maxWidth": "infinity", "maxHeight": "infinity"}, "#
                + #"{"type": "contentMarginsDisabled"}]}"#, family: .systemSmall)
        #expect(Self.nodes("frame", in: layout).first?.frame == Rect(x: 0, y: 0, width: 170, height: 170))
    }

    @Test func aViewThatCannotBeLaidOutIsLaidOutWithTheNearestValidValuesAndAWarningNamingIt() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let layout = try Self.layout(
            #"{"type": "vstack", "spacing": -5, "children": [{"type": "text", "text": "a", "modifiers": [{"type": "frame", "width": -40}]}, "#
                + #"{"type": "text", "text": "b", "modifiers": [{"type": "font", "size": 100000}]}, {"type": "text", "text": "\#(huge)"}]}"#
        )
        #expect(layout.warnings.contains { $0.hasPrefix("view:") && $0.contains("spacing -5") })
        #expect(
            layout.warnings.contains {
                $0.hasPrefix("view.children[0].modifiers[0]") && $0.contains("width -40")
            })
        #expect(
            layout.warnings.contains { $0.hasPrefix("view.children[1].modifiers[0]") && $0.contains("512") })
        #expect(
            layout.warnings.contains { $0.hasPrefix("view.children[2]") && $0.contains("1000000 characters") }
        )
        // Nothing leaves the widget's size, nothing is negative.
        for node in layout.root.allNodes {
            #expect(node.frame.width >= 0 && node.frame.height >= 0)
            #expect(node.frame.width.isFinite && node.frame.height.isFinite)
        }
    }

    @Test func theSameViewLaidOutTwiceGivesEqualLayouts() throws {
        let view =
            #"{"type": "vstack", "children": [{"type": "text", "text": "Hello"}, {"type": "spacer"}, {"type": "image", "systemName": "star"}]}"#
        let first = try Self.layout(view)
        let second = try Self.layout(view)
        #expect(first == second)
        #expect(try Self.layout(view, scheme: .dark) != first)
    }

    /// A layout placed once with its colours in a second scheme is the layout in the first, and
    /// each node's paired colours are its colours in the second scheme's layout, depth first
    /// (a background view, placed after the content it is under, included).
    @Test func aLayoutPairedWithASchemeHasThatSchemesColoursDepthFirst() throws {
        let json =
            #"{"type": "vstack", "children": [{"type": "text", "text": "Done", "modifiers": [{"type": "strikethrough"}, {"type": "foregroundStyle", "style": "blue"}, "#
            + #"{"type": "background", "view": {"type": "hstack", "children": [{"type": "image", "systemName": "star", "modifiers": [{"type": "foregroundStyle", "style": "orange"}]}]}}, "#
            + #"{"type": "background", "style": "red"}]}, {"type": "toggle", "isOn": true, "text": "On"}, {"type": "progress", "value": 0.5}, "#
            + #"{"type": "text", "text": "Top", "modifiers": [{"type": "overlay", "view": {"type": "text", "text": "!", "modifiers": [{"type": "foregroundStyle", "style": "green"}]}}]}]}"#
        let view = try JSONValue(parsing: json)
        for family in [WidgetFamily.systemMedium, .accessoryRectangular] {
            let paired = LayoutEngine.layout(view, family: family, colorScheme: .light, pairedWith: .dark)
            #expect(paired.layout == LayoutEngine.layout(view, family: family, colorScheme: .light))
            let dark = LayoutEngine.layout(view, family: family, colorScheme: .dark).root.allNodes
            #expect(paired.paired.count == dark.count)
            #expect(
                paired.paired
                    == dark.map {
                        LayoutColours(
                            foreground: $0.foreground, background: $0.background,
                            strikethrough: $0.strikethrough)
                    })
            // The background view is there, before the text it is under; the others too.
            #expect(dark.contains { $0.type == "background" && $0.children.first?.type == "hstack" })
            #expect(dark.contains { $0.strikethrough != nil })
            #expect(dark.contains { $0.type == "switch" } && dark.contains { $0.type == "progress" })
        }
    }
}
