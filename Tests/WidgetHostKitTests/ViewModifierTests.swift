import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

@Suite struct ViewModifierTests {
    private static func json(_ view: some View) -> String {
        ViewRenderer.root(of: view).json.description
    }

    @Test func modifiersAreRecordedInTheOrderWritten() {
        let paddedThenFilled = Text("3").padding(.horizontal, 8).background(Color.orange)
        let filledThenPadded = Text("3").background(Color.orange).padding(.horizontal, 8)
        #expect(
            Self.json(paddedThenFilled)
                == #"{"type":"text","text":"3","modifiers":[{"type":"padding","edges":"horizontal","length":8},"#
                + #"{"type":"background","style":"orange"}]}"#)
        #expect(
            Self.json(filledThenPadded)
                == #"{"type":"text","text":"3","modifiers":[{"type":"background","style":"orange"},"#
                + #"{"type":"padding","edges":"horizontal","length":8}]}"#)
    }

    @Test func theSeedsTaskRowRecordsFontsColoursAndStrikethrough() {
        let isCompleted = true
        let row = HStack(spacing: 12) {
            Image(systemName: isCompleted ? "checkmark.circle.fill" : "circle")
                .font(.title3)
                .foregroundStyle(isCompleted ? .green : .secondary)
                .contentTransition(.symbolEffect(.replace))
            Text("Buy milk")
                .font(.subheadline)
                .strikethrough(isCompleted)
                .foregroundStyle(isCompleted ? .secondary : .primary)
                .lineLimit(1)
        }
        .padding(.vertical, 6)
        .background(Color(.systemBackground).opacity(0.5))
        .cornerRadius(8)
        #expect(
            Self.json(row)
                == #"{"type":"hstack","spacing":12,"modifiers":[{"type":"padding","edges":"vertical","length":6},"#
                + #"{"type":"background","style":"systemBackground","opacity":0.5},"#
                + #"{"type":"cornerRadius","radius":8}],"children":["#
                + #"{"type":"image","systemName":"checkmark.circle.fill","modifiers":[{"type":"font","style":"title3"},"#
                + #"{"type":"foregroundStyle","style":"green"},"#
                + #"{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},"#
                + #"{"type":"text","text":"Buy milk","modifiers":[{"type":"font","style":"subheadline"},"#
                + #"{"type":"strikethrough","isActive":true},{"type":"foregroundStyle","style":"secondary"},"#
                + #"{"type":"lineLimit","limit":1}]}]}"#)
    }

    @Test(arguments: [
        (Font.caption.bold(), #"{"type":"font","style":"caption","weight":"bold"}"#),
        (Font.system(size: 40), #"{"type":"font","size":40}"#),
        (Font.system(size: 8).weight(.heavy), #"{"type":"font","size":8,"weight":"heavy"}"#),
        (Font.system(size: 60, weight: .bold), #"{"type":"font","size":60,"weight":"bold"}"#),
        (Font.system(size: 10.5), #"{"type":"font","size":10.5}"#),
        (Font.headline.bold(), #"{"type":"font","style":"headline","weight":"bold"}"#),
    ])
    func fontsAreAStyleOrASizeWithAnOptionalWeight(_ font: Font, _ modifier: String) {
        let node = ViewRenderer.root(of: Text("a").font(font))
        #expect(node.modifiers.map(\.json.description) == [modifier])
    }

    @Test func eachModifierOfTheVocabularyHasItsShape() {
        let view = Text("a")
            .fontWeight(.semibold)
            .bold()
            .foregroundColor(.white)
            .foregroundStyle(Color(red: 1, green: 0.5, blue: 0))
            .strikethrough(false)
            .lineLimit(nil)
            .padding()
            .padding(4)
            .padding([.top, .leading], 2)
            .background(RoundedRectangle(cornerRadius: 8).fill(Color.green.opacity(0.1)))
            .background(.blue, in: Capsule())
            .frame(width: 24, height: 24)
            .frame(maxWidth: .infinity, alignment: .leading)
            .opacity(0.6)
            .contentTransition(.numericText())
            .contentTransition(.opacity)
            .invalidatableContent()
            .widgetAccentable()
            .clipShape(Circle())
            .containerBackground(.fill.tertiary, for: .widget)
        #expect(
            ViewRenderer.root(of: view).modifiers.map(\.json.description) == [
                #"{"type":"fontWeight","weight":"semibold"}"#,
                #"{"type":"fontWeight","weight":"bold"}"#,
                #"{"type":"foregroundStyle","style":"white"}"#,
                ##"{"type":"foregroundStyle","style":"#FF8000"}"##,
                #"{"type":"strikethrough","isActive":false}"#,
                #"{"type":"lineLimit"}"#,
                #"{"type":"padding","edges":"all"}"#,
                #"{"type":"padding","edges":"all","length":4}"#,
                #"{"type":"padding","edges":["top","leading"],"length":2}"#,
                #"{"type":"background","style":"green","opacity":0.1,"shape":"roundedRectangle","cornerRadius":8}"#,
                #"{"type":"background","style":"blue","shape":"capsule"}"#,
                #"{"type":"frame","width":24,"height":24}"#,
                #"{"type":"frame","maxWidth":"infinity","alignment":"leading"}"#,
                #"{"type":"opacity","value":0.6}"#,
                #"{"type":"contentTransition","transition":"numericText"}"#,
                #"{"type":"contentTransition","transition":"opacity"}"#,
                #"{"type":"invalidatableContent"}"#,
                #"{"type":"widgetAccentable"}"#,
                #"{"type":"clipShape","shape":"circle"}"#,
                #"{"type":"containerBackground","style":"fill.tertiary"}"#,
            ])
    }

    @Test func theSeedsControlStylesEffectsAndAnimationsAreRecordedToo() {
        let view = Text("a")
            .buttonStyle(.plain)
            .toggleStyle(.switch)
            .labelsHidden()
            .scaleEffect(0.8)
            .shadow(color: Color.black.opacity(0.1), radius: 4, y: 2)
            .animation(.easeInOut(duration: 0.3), value: true)
            .animation(nil, value: 1)
        #expect(
            ViewRenderer.root(of: view).modifiers.map(\.json.description) == [
                #"{"type":"buttonStyle","style":"plain"}"#,
                #"{"type":"toggleStyle","style":"switch"}"#,
                #"{"type":"labelsHidden"}"#,
                #"{"type":"scaleEffect","scale":0.8}"#,
                #"{"type":"shadow","color":"black","opacity":0.1,"radius":4,"x":0,"y":2}"#,
                #"{"type":"animation","curve":"easeInOut","duration":0.3}"#,
            ])
    }

    /// SwiftUI's other forms of the drawing effects, as widget code writes them: an anchor
    /// (left out at the centre), factors across and down, a `CGSize`, a `CGFloat` factor.
    @Test func theEffectsAnchorsFactorsAndSizesAreRecorded() {
        let factor: CGFloat = 1.5
        let view = Text("a")
            .scaleEffect(factor, anchor: .bottomTrailing)
            .scaleEffect(x: -1, y: 1)
            .scaleEffect(CGSize(width: 2, height: 2), anchor: .center)
            .rotationEffect(.degrees(-30), anchor: UnitPoint(x: 0.25, y: 0))
            .offset(CGSize(width: 3, height: -4))
        #expect(
            ViewRenderer.root(of: view).modifiers.map(\.json.description) == [
                #"{"type":"scaleEffect","scale":1.5,"anchorX":1,"anchorY":1}"#,
                #"{"type":"scaleEffect","x":-1,"y":1}"#,
                #"{"type":"scaleEffect","scale":2}"#,
                #"{"type":"rotationEffect","degrees":-30,"anchorX":0.25,"anchorY":0}"#,
                #"{"type":"offset","x":3,"y":-4}"#,
            ])
    }

    @Test func aModifiedGroupModifiesEachChildAndNilModifiersChangeNothing() {
        let group = Group {
            Text("a")
            Image(systemName: "b")
        }
        .frame(width: 24, height: 24)
        let nodes = ViewRenderer.nodes(of: group)
        #expect(nodes.count == 2)
        #expect(nodes.allSatisfy { $0.modifiers.map(\.type) == [.frame] })
        let unchanged = Text("a").font(nil).fontWeight(nil).widgetURL(nil)
        #expect(ViewRenderer.root(of: unchanged) == ViewNode(type: .text, text: "a"))
    }

    @Test func widgetURLBecomesTheRootsURLWhereverItIsWritten() throws {
        let url = try #require(URL(string: "widgetquickmenu://Home"))
        let scan = try #require(URL(string: "widgetquickmenu://Scan"))
        let view = VStack {
            Text("Home").widgetURL(url)
            Link("Scan", destination: scan)
        }
        let root = ViewRenderer.root(of: view)
        #expect(root.url == "widgetquickmenu://Home")
        #expect(root.children[0].url == nil)
        #expect(root.children[1].url == "widgetquickmenu://Scan")
        #expect(
            root.json.description
                == #"{"type":"vstack","url":"widgetquickmenu://Home","children":[{"type":"text","text":"Home"},"#
                + #"{"type":"link","url":"widgetquickmenu://Scan","children":[{"type":"text","text":"Scan"}]}]}"#
        )
    }

    @Test func aModifiedButtonKeepsItsIntentAndCountsAsAControl() {
        let button = Button(intent: ToggleTaskIntent(taskID: "t-1", isDone: true)) { Text("Open") }.opacity(
            0.5)
        let root = ViewRenderer.root(of: button)
        #expect(root.intent?.type == "ToggleTaskIntent")
        #expect(root.controls.count == 1)
        #expect(root.modifiers == [ViewModifierNode(.opacity, [.init("value", .double(0.5))])])
    }
}
