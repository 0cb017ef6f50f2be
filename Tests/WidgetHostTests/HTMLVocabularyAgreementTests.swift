import JSON
import Rendering
import Testing
import WidgetHostKit

@testable import WidgetEngine

/// One declaration of the view vocabulary (``ViewVocabulary``) drives the checks and the schema;
/// the SDK's node types and the HTML page are held to it: every node type the vocabulary takes is
/// one the SDK writes and one the page draws, and every modifier changes what the page draws
/// (those the page cannot draw are named here, with why). The page draws the layout's geometry,
/// so a modifier is applied to views it has something to change in: a stack holding a row of
/// texts, a long text, a button and a toggle.
@Suite struct HTMLVocabularyAgreementTests {
    /// Modifiers the page draws nothing for, and why.
    static let undrawn: [String: String] = [
        "ignored": "an API widgethost does not draw: dropped from the view, with a warning",
        "animation": "a still picture has no animation; the layout does not carry it",
        "contentTransition": "a transition between entries; a still picture shows one entry",
        "invalidatableContent": "the placeholder shown while an intent runs; the layout does not carry it",
        "widgetAccentable": "the accented rendering mode (tinted home screens); pictures draw full colour",
    ]

    /// A value `rule` takes, for the value named `name`.
    static func sample(_ rule: ViewValueRule, named name: String) -> JSONValue {
        switch rule {
        case .string:
            switch name {
            case "effect": return .string("replace")
            case "curve": return .string("easeInOut")
            default: return .string("x")
            }
        case .boolean: return .bool(true)
        case .number: return .int(2)
        case .points: return .int(4)
        case .positive: return .int(12)
        case .fraction: return .double(0.5)
        case .scale: return .double(0.5)
        case .integer(let minimum): return .int(minimum + 1)
        case .cases(let cases): return .string(cases.last ?? "")
        case .style: return .string("red")
        case .length: return .int(20)
        case .edges: return .string("top")
        case .refusedWhenWrong:
            // The view an overlay or a background draws.
            guard name == "view" else { return .null }
            return .object([.init("type", .string("text")), .init("text", .string("layer"))])
        }
    }

    func card(_ view: JSONValue) -> String {
        HTMLPageRenderer().card(id: "w", kind: "K", family: .systemLarge, outcome: .success(view))
    }

    @Test func theSDKsNodeTypesAreTheVocabularys() {
        #expect(
            Set(ViewVocabulary.attributes.map(\.type)) == Set(ViewNode.Kind.allCases.map(\.rawValue)))
    }

    @Test func thePageDrawsEveryNodeTypeOfTheVocabulary() {
        for (type, _) in ViewVocabulary.attributes {
            let html = card(.object([.init("type", .string(type)), .init("text", .string("a"))]))
            #expect(!html.contains("unknown-view"), "the page does not draw a \(type)")
        }
    }

    @Test func everyModifierOfTheVocabularyChangesWhatThePageDraws() {
        /// A stack holding a row of two long texts on one line each (the first modified too,
        /// where a text's priority and scale factor show), a long text (where a line limit shows), a button and a
        /// toggle, the stack carrying `modifiers`.
        func subject(_ modifiers: [JSONValue]) -> JSONValue {
            let intent = JSONValue.object([.init("type", .string("A")), .init("parameters", .object([]))])
            let oneLine = JSONValue.object([.init("type", .string("lineLimit")), .init("limit", .int(1))])
            func text(_ text: String, _ modifiers: [JSONValue] = []) -> JSONValue {
                .object([
                    .init("type", .string("text")), .init("text", .string(text)),
                    .init("modifiers", .array(modifiers)),
                ])
            }
            return .object([
                .init("type", .string("vstack")), .init("modifiers", .array(modifiers)),
                .init(
                    "children",
                    .array([
                        .object([
                            .init("type", .string("hstack")),
                            .init(
                                "children",
                                .array([
                                    text("The first of two texts that share a row", [oneLine] + modifiers),
                                    text("and the second, which is as long as the first", [oneLine]),
                                ])),
                        ]),
                        text(
                            "A long text that wraps onto more lines than two in a large widget, as a "
                                + "task's notes might, so that a line limit cuts it"),
                        .object([
                            .init("type", .string("button")), .init("intent", intent),
                            .init("children", .array([text("Go")])),
                        ]),
                        .object([
                            .init("type", .string("toggle")), .init("isOn", .bool(true)),
                            .init("intent", intent),
                            .init("children", .array([text("Focus")])),
                        ]),
                    ])),
            ])
        }
        let plain = card(subject([]))
        for (type, values) in ViewVocabulary.modifiers {
            var members: [JSONValue.Member] = [.init("type", .string(type))]
            for (name, rule) in values {
                let value = Self.sample(rule, named: name)
                if value != .null { members.append(.init(name, value)) }
            }
            let drawn = card(subject([.object(members)])) != plain
            if let why = Self.undrawn[type] {
                #expect(!drawn, "\(type) is drawn now: take it out of the undrawn list (\(why))")
            } else {
                #expect(
                    drawn, "the page draws nothing for the modifier \(type) (\(JSONValue.object(members)))")
            }
        }
    }
}
