import JSON
import Testing
import WidgetHostKit

@Suite struct WidgetFamilyTests {
    @Test func allSevenFamiliesInOrder() {
        #expect(
            WidgetFamily.allCases.map(\.rawValue) == [
                "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge",
                "accessoryCircular", "accessoryRectangular", "accessoryInline",
            ]
        )
    }

    @Test(arguments: [
        (WidgetFamily.systemSmall, 170.0, 170.0, false),
        (.systemMedium, 364, 170, false),
        (.systemLarge, 364, 382, false),
        (.systemExtraLarge, 768, 382, false),
        (.accessoryCircular, 76, 76, true),
        (.accessoryRectangular, 172, 76, true),
        (.accessoryInline, 257, 26, true),
    ])
    func displaySizeAndAccessory(
        _ family: WidgetFamily, _ width: Double, _ height: Double, _ isAccessory: Bool
    ) {
        #expect(family.displaySize.width == width)
        #expect(family.displaySize.height == height)
        #expect(family.isAccessory == isAccessory)
    }

    @Test func familiesEncodeAsTheirNames() throws {
        #expect(try JSONValueEncoder().encode(WidgetFamily.accessoryInline) == .string("accessoryInline"))
        #expect(
            try JSONValueEncoder().encode(WidgetFamily.accessoryRectangular.displaySize).description
                == #"{"width":172.0,"height":76.0}"#
        )
    }
}
