import JSON
import Rendering
import Testing
import WidgetHostKit

@testable import WidgetEngine

/// One declaration of the view vocabulary (``ViewVocabulary``) drives the checks and the schema;
/// the SDK's node types and the HTML page are held to it: every node type the vocabulary takes is
/// one the SDK writes and one the page draws, and every modifier changes what the page draws
/// (those the page cannot draw are named here, with why).
@Suite struct HTMLVocabularyAgreementTests {
    /// Modifiers the page draws nothing for, and why.
    static let undrawn: [String: String] = [
        "ignored": "an API widgethost does not draw: dropped from the view, with a warning",
        "fixedSize": "laid out by the layout engine (run --format layout), not yet by the page",
        "layoutPriority": "laid out by the layout engine (run --format layout), not yet by the page",
        "minimumScaleFactor": "laid out by the layout engine (run --format layout), not yet by the page",
        "overlay": "laid out by the layout engine (run --format layout), not yet by the page",
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
        case .refusedWhenWrong: return .null
        }
    }

    func card(_ view: JSONValue) -> String {
        HTMLPageRenderer().card(id: "w", kind: "K", family: .systemMedium, outcome: .success(view))
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
        let plain = JSONValue.object([.init("type", .string("text")), .init("text", .string("a"))])
        for (type, values) in ViewVocabulary.modifiers {
            var members: [JSONValue.Member] = [.init("type", .string(type))]
            for (name, rule) in values {
                let value = Self.sample(rule, named: name)
                if value != .null { members.append(.init(name, value)) }
            }
            let modified = JSONValue.object([
                .init("type", .string("text")), .init("text", .string("a")),
                .init("modifiers", .array([.object(members)])),
            ])
            let drawn = card(modified) != card(plain)
            if let why = Self.undrawn[type] {
                #expect(!drawn, "\(type) is drawn now: take it out of the undrawn list (\(why))")
            } else {
                #expect(
                    drawn, "the page draws nothing for the modifier \(type) (\(JSONValue.object(members)))")
            }
        }
    }
}
