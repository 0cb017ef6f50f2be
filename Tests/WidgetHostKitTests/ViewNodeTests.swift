import Foundation
import Testing
import WidgetHostKit

private struct OpenIntent: AppIntent {
    static let title = "Open"
    @Parameter(title: "Screen", default: "home") var screen: String
    @Parameter(title: "Count") var count: Int?

    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct ViewNodeTests {
    private static let reference = IntentReference(
        type: "OpenIntent", parameters: .object([.init("n", .int(1))]))

    @Test(arguments: [
        (ViewNode(type: .text, text: "a"), #"{"type":"text","text":"a"}"#),
        (ViewNode(type: .image, systemName: "star"), #"{"type":"image","systemName":"star"}"#),
        (ViewNode(type: .spacer), #"{"type":"spacer"}"#),
        (ViewNode(type: .spacer, minLength: 0), #"{"type":"spacer","minLength":0}"#),
        (ViewNode(type: .zstack, alignment: "top"), #"{"type":"zstack","alignment":"top","children":[]}"#),
        (ViewNode(type: .vstack), #"{"type":"vstack","children":[]}"#),
        (
            ViewNode(type: .hstack, children: [ViewNode(type: .spacer)]),
            #"{"type":"hstack","children":[{"type":"spacer"}]}"#
        ),
        (
            ViewNode(type: .button, intent: reference),
            #"{"type":"button","intent":{"type":"OpenIntent","parameters":{"n":1}},"children":[]}"#
        ),
        (
            ViewNode(type: .toggle, isOn: false, intent: reference),
            #"{"type":"toggle","isOn":false,"intent":{"type":"OpenIntent","parameters":{"n":1}},"children":[]}"#
        ),
        (ViewNode(type: .link, url: "app://x"), #"{"type":"link","url":"app://x","children":[]}"#),
    ])
    func jsonHasTheTypeFirstAndChildrenOnlyForContainersAndControls(_ node: ViewNode, _ text: String) {
        #expect(node.json.description == text)
    }

    @Test func leavesNeverCarryChildren() {
        let text = ViewNode(type: .text, text: "a", children: [ViewNode(type: .spacer)])
        #expect(text.json.description == #"{"type":"text","text":"a"}"#)
    }

    @Test func fieldsComeInAFixedOrder() {
        let node = ViewNode(
            type: .button, text: "t", systemName: "s", url: "u", isOn: true, intent: Self.reference,
            children: [ViewNode(type: .text, text: "c")]
        )
        #expect(
            node.json.description
                == #"{"type":"button","text":"t","systemName":"s","url":"u","isOn":true,"#
                + #""intent":{"type":"OpenIntent","parameters":{"n":1}},"children":[{"type":"text","text":"c"}]}"#
        )
    }

    @Test func kindsAreNamedAsTheJSONContractSays() {
        #expect(
            ViewNode.Kind.allCases.map(\.rawValue) == [
                "vstack", "hstack", "zstack", "text", "image", "button", "toggle", "link", "spacer",
                "progress",
            ]
        )
    }

    /// `tap N` counts controls depth first, a control before the controls inside it, as a reader's
    /// eye goes down the drawn box.
    @Test func controlsAreNumberedDepthFirstPreOrder() {
        func control(_ kind: ViewNode.Kind, _ name: String, _ children: [ViewNode] = []) -> ViewNode {
            ViewNode(type: kind, url: name, children: children)
        }
        let tree = ViewNode(
            type: .vstack,
            children: [
                control(.button, "A", [ViewNode(type: .text, text: "label")]),
                ViewNode(
                    type: .hstack,
                    children: [
                        control(.link, "B"),
                        ViewNode(type: .zstack, children: [control(.toggle, "C")]),
                    ]),
                control(
                    .button, "D",
                    [control(.link, "E"), ViewNode(type: .hstack, children: [control(.toggle, "F")])]),
                ViewNode(type: .text, text: "not a control"),
                control(.link, "G"),
            ]
        )
        #expect(tree.controls.map(\.url) == ["A", "B", "C", "D", "E", "F", "G"])
        #expect(tree.controls.first?.children == [ViewNode(type: .text, text: "label")])
    }

    @Test func aControlAtTheRootIsTheFirstControl() {
        let root = ViewNode(type: .link, url: "root", children: [ViewNode(type: .link, url: "inner")])
        #expect(root.controls.map(\.url) == ["root", "inner"])
        #expect(ViewNode(type: .text, text: "a").controls.isEmpty)
    }

    @Test func intentReferenceOfAnIntentHasItsCurrentValues() {
        let intent = OpenIntent()
        #expect(
            IntentReference(intent).json.description
                == #"{"type":"OpenIntent","parameters":{"screen":"home","count":null}}"#
        )
        intent.count = 2
        intent.screen = "balance"
        #expect(
            IntentReference(intent)
                == IntentReference(
                    type: "OpenIntent",
                    parameters: .object([.init("screen", .string("balance")), .init("count", .int(2))]))
        )
    }
}
