import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

private struct SetFocusIntent: SetValueIntent {
    static let title = "Set Focus"
    @Parameter(title: "On") var value: Bool

    init() {}

    init(value: Bool) {
        self.value = value
    }

    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct ViewsTests {
    @Test func textImageAndSpacer() {
        #expect(Text("hello").makeNodes() == [ViewNode(type: .text, text: "hello")])
        #expect(Image(systemName: "star").makeNodes() == [ViewNode(type: .image, systemName: "star")])
        #expect(Spacer().makeNodes() == [ViewNode(type: .spacer)])
        #expect(Spacer(minLength: 8).makeNodes() == [ViewNode(type: .spacer, minLength: 8)])
        #expect(
            ViewRenderer.root(of: Spacer(minLength: 0)).json.description
                == #"{"type":"spacer","minLength":0}"#)
        #expect(
            ViewRenderer.root(of: Spacer(minLength: 2.5)).json.description
                == #"{"type":"spacer","minLength":2.5}"#)
        // A length that is no number of points is the system's default.
        #expect(Spacer(minLength: .infinity).makeNodes() == [ViewNode(type: .spacer)])
        #expect(EmptyView().makeNodes() == [])
    }

    /// A stack keeps its alignment (when not the centre, SwiftUI's default) and its spacing, as
    /// SwiftUI's `VStack(alignment:spacing:)` and `HStack(alignment:spacing:)` carry them.
    @Test func stacksKeepTheirAlignmentAndSpacing() {
        let a = [ViewNode(type: .text, text: "a")]
        let vstack = VStack(alignment: .leading, spacing: 4) { Text("a") }
        #expect(
            vstack.makeNodes() == [ViewNode(type: .vstack, children: a, alignment: "leading", spacing: 4)])
        #expect(
            ViewRenderer.root(of: vstack).json.description
                == #"{"type":"vstack","alignment":"leading","spacing":4,"children":[{"type":"text","text":"a"}]}"#
        )
        let hstack = HStack(alignment: .lastTextBaseline, spacing: 0) { Text("a") }
        #expect(
            hstack.makeNodes() == [
                ViewNode(type: .hstack, children: a, alignment: "lastTextBaseline", spacing: 0)
            ])
        let spaced = VStack(spacing: 2.5) { Text("a") }
        #expect(
            ViewRenderer.root(of: spaced).json.description
                == #"{"type":"vstack","spacing":2.5,"children":[{"type":"text","text":"a"}]}"#)
        // The defaults write nothing: the centre, the system's spacing (and no spacing that is not a number).
        #expect(
            VStack(alignment: .center) { Text("a") }.makeNodes() == [ViewNode(type: .vstack, children: a)])
        #expect(HStack(spacing: .nan) { Text("a") }.makeNodes() == [ViewNode(type: .hstack, children: a)])
        #expect(
            HStack(alignment: .center, spacing: nil) { Text("a") }.makeNodes() == [
                ViewNode(type: .hstack, children: a)
            ])
    }

    @Test func buttonCarriesItsIntentWithCurrentParameterValues() {
        let button = Button(intent: ToggleTaskIntent(taskID: "t-1", isDone: true)) {
            Image(systemName: "circle")
            Text("Buy milk")
        }
        #expect(
            ViewRenderer.root(of: button).json.description
                == #"{"type":"button","intent":{"type":"ToggleTaskIntent","#
                + #""parameters":{"taskID":"t-1","isDone":true}},"children":[{"type":"image","#
                + #""systemName":"circle"},{"type":"text","text":"Buy milk"}]}"#
        )
    }

    @Test func buttonWithATitle() {
        let intent = ToggleTaskIntent(taskID: "t-2", isDone: false)
        #expect(
            Button("Done", intent: intent).makeNodes() == [
                ViewNode(
                    type: .button, intent: IntentReference(intent),
                    children: [ViewNode(type: .text, text: "Done")])
            ]
        )
    }

    @Test func theIntentReferenceIsTakenWhenTheControlIsMade() {
        let intent = ToggleTaskIntent(taskID: "t-3", isDone: false)
        let button = Button("Done", intent: intent)
        intent.isDone = true
        #expect(button.makeNodes().first?.intent?.parameters["isDone"] == .bool(false))
    }

    @Test(arguments: [true, false])
    func toggleCarriesItsStateAndIntent(_ isOn: Bool) {
        let toggle = Toggle(isOn: isOn, intent: SetFocusIntent(value: !isOn))
        #expect(
            ViewRenderer.root(of: toggle).json.description
                == #"{"type":"toggle","isOn":\#(isOn),"intent":{"type":"SetFocusIntent","#
                + #""parameters":{"value":\#(!isOn)}},"children":[]}"#
        )
    }

    @Test func toggleLabels() {
        let titled = Toggle("Focus", isOn: true, intent: SetFocusIntent(value: false))
        #expect(titled.makeNodes().first?.children == [ViewNode(type: .text, text: "Focus")])
        let built = Toggle(isOn: false, intent: SetFocusIntent(value: true)) {
            Image(systemName: "moon")
            Text("Focus")
        }
        #expect(
            built.makeNodes().first?.children == [
                ViewNode(type: .image, systemName: "moon"), ViewNode(type: .text, text: "Focus"),
            ]
        )
    }

    @Test func linkCarriesItsURL() throws {
        let url = try #require(URL(string: "widgetquickmenu://Home"))
        #expect(
            Link("Home", destination: url).makeNodes() == [
                ViewNode(
                    type: .link, url: "widgetquickmenu://Home",
                    children: [ViewNode(type: .text, text: "Home")])
            ]
        )
        let built = Link(destination: try #require(URL(string: "https://example.com/a?b=c%20d"))) {
            Image(systemName: "house")
        }
        #expect(
            ViewRenderer.root(of: built).json.description
                == #"{"type":"link","url":"https://example.com/a?b=c%20d","#
                + #""children":[{"type":"image","systemName":"house"}]}"#
        )
    }
}
