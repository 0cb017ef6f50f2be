import Diagnostics
import Layout
import Rendering
import Testing
import WidgetHostKit

/// Widgets laid out by hand, drawn as PNGs and read back pixel by pixel.
@Suite struct PNGRendererTests {
    static let red = RGBA(red: 1, green: 0, blue: 0)
    static let green = RGBA(red: 0, green: 1, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 1)
    static let white = RGBA(red: 1, green: 1, blue: 1)
    static let black = RGBA(red: 0, green: 0, blue: 0)

    /// A widget of `family` whose root fills its size with `background`.
    static func widget(
        _ family: WidgetFamily = .systemSmall, scheme: ColorScheme = .light, background: RGBA? = white,
        _ children: [LayoutNode]
    ) -> WidgetLayout {
        let size = Device.reference.size(of: family)
        var root = LayoutNode(
            type: "widget", frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
            children: children)
        root.background = background
        return WidgetLayout(family: family, colorScheme: scheme, size: size, root: root, warnings: [])
    }

    /// A systemSmall widget on white.
    static func widget(_ children: [LayoutNode]) -> WidgetLayout {
        widget(.systemSmall, children)
    }

    static func node(
        _ type: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
        _ build: (inout LayoutNode) -> Void = { _ in }
    ) -> LayoutNode {
        var node = LayoutNode(type: type, frame: Rect(x: x, y: y, width: width, height: height))
        build(&node)
        return node
    }

    static func text(
        _ lines: [String], _ x: Double, _ y: Double, _ width: Double, font: FontSpec = TextStyles.body,
        _ build: (inout LayoutNode) -> Void = { _ in }
    ) -> LayoutNode {
        // Measured in a font the typesetter takes: the bad-input test sets a bad one afterwards.
        let sane = FontSpec(size: min(max(font.size.isNaN ? 17 : font.size, 1), 100), weight: 400)
        let measured = Typesetter.shared.layout(
            lines.joined(separator: "\n"), font: sane, width: nil, maxLines: 0)
        return node("text", x, y, width, Double(lines.count) * measured.lineHeight) { node in
            node.lines = lines
            node.font = font
            node.lineHeight = measured.lineHeight
            node.ascent = measured.ascent
            node.foreground = black
            build(&node)
        }
    }

    static func draw(_ layout: WidgetLayout, scale: Double = 1) throws -> PNGPicture {
        let png = try PNGRenderer(scale: scale).png(of: layout)
        return try #require(PNGPicture(png))
    }

    /// Whether a pixel is drawn differently from `background` (text's or a symbol's pixels).
    static func isInk(_ pixel: PNGPicture.Pixel, on background: PNGPicture.Pixel) -> Bool {
        !pixel.isClose(to: background, tolerance: 40)
    }

    // MARK: - Size and scale

    @Test(arguments: WidgetFamily.allCases, [1.0, 2.0, 3.0])
    func pictureIsTheFamilysSizeTimesTheScale(family: WidgetFamily, scale: Double) throws {
        let picture = try Self.draw(Self.widget(family, []), scale: scale)
        let size = Device.reference.size(of: family)
        #expect(picture.width == Int(size.width * scale))
        #expect(picture.height == Int(size.height * scale))
    }

    @Test func aFractionalScaleRoundsUpToWholePixels() throws {
        let renderer = try PNGRenderer(scale: 1.1)
        #expect(renderer.pixelSize(of: .systemSmall) == (187, 187))
        #expect(renderer.pixelSize(of: .accessoryInline) == (283, 29))
    }

    @Test(arguments: [0, 0.5, 0.999, 4.01, 10, -2, .nan, .infinity])
    func aScaleOutsideOneToFourIsRefused(scale: Double) {
        #expect {
            _ = try PNGRenderer(scale: scale)
        } throws: { error in
            guard let error = error as? PNGRenderingError else { return false }
            return error.code == .pngInvalidScale && error.message.contains("not between 1 and 4")
        }
    }

    @Test func fileNamesSayTheWidgetFamilyAndDarkScheme() {
        #expect(
            PNGRenderer.fileName(id: "tasks", family: .systemSmall, colorScheme: .light)
                == "tasks.systemSmall.png")
        #expect(
            PNGRenderer.fileName(id: "tasks", family: .systemMedium, colorScheme: .dark)
                == "tasks.systemMedium.dark.png")
    }

    // MARK: - The tile and backgrounds

    @Test func theTileIsTheRootsBackgroundInTheFamilysCornerRadius() throws {
        let picture = try Self.draw(Self.widget(background: Self.red, []), scale: 2)
        #expect(picture.at(points: 85, 85, scale: 2) == .red)
        #expect(picture.at(points: 85, 0.5, scale: 2) == .red)
        #expect(picture.at(points: 0.5, 85, scale: 2) == .red)
        // 22-point corners: the corner pixel and one 5 points in along the diagonal are outside.
        #expect(picture[0, 0] == .clear)
        #expect(picture.at(points: 5, 5, scale: 2) == .clear)
        #expect(picture.at(points: 165, 165, scale: 2) == .clear)
        #expect(picture.at(points: 8, 8, scale: 2) == .red)
    }

    @Test func darkAndLightTilesAreTheirSchemesBackgrounds() throws {
        for scheme in ColorScheme.allCases {
            let background = try #require(Palette.resolve("systemBackground", scheme: scheme))
            let text = Self.text(["Hello"], 16, 16, 138) { $0.foreground = nil }
            let picture = try Self.draw(Self.widget(scheme: scheme, background: background, [text]))
            let tile = picture.at(points: 85, 120)
            #expect(tile == (scheme == .light ? .white : .black))
            // Text that sets no colour is the scheme's label: dark on light, light on dark.
            let inked = picture.pixels(inPoints: (16, 16, 60, 22)).filter { Self.isInk($0, on: tile) }
            #expect(!inked.isEmpty)
            let darkest = inked.map { $0.red + $0.green + $0.blue }
            #expect(scheme == .light ? darkest.min()! < 200 : darkest.max()! > 565)
        }
    }

    /// The lock screen's families on the backdrop the layout gives them, in their shape: a
    /// circle for accessoryCircular, transparent outside it.
    @Test func accessoryFamiliesAreOnTheirBackdropInTheirShape() throws {
        let rectangular = try Self.draw(Self.widget(.accessoryRectangular, background: Self.red, []))
        #expect(rectangular.at(points: 86, 38) == .red)
        let circular = try Self.draw(Self.widget(.accessoryCircular, background: Self.red, []))
        #expect(circular.at(points: 38, 38) == .red)
        #expect(circular.at(points: 1, 1) == .clear)
    }

    @Test func aNodesBackgroundFillsItsShape() throws {
        let rounded = Self.node("background", 20, 20, 100, 100) {
            $0.background = Self.blue
            $0.shape = .roundedRectangle(cornerRadius: 30)
        }
        let circle = Self.node("background", 125, 20, 40, 40) {
            $0.background = Self.green
            $0.shape = .circle
        }
        let picture = try Self.draw(Self.widget([rounded, circle]), scale: 2)
        #expect(picture.at(points: 70, 70, scale: 2) == .blue)
        #expect(picture.at(points: 21, 70, scale: 2) == .blue)
        #expect(picture.at(points: 22, 22, scale: 2) == .white)
        #expect(picture.at(points: 145, 40, scale: 2) == .green)
        #expect(picture.at(points: 127, 22, scale: 2) == .white)
    }

    @Test func aClipShapeClipsItsChildren() throws {
        let fill = Self.node("background", 0, 0, 170, 170) { $0.background = Self.green }
        let clip = Self.node("clipShape", 20, 20, 100, 100) {
            $0.shape = .circle
            $0.children = [fill]
        }
        let picture = try Self.draw(Self.widget([clip]))
        #expect(picture.at(points: 70, 70) == .green)
        #expect(picture.at(points: 23, 23) == .white)
        #expect(picture.at(points: 150, 150) == .white)
    }

    @Test func opacityDrawsTheSubtreeAsOneLayer() throws {
        // Two overlapping black squares at half opacity as one group: one grey, not two layers.
        let first = Self.node("background", 20, 20, 60, 60) { $0.background = Self.black }
        let second = Self.node("background", 50, 50, 60, 60) { $0.background = Self.black }
        let group = Self.node("opacity", 20, 20, 90, 90) {
            $0.children = [first, second]
            $0.opacity = 0.5
        }
        let picture = try Self.draw(Self.widget([group]))
        let overlap = picture.at(points: 65, 65)
        let single = picture.at(points: 30, 30)
        #expect(
            overlap.isClose(to: PNGPicture.Pixel(red: 128, green: 128, blue: 128, alpha: 255), tolerance: 2))
        #expect(single == overlap)
    }

    /// A black `frame` node (`x`, `y`, `width`, `height`) with `effect` applied, drawn alone on
    /// the white small widget.
    static func drawBlack(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ effect: (inout LayoutNode) -> Void
    ) throws -> PNGPicture {
        try draw(
            widget([
                node("frame", x, y, width, height) {
                    $0.background = black
                    effect(&$0)
                }
            ]))
    }

    @Test func aScaleEffectDrawsTheSubtreeScaledAboutItsFramesCentre() throws {
        // A black square of 80 points drawn at half its size: 40 points about the same centre.
        let picture = try Self.drawBlack(20, 20, 80, 80) { $0.scale = Size(width: 0.5, height: 0.5) }
        #expect(picture.at(points: 60, 60) == .black)
        #expect(picture.at(points: 42, 42) == .black)
        // Inside the frame, outside the scaled square: the widget behind.
        #expect(picture.at(points: 38, 38) == .white)
        #expect(picture.at(points: 90, 60) == .white)
        // Mirrored and vanished squares draw without failing: -1 as 1 here, 0 as nothing.
        #expect(
            try Self.drawBlack(20, 20, 80, 80) { $0.scale = Size(width: -1, height: -1) }.at(points: 30, 30)
                == .black)
        #expect(
            try Self.drawBlack(20, 20, 80, 80) { $0.scale = Size(width: 0, height: 0) }.at(points: 60, 60)
                == .white)
    }

    @Test func anOffsetMovesAndARotationTurnsTheSubtreeAboutItsFramesCentre() throws {
        // A black bar 80 by 20 points, moved 30 points right: drawn from 50 to 130.
        let shifted = try Self.drawBlack(20, 60, 80, 20) { $0.offset = Size(width: 30, height: 0) }
        #expect(shifted.at(points: 40, 70) == .white)
        #expect(shifted.at(points: 120, 70) == .black)
        // Turned a quarter about its centre (60, 70): upright, from y 30 to 110.
        let upright = try Self.drawBlack(20, 60, 80, 20) { $0.rotation = 90 }
        #expect(upright.at(points: 60, 35) == .black)
        #expect(upright.at(points: 60, 105) == .black)
        #expect(upright.at(points: 25, 70) == .white)
        #expect(upright.at(points: 95, 70) == .white)
    }

    @Test func aScaleAndARotationAreDrawnAboutTheirAnchor() throws {
        // The 80-point square scaled to half across, about its leading edge: from x 20 to 60.
        let narrowed = try Self.drawBlack(20, 20, 80, 80) {
            $0.scale = Size(width: 0.5, height: 1)
            $0.anchor = UnitPoint(x: 0, y: 0.5)
        }
        #expect(narrowed.at(points: 25, 30) == .black)
        #expect(narrowed.at(points: 55, 95) == .black)
        #expect(narrowed.at(points: 65, 60) == .white)
        // The bar 80 by 20 at (20, 60) turned a quarter, clockwise, about its top leading
        // corner: it hangs down from there, left of it, from y 60 to 140.
        let hanging = try Self.drawBlack(20, 60, 80, 20) {
            $0.rotation = 90
            $0.anchor = UnitPoint(x: 0, y: 0)
        }
        #expect(hanging.at(points: 10, 135) == .black)
        #expect(hanging.at(points: 10, 65) == .black)
        #expect(hanging.at(points: 60, 70) == .white)
        #expect(hanging.at(points: 30, 100) == .white)
    }

    /// Effects nested in effects multiply: a text scaled a hundredfold three times over is past
    /// any glyph FreeType draws, and a subtree scaled by a thousandth three times is nothing to
    /// Cairo; the picture is drawn all the same, without them (the `picture` fuzz target's first
    /// finding: the whole picture failed with `png.drawing-failed`, "error occurred in
    /// libfreetype").
    @Test func effectsNestedPastWhatCanBeDrawnLeaveThePictureDrawn() throws {
        func nested(_ factor: Double, _ inner: LayoutNode) -> LayoutNode {
            var node = inner
            for _ in 0..<3 {
                node = Self.node("scaleEffect", 20, 20, 100, 40) {
                    $0.scale = Size(width: factor, height: factor)
                    $0.children = [node]
                }
            }
            return node
        }
        for factor in [100.0, -100, 0.001] {
            let picture = try Self.draw(
                Self.widget([
                    nested(factor, Self.text(["Huge"], 20, 20, 100)),
                    Self.node("background", 60, 150, 20, 20) {
                        $0.background = Self.black
                    },
                ]), scale: 1)
            #expect(picture.at(points: 70, 160) == .black, "\(factor)")
        }
    }

    /// A text squeezed hundreds of times more one way than the other by nested effects is not
    /// drawn, and the picture is: Cairo failed the whole picture, out of memory, rendering its
    /// glyphs (the `picture` fuzz target's third finding).
    @Test func aTextSqueezedByNestedEffectsLeavesThePictureDrawn() throws {
        let modifiers = [
            #"{"type":"scaleEffect","x":2,"y":-0.5,"anchorX":0,"anchorY":8}"#,
            #"{"type":"shadow","radius":0,"x":21,"y":30.25,"opacity":28}"#,
            #"{"type":"rotationEffect","degrees":8,"anchorX":12.25,"anchorY":0}"#,
            #"{"type":"scaleEffect","scale":0.75}"#,
            #"{"type":"scaleEffect","x":2,"y":-0.5,"anchorX":0.25,"anchorY":-0.25}"#,
            #"{"type":"scaleEffect","x":-31.75,"y":1,"anchorX":-2,"anchorY":-2}"#,
        ]
        func text(_ string: String, _ modifiers: [String]) -> String {
            #"{"type":"text","text":""# + string + #"","modifiers":["# + modifiers.joined(separator: ",")
                + "]}"
        }
        let view =
            #"{"type":"hstack","children":["# + text("Ab", modifiers) + ","
            + text("Cd", modifiers.reversed()) + "]}"
        let layout = LayoutEngine.layout(
            try JSONValue(parsing: view), family: .systemLarge, colorScheme: .dark)
        let picture = try Self.draw(layout)
        #expect(picture.width == 364 && picture.height == 382)
        // Its fourth: a text 229 times as wide and 4 times as tall, glyphs of 3,900 pixels.
        let wide = [
            #"{"type":"scaleEffect","x":30.5,"y":0.5,"anchorX":0,"anchorY":0.5}"#,
            #"{"type":"scaleEffect","scale":30}"#, #"{"type":"offset","x":2,"y":0}"#,
            #"{"type":"scaleEffect","scale":0.25}"#,
        ]
        let stretched = LayoutEngine.layout(
            try JSONValue(parsing: text("Ab", wide)), family: .systemSmall, colorScheme: .dark)
        #expect(try Self.draw(stretched).width == 170)
    }

    /// What is drawn where an effect puts it is drawn even though its frame is outside the
    /// picture: a square laid out to the right of the widget, moved back into it.
    @Test func aSubtreeMovedIntoThePictureIsDrawn() throws {
        let picture = try Self.drawBlack(200, 40, 40, 40) { $0.offset = Size(width: -150, height: 0) }
        #expect(picture.at(points: 70, 60) == .black)
        let text = try Self.draw(
            Self.widget([
                Self.node("offset", 0, 200, 170, 30) {
                    $0.offset = Size(width: 0, height: -150)
                    $0.children = [Self.text(["Moved up"], 10, 200, 150)]
                }
            ]))
        #expect(
            text.pixels(inPoints: (10, 50, 150, 30), scale: 1).contains { $0.red < 100 && $0.alpha == 255 })
    }

    @Test func aShadowIsCastUnderTheSubtreeMovedAndBlurred() throws {
        func square(_ shadow: LayoutShadow) throws -> PNGPicture {
            try Self.drawBlack(60, 60, 40, 40) { $0.shadow = shadow }
        }
        // Unblurred: the square again, 10 points down and right, under it.
        let sharp = try square(LayoutShadow(color: Self.red, radius: 0, x: 10, y: 10))
        #expect(sharp.at(points: 80, 80) == .black)
        #expect(sharp.at(points: 105, 105) == .red)
        #expect(sharp.at(points: 65, 105) == .white)
        #expect(sharp.at(points: 105, 65) == .white)
        // Blurred by 10 points: soft at the shadow's edge, full well inside it, nothing far off.
        let soft = try square(LayoutShadow(color: Self.black, radius: 10, x: 0, y: 20))
        let edge = soft.at(points: 80, 120)
        #expect(edge.red > 40 && edge.red < 215, "\(edge)")
        #expect(soft.at(points: 80, 115).red < edge.red)
        #expect(soft.at(points: 80, 150) == .white)
        // A clear shadow casts nothing, and the square is drawn as without one.
        let clear = try square(
            LayoutShadow(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0), radius: 10, x: 0, y: 20))
        #expect(clear.at(points: 80, 115) == .white)
        #expect(clear.at(points: 80, 80) == .black)
    }

    // MARK: - Text

    @Test func textIsDrawnInsideItsFrameAndNowhereElse() throws {
        let text = Self.text(["Hello, world"], 16, 20, 138)
        let picture = try Self.draw(Self.widget([text]), scale: 2)
        let frame = text.frame
        let inside = picture.pixels(inPoints: (frame.x, frame.y, frame.width, frame.height), scale: 2)
        #expect(inside.contains { $0.red < 60 && $0.alpha == 255 })
        // Away from the tile's rounded corners, whose edge is partly transparent.
        let below = picture.pixels(inPoints: (0, frame.maxY + 1, 170, 100), scale: 2)
        #expect(below.allSatisfy { $0 == .white })
        let above = picture.pixels(inPoints: (frame.x, 1, frame.width, frame.y - 2), scale: 2)
        #expect(above.allSatisfy { $0 == .white })
        let width = Typesetter.shared.width(of: "Hello, world", font: TextStyles.body)
        let right = picture.pixels(
            inPoints: (frame.x + width + 1, frame.y, 150 - frame.x - width, frame.height), scale: 2)
        #expect(right.allSatisfy { $0 == .white })
    }

    @Test(arguments: [("leading", 0.0), ("center", 0.5), ("trailing", 1.0)])
    func textIsPlacedByItsAlignment(alignment: String, fraction: Double) throws {
        let text = Self.text(["Hi"], 10, 20, 150) { $0.textAlignment = alignment }
        let picture = try Self.draw(Self.widget([text]))
        let width = Typesetter.shared.width(of: "Hi", font: TextStyles.body)
        let left = 10 + (150 - width) * fraction
        let ink = { (x: Double, w: Double) in
            picture.pixels(inPoints: (x, 20, w, 22)).contains { Self.isInk($0, on: .white) }
        }
        #expect(ink(left, width))
        #expect(!ink(0, left - 1))
        #expect(!ink(left + width + 1, 170 - left - width - 1))
    }

    @Test func eachLineIsDrawnOneLineHeightBelowTheLast() throws {
        let text = Self.text(["First", "Second", "Third"], 16, 20, 138)
        let picture = try Self.draw(Self.widget([text]))
        let lineHeight = try #require(text.lineHeight)
        for index in 0..<3 {
            let top = 20 + Double(index) * lineHeight
            #expect(
                picture.pixels(inPoints: (16, top, 138, lineHeight)).contains { Self.isInk($0, on: .white) })
        }
    }

    @Test func struckThroughTextHasALineAcrossItInItsColour() throws {
        let text = Self.text(["Done task"], 16, 20, 138) {
            $0.foreground = RGBA(red: 0.5, green: 0.5, blue: 0.5)
            $0.strikethrough = Self.red
        }
        let picture = try Self.draw(Self.widget([text]), scale: 2)
        let ascent = try #require(text.ascent)
        // The line crosses the text's middle: red pixels over most of its width, above the baseline.
        let band = picture.pixels(inPoints: (16, 20 + ascent * 0.4, 60, ascent * 0.5), scale: 2)
        #expect(band.filter { $0.red > 200 && $0.green < 60 }.count > 60)
        let plain = Self.text(["Done task"], 16, 20, 138)
        let unstruck = try Self.draw(Self.widget([plain]), scale: 2)
        #expect(
            !unstruck.pixels(inPoints: (16, 20, 138, 22), scale: 2).contains { $0.red > 200 && $0.green < 60 }
        )
    }

    @Test(arguments: [
        ("Thai", "สวัสดีครับ"), ("Korean", "안녕하세요"), ("Japanese", "こんにちは世界"), ("emoji", "🎉✅"),
    ])
    func everyScriptIsDrawnWithItsFont(script: String, line: String) throws {
        let text = Self.text([line], 16, 20, 138)
        let picture = try Self.draw(Self.widget([text]), scale: 2)
        let inked = picture.pixels(inPoints: (16, 20, 138, 22), scale: 2).filter {
            Self.isInk($0, on: .white)
        }
        #expect(inked.count > 40, "\(script)")
        if script == "emoji" {
            // Colour glyphs keep their colours.
            #expect(inked.contains { $0.chroma > 100 })
        }
    }

    // MARK: - Symbols

    @Test func aSymbolIsDrawnInItsColourWithItsCutOutsInTheColourBehindIt() throws {
        let symbol = Self.node("image", 20, 20, 48, 48) {
            $0.systemName = "checkmark.circle.fill"
            $0.foreground = Self.green
        }
        // A row's background is the `background` node around its content.
        let row = Self.node("background", 0, 0, 170, 100) {
            $0.background = Self.blue
            $0.children = [symbol]
        }
        let picture = try Self.draw(Self.widget([row]), scale: 2)
        // 48 points over 24 units: 2 points a unit. The disc's top, inside it.
        #expect(picture.at(points: 20 + 24, 20 + 6, scale: 2) == .green)
        // Outside the disc (the frame's corner): the row behind.
        #expect(picture.at(points: 21, 21, scale: 2) == .blue)
        // On the check's stroke (its corner at 10.2, 15.7): the row's colour, not the widget's.
        #expect(picture.at(points: 20 + 10.2 * 2, 20 + 15.5 * 2, scale: 2).isClose(to: .blue, tolerance: 30))
    }

    @Test func aTranslucentSymbolIsDrawnAtItsAlpha() throws {
        let symbol = Self.node("image", 20, 20, 48, 48) {
            $0.systemName = "moon.fill"
            $0.foreground = Self.black.opacity(0.5)
        }
        let picture = try Self.draw(Self.widget([symbol]), scale: 2)
        // Inside the moon's body (its left part): half black over white.
        let pixel = picture.at(points: 20 + 5 * 2, 20 + 12 * 2, scale: 2)
        #expect(
            pixel.isClose(to: PNGPicture.Pixel(red: 128, green: 128, blue: 128, alpha: 255), tolerance: 3))
    }

    @Test func aSymbolTheTableLacksIsARoundedSquaresOutline() throws {
        let symbol = Self.node("image", 20, 20, 48, 48) {
            $0.systemName = "no.such.symbol"
            $0.foreground = Self.red
        }
        let picture = try Self.draw(Self.widget([symbol]), scale: 2)
        // The outline runs 3 units in (6 points): its left side at x 26, halfway down.
        #expect(picture.at(points: 26, 44, scale: 2) == .red)
        #expect(picture.at(points: 44, 44, scale: 2) == .white)
    }

    // MARK: - Controls

    @Test(arguments: [true, false])
    func aSwitchShowsItsStateByItsKnobAndTrack(isOn: Bool) throws {
        let control = Self.node("switch", 60, 60, 51, 31) {
            $0.isOn = isOn
            $0.foreground = Self.green
        }
        let picture = try Self.draw(Self.widget(background: Self.blue, [control]), scale: 2)
        let knobLeft = picture.at(points: 60 + 15.5, 75.5, scale: 2)
        let knobRight = picture.at(points: 60 + 35.5, 75.5, scale: 2)
        #expect((isOn ? knobRight : knobLeft) == .white)
        let track = isOn ? knobLeft : knobRight
        if isOn {
            #expect(track == .green)
        } else {
            // A light grey over the blue tile: neither the knob nor the tile.
            #expect(track != .white && track != .blue && track.alpha == 255)
        }
    }

    @Test func aProgressBarFillsItsValuesPartInItsTint() throws {
        let bar = Self.node("progress", 10, 100, 150, 4) {
            $0.value = 0.5
            $0.foreground = Self.blue
        }
        let picture = try Self.draw(Self.widget([bar]), scale: 2)
        #expect(picture.at(points: 45, 102, scale: 2) == .blue)
        let track = picture.at(points: 120, 102, scale: 2)
        #expect(track != .blue && track != .white && track.blue == 255)
        #expect(picture.at(points: 120, 96, scale: 2) == .white)
    }

    @Test func aSquareProgressViewIsARing() throws {
        let ring = Self.node("progress", 50, 50, 40, 40) {
            $0.value = 0.25
            $0.foreground = Self.red
        }
        let picture = try Self.draw(Self.widget([ring]), scale: 2)
        // The first quarter (from the top, clockwise) in the tint, the rest of the ring lighter.
        let ringWidth = 40 * 0.12
        let edge = 50 + 40 - ringWidth / 2
        #expect(picture.at(points: edge, 70, scale: 2).isClose(to: .red, tolerance: 10))
        let left = picture.at(points: 50 + ringWidth / 2, 70, scale: 2)
        #expect(left != .white && !left.isClose(to: .red, tolerance: 10))
        #expect(picture.at(points: 70, 70, scale: 2) == .white)
    }

    @Test func aProgressViewWithoutAValueIsASpinner() throws {
        let spinner = Self.node("progress", 50, 50, 30, 30) { $0.foreground = Self.black }
        let picture = try Self.draw(Self.widget([spinner]), scale: 2)
        // The top spoke, darkest; the centre, empty.
        #expect(picture.at(points: 65, 53, scale: 2).isClose(to: .black, tolerance: 30))
        #expect(picture.at(points: 65, 65, scale: 2) == .white)
    }

    // MARK: - Bad input

    @Test func badFramesFontsAndColoursDrawWithoutCrashingInsideThePicture() throws {
        let nan = Double.nan
        let huge = 1e300
        var children: [LayoutNode] = [
            Self.node("background", nan, nan, nan, nan) { $0.background = Self.red },
            Self.node("background", -huge, -huge, huge * 2, huge * 2) {
                $0.background = RGBA(red: nan, green: 2, blue: -1, alpha: 0.5)
                $0.shape = .roundedRectangle(cornerRadius: .infinity)
            },
            Self.node("background", .infinity, -.infinity, .infinity, -5) { $0.background = Self.blue },
            Self.text(["Huge"], 0, 0, 170, font: FontSpec(size: 1e9, weight: 10_000)),
            Self.text(["NaN"], nan, nan, nan, font: FontSpec(size: nan, weight: -3)) {
                $0.lineHeight = nan
                $0.ascent = .infinity
            },
            Self.node("progress", 0, 0, huge, 4) { $0.value = nan },
            Self.node("progress", 0, 0, 20, 20) { $0.value = -huge },
            Self.node("switch", nan, 0, -51, 31) { $0.isOn = true },
            Self.node("image", 0, 0, huge, huge) { $0.systemName = "circle" },
            Self.node("clipShape", 0, 0, nan, 10) {
                $0.shape = .capsule
                $0.opacity = nan
            },
            // Effects with numbers no view gives: drawn bounded, or not at all.
            Self.node("background", 10, 10, 50, 50) {
                $0.background = Self.black
                $0.shadow = LayoutShadow(color: Self.black, radius: huge, x: nan, y: -huge)
                $0.scale = Size(width: .infinity, height: nan)
                $0.anchor = UnitPoint(x: nan, y: -huge)
                $0.rotation = nan
                $0.offset = Size(width: huge, height: nan)
            },
            Self.node("background", nan, 0, huge, huge) {
                $0.background = Self.red
                $0.shadow = LayoutShadow(
                    color: RGBA(red: nan, green: 0, blue: 0, alpha: 2), radius: nan, x: 1, y: 1)
                $0.rotation = 1e300
                $0.scale = Size(width: -1e-300, height: 50)
            },
        ]
        // A tree deeper than any view: drawn to a depth, without exhausting the stack.
        var deep = Self.node("background", 10, 10, 10, 10) { $0.background = Self.green }
        for _ in 0..<3_000 { deep = Self.node("padding", 0, 0, 170, 170) { $0.children = [deep] } }
        children.append(deep)
        for scale in [1.0, 4.0] {
            let picture = try Self.draw(Self.widget(.systemMedium, children), scale: scale)
            #expect(picture.width == Int(364 * scale) && picture.height == Int(170 * scale))
        }
    }

    @Test func aLayoutLargerThanItsFamilyIsDrawnAtTheFamilysSize() throws {
        var layout = Self.widget([])
        layout.size = Size(width: 1e7, height: 1e7)
        layout.root.frame = Rect(x: 0, y: 0, width: 1e7, height: 1e7)
        let picture = try Self.draw(layout, scale: 3)
        #expect(picture.width == 510 && picture.height == 510)
    }
}
