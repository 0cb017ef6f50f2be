import Testing
import WidgetHostKit

@Suite struct TimelineProviderContextTests {
    @Test(arguments: WidgetFamily.allCases, [false, true])
    func contextTakesTheSizeOfItsFamily(_ family: WidgetFamily, _ isPreview: Bool) {
        let context = Fixtures.context(family, isPreview: isPreview)
        #expect(context.family == family)
        #expect(context.isPreview == isPreview)
        #expect(context.displaySize == family.displaySize)
        #expect(context.date == Fixtures.now)
    }

    @Test func contextCarriesTheContainerItIsGiven() {
        let container = Fixtures.container()
        #expect(Fixtures.context(container: container).container === container)
    }
}
