import Foundation
import JSON
import Testing
import WidgetHostKit

/// A view written straight to bytes is byte for byte the text of the tree the same calls build.
@Suite struct JSONSinkTests {
    /// A node with every field, nested containers, modifiers of every value kind, and text that
    /// needs escaping.
    private static let node = ViewNode(
        type: .vstack,
        url: "app://root",
        children: [
            ViewNode(
                type: .text, text: "Say \"hi\"\n\tto\\ them \u{1}",
                date: Date(timeIntervalSince1970: 86_400.25),
                dateStyle: "relative",
                modifiers: [
                    ViewModifierNode(
                        .font, [.init("style", .string("caption")), .init("weight", .string("bold"))]),
                    ViewModifierNode(.opacity, [.init("value", .double(0.5))]),
                    ViewModifierNode(.lineLimit, [.init("limit", .int(2))]),
                    ViewModifierNode(.labelsHidden),
                ]),
            ViewNode(
                type: .toggle, isOn: true,
                intent: IntentReference(
                    type: "SetIntent",
                    parameters: .object([
                        .init("ids", .array([.string("a"), .null, .bool(false)])), .init("n", .int(-3)),
                    ])),
                children: [ViewNode(type: .text, text: "Done")]),
            ViewNode(type: .progress, value: 0.25),
            ViewNode(type: .progress, children: [ViewNode(type: .image, systemName: "star.fill")]),
            ViewNode(type: .hstack),
            ViewNode(type: .spacer),
        ])

    @Test func bytesAreTheTreesText() {
        var bytes: [UInt8] = Array("prefix:".utf8)
        Self.node.write(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "prefix:" + Self.node.json.description)
    }

    @Test func theTreeHoldsEveryMemberInOrder() throws {
        let json = Self.node.json
        guard case .object(let members) = json else {
            Issue.record("a node's JSON is an object, not \(json)")
            return
        }
        #expect(members.map(\.key) == ["type", "url", "children"])
        guard case .array(let children)? = json["children"] else {
            Issue.record("no children in \(json)")
            return
        }
        #expect(children.count == 6)
        #expect(children[0]["date"] == .string("1970-01-02T00:00:00.250Z"))
        #expect(children[0]["modifiers"]?.description.contains(#"{"type":"labelsHidden"}"#) == true)
        #expect(children[1]["intent"]?["parameters"]?["ids"] == .array([.string("a"), .null, .bool(false)]))
        #expect(children[2].description == #"{"type":"progress","value":0.25}"#)
        #expect(children[4].description == #"{"type":"hstack","children":[]}"#)
    }

    /// Scalars and containers at the top level and nested, through both sinks.
    @Test func sinksAgreeOnEveryKindOfValue() {
        func write(to sink: inout some JSONSink) {
            sink.beginArray()
            sink.string("a\u{7}")
            sink.bool(true)
            sink.double(1.5)
            sink.value(.null)
            sink.beginObject()
            sink.key("static")
            sink.beginArray()
            sink.endArray()
            sink.key(named: "dynamic \"key\"")
            sink.beginObject()
            sink.endObject()
            sink.endObject()
            sink.endArray()
        }
        var tree = JSONTree()
        write(to: &tree)
        var bytes = JSONBytes()
        write(to: &bytes)
        #expect(String(decoding: bytes.output, as: UTF8.self) == tree.result.description)
        #expect(
            tree.result.description == #"["a\u0007",true,1.5,null,{"static":[],"dynamic \"key\"":{}}]"#)
    }
}
