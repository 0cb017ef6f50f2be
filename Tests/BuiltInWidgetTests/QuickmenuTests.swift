import Foundation
import Testing
import WidgetHostKit

@testable import Quickmenu

@Suite struct QuickmenuTests {
    static let itemsJSON = """
        [{"title":"Home","url":"widgetquickmenu://Home","tabIndex":0},\
        {"title":"Balance","url":"widgetquickmenu://Balance","tabIndex":1},\
        {"title":"Transfer","url":"widgetquickmenu://Transfer","tabIndex":2},\
        {"title":"Scan","url":"widgetquickmenu://Scan","tabIndex":3}]
        """

    @Test(arguments: [WidgetRequest.Mode.placeholder, .snapshot, .timeline])
    func entryIsTheFourMenuLinks(_ mode: WidgetRequest.Mode) async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(Quickmenu().body, mode: mode)
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries.first?.data.description == #"{"items":\#(Self.itemsJSON)}"#)
        #expect(timeline.entries.first?.date == Fixtures.now)
        #expect(timeline.policy == .never)
    }

    @Test func viewIsATitleOverARowOfLinks() async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(Quickmenu().body)
        let view = try #require(timeline.entries.first?.view)
        func link(_ tab: String, _ symbol: String) -> String {
            #"{"type":"link","url":"widgetquickmenu://\#(tab)","children":[{"type":"vstack","children":["#
                + #"{"type":"image","systemName":"\#(symbol)"},{"type":"text","text":"\#(tab)"}]}]}"#
        }
        #expect(
            view.json.description
                == #"{"type":"vstack","children":[{"type":"text","text":"Quick Menu"},{"type":"spacer"},"#
                + #"{"type":"hstack","children":["#
                + [
                    link("Home", "house.fill"), link("Balance", "creditcard.fill"),
                    link("Transfer", "arrow.left.arrow.right"), link("Scan", "qrcode.viewfinder"),
                ].joined(separator: ",")
                + "]}]}"
        )
        #expect(view.controls.map(\.url) == TabName.allCases.map { "widgetquickmenu://\($0.rawValue)" })
    }

    @Test func everyLinkResolvesToItsTab() throws {
        let items = QuickmenuEntry(date: Fixtures.now).items
        for item in items {
            let resolved = try DeeplinkCoordinator().resolve(item.url)
            #expect(resolved.tab.rawValue == item.title)
            #expect(resolved.tabIndex == item.tabIndex)
        }
    }

    @Test func metadataAndBundle() {
        let configuration = Quickmenu().body
        #expect(configuration.metadata.kind == "Quickmenu")
        #expect(configuration.metadata.displayName == "Quickmenu")
        #expect(configuration.metadata.supportedFamilies.first == .systemMedium)
        #expect(!configuration.isConfigurable)
        #expect(QuickmenuBundle().widgets.map(\.metadata.kind) == ["Quickmenu"])
        #expect(QuickmenuBundle().intents.isEmpty)
    }
}
