import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

@Suite struct ViewPrimitivesTests {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

    private static func drawn(_ view: some View) -> ViewNode {
        ViewRenderer.root(of: view, in: EnvironmentValues(drawingDate: now))
    }

    @Test(arguments: [
        (Text.DateStyle.relative, 2 * 3_600 + 5 * 60 + 7, "2 hours, 5 minutes"),
        (.relative, -(3 * 60), "3 minutes"),
        (.relative, 86_400 + 30, "1 day"),
        (.relative, 0, "0 seconds"),
        (.offset, 90, "+1 minute, 30 seconds"),
        (.offset, -(3 * 60), "-3 minutes"),
        (.timer, 3_723, "1:02:03"),
        (.timer, 245, "4:05"),
        (.time, 2 * 3_600 + 5 * 60, "14:05"),
        (.date, 2 * 86_400, "December 1, 2026"),
    ])
    func aDateTextIsFormattedFromTheTimeItIsDrawnFor(_ style: Text.DateStyle, _ offset: Int, _ text: String) {
        let date = Self.now.addingTimeInterval(TimeInterval(offset))
        let node = Self.drawn(Text(date, style: style))
        #expect(node.text == text)
        #expect(node.date == date)
        #expect(node.dateStyle == style.rawValue)
    }

    @Test func aDateTextCarriesItsDateAndStyleInJSON() {
        let node = Self.drawn(Text(Self.now.addingTimeInterval(60), style: .relative).font(.caption2))
        #expect(
            node.json.description
                == #"{"type":"text","text":"1 minute","date":"2026-11-29T12:01:00Z","dateStyle":"relative","#
                + #""modifiers":[{"type":"font","style":"caption2"}]}"#)
    }

    @Test func progressViewsAreIndeterminateOrAClampedFraction() {
        #expect(Self.drawn(ProgressView()).json.description == #"{"type":"progress"}"#)
        #expect(Self.drawn(ProgressView(value: 3, total: 4)).value == 0.75)
        #expect(Self.drawn(ProgressView(value: 7, total: 4)).value == 1)
        #expect(Self.drawn(ProgressView(value: 1, total: 0)).value == nil)
        #expect(
            Self.drawn(ProgressView("Syncing", value: 0.5)).json.description
                == #"{"type":"progress","value":0.5,"children":[{"type":"text","text":"Syncing"}]}"#)
    }

    @Test func aLabelIsItsIconThenItsTitle() {
        #expect(
            Self.drawn(Label("Home", systemImage: "house.fill")).json.description
                == #"{"type":"hstack","children":[{"type":"image","systemName":"house.fill"},"#
                + #"{"type":"text","text":"Home"}]}"#)
    }

    @Test func conditionalAndOptionalContentAndForEachDrawWhatTheyHold() {
        let isLoading = true
        let subtitle: String? = nil
        let badge: Text? = Text("!")
        let noBadge: Text? = nil
        let view = VStack {
            Group {
                if isLoading {
                    ProgressView()
                } else {
                    Image(systemName: "circle")
                }
            }
            if let subtitle { Text(subtitle) }
            badge
            noBadge
            ForEach(Array(["a", "b"].enumerated()), id: \.offset) { index, title in
                Text("\(index + 1). \(title)")
            }
        }
        #expect(
            Self.drawn(view).children.map(\.json.description) == [
                #"{"type":"progress"}"#,
                #"{"type":"text","text":"!"}"#,
                #"{"type":"text","text":"1. a"}"#,
                #"{"type":"text","text":"2. b"}"#,
            ])
    }

    @Test func aTextOfAResourceShowsItsDefaultValue() {
        let resource: LocalizedStringResource = "Tasks"
        #expect(Self.drawn(Text(resource)).text == "Tasks")
        #expect(
            Self.drawn(Text(LocalizedStringResource("tasks.header", defaultValue: "Tasks"))).text == "Tasks")
    }
}
