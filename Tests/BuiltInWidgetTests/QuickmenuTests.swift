import Foundation
import JSON
import Testing
@_spi(WidgetHost) import WidgetHostKit

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

    /// The entry's JSON built directly is what `Encodable` gives it, date aside.
    @Test func directJSONIsTheEncodedEntry() throws {
        let entry = QuickmenuEntry(date: Date(timeIntervalSince1970: 1_764_417_600))
        #expect(entry.json == (try JSONValueEncoder().encode(entry)).removing("date"))
        #expect(entry.json.description == #"{"items":\#(Self.itemsJSON)}"#)
    }

    @Test func viewIsATitleOverARowOfLinks() async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(Quickmenu().body)
        let view = try #require(timeline.entries.first?.view)
        let fill = #"{"type":"frame","minWidth":0,"maxWidth":"infinity"}"#
        // A label on a white card is black; a bare one (the small widget's) is the primary colour.
        func label(_ tab: String, _ symbol: String, card: String, colour: String = "black") -> String {
            #"{"type":"vstack","modifiers":[\#(fill)\#(card)],"children":["#
                + #"{"type":"image","systemName":"\#(symbol)","modifiers":[{"type":"foregroundStyle","style":"\#(colour)"},"#
                + #"{"type":"frame","width":25,"height":25}]},"#
                + #"{"type":"text","text":"\#(tab)","modifiers":[{"type":"font","size":8,"weight":"heavy"},"#
                + #"{"type":"foregroundStyle","style":"\#(colour)"},{"type":"lineLimit","limit":1},"#
                + #"{"type":"minimumScaleFactor","factor":0.5}]}]}"#
        }
        let card =
            #",{"type":"padding","edges":"all"},{"type":"background","style":"white"},"#
            + #"{"type":"cornerRadius","radius":8},"#
            + #"{"type":"shadow","color":"black","opacity":0.1,"radius":5,"x":0,"y":0}"#
        func link(_ tab: String, _ symbol: String) -> String {
            #"{"type":"link","url":"widgetquickmenu://\#(tab)","modifiers":[\#(fill)],"children":["#
                + label(tab, symbol, card: card) + "]}"
        }
        let items = [
            ("Home", "house.fill"), ("Balance", "creditcard.fill"), ("Transfer", "arrow.left.arrow.right"),
            ("Scan", "qrcode.viewfinder"),
        ]
        let background = #""modifiers":[{"type":"containerBackground","style":"fill.tertiary"}],"#
        let title =
            #"{"type":"text","text":"Quick Menu","modifiers":[{"type":"font","size":22,"weight":"heavy"},"#
            + #"{"type":"foregroundStyle","style":"primary"}]},{"type":"spacer"},"#
        #expect(
            view.json.description
                == #"{"type":"vstack",\#(background)"children":["# + title + #"{"type":"hstack","children":["#
                + items.map { link($0.0, $0.1) }.joined(separator: ",") + "]}]}"
        )
        #expect(view.controls.map(\.url) == TabName.allCases.map { "widgetquickmenu://\($0.rawValue)" })

        // A small widget is one tap target: the items are labels, and the root opens Home.
        let small = try #require(
            try await temporary.render(Quickmenu().body, family: .systemSmall).entries.first?.view)
        #expect(
            small.json.description
                == #"{"type":"vstack","url":"widgetquickmenu://Home",\#(background)"children":["# + title
                + #"{"type":"hstack","children":["#
                + items.map { label($0.0, $0.1, card: "", colour: "primary") }.joined(separator: ",") + "]}]}"
        )
        #expect(small.controls.isEmpty)
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
