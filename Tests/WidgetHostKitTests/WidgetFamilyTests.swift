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
        (WidgetFamily.systemSmall, 158.0, 158.0, false),
        (.systemMedium, 338, 158, false),
        (.systemLarge, 338, 354, false),
        (.systemExtraLarge, 715, 354, false),
        (.accessoryCircular, 72, 72, true),
        (.accessoryRectangular, 160, 72, true),
        (.accessoryInline, 234, 26, true),
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
                == #"{"width":160.0,"height":72.0}"#
        )
    }
}
