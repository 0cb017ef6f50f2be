import Layout
import Testing

/// The typesetter on its own, as a caller other than the engine uses it.
@Suite struct TypesetterTests {
    /// A font Pango cannot take (a size that is not a number, negative, or past the largest) is
    /// measured, and drawn, at the nearest it takes, and so is an out-of-range weight: the same
    /// answer as that font's, finite, never Pango's assertion.
    @Test(arguments: [
        (FontSpec(size: .nan, weight: 400), FontSpec(size: 0.5, weight: 400)),
        (FontSpec(size: -3, weight: 400), FontSpec(size: 0.5, weight: 400)),
        (FontSpec(size: .infinity, weight: 400), FontSpec(size: FontSpec.maximumSize, weight: 400)),
        (FontSpec(size: 17, weight: 5_000), FontSpec(size: 17, weight: 900)),
        (FontSpec(size: 17, weight: -1), FontSpec(size: 17, weight: 100)),
    ])
    func aFontPangoCannotTakeIsMeasuredAtTheNearestItCan(given: FontSpec, taken: FontSpec) {
        #expect(given.drawable == taken)
        let measured = Typesetter.shared.layout("Finish the Q3 roadmap", font: given, width: 200, maxLines: 0)
        let expected = Typesetter.shared.layout("Finish the Q3 roadmap", font: taken, width: 200, maxLines: 0)
        #expect(measured == expected)
        #expect(measured.width.isFinite && measured.lineHeight.isFinite && measured.ascent.isFinite)
    }

    @Test func aFontItTakesIsMeasuredAsGiven() {
        let font = FontSpec(size: 15, weight: 600)
        #expect(font.drawable == font)
    }
}
