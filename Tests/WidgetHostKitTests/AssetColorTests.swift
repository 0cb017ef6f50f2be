import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

/// What the AssetCatalogs build plugin generates for a catalog, written out: found by the SDK from
/// its conformance record, as a widget extension's is.
private enum TestCatalog: AssetCatalog {
    static let colors: [String: AssetColor] = [
        "Brand": AssetColor(light: "#112233", dark: "#AABBCC"),
        "Mist": AssetColor(light: "#EEEEEE", opacity: 0.5),
        "Same": AssetColor(light: "#010203", dark: "#010203"),
    ]
}

@Suite struct AssetColorTests {
    @Test func aCatalogsColourIsDrawnInEachSchemesAppearance() {
        #expect(Color("Brand").styleMembers == [.init("style", .string("#112233/#AABBCC"))])
        #expect(Color(ColorResource(name: "Brand")) == Color("Brand"))
        #expect(UIColor(named: "Brand")?.name == "#112233/#AABBCC")
        #expect(UIColor(resource: ColorResource(name: "Mist")).alpha == 0.5)
        #expect(
            Color("Mist").styleMembers == [
                .init("style", .string("#EEEEEE")), .init("opacity", .double(0.5)),
            ])
        // One appearance for both schemes is one colour.
        #expect(Color("Same").name == "#010203")
    }

    @Test func aColourNoCatalogHasIsTheAccentColourAsBefore() {
        #expect(Color("Nowhere") == Color.accentColor)
        #expect(Color(ColorResource(name: "Nowhere", bundle: .main)) == Color.accentColor)
        // No catalog of this process has an `AccentColor`: the accent is the system's.
        #expect(Color.accentColor == Color(name: "accentColor"))
        #expect(UIColor.tintColor.name == "accentColor")
    }

    @Test func anImageResourceIsTheCatalogsImageByName() {
        #expect(Image(ImageResource(name: "avatar")).makeNodes() == Image("avatar").makeNodes())
        #expect(Image(ImageResource(name: "avatar")).makeNodes() != Image("other").makeNodes())
    }
}
