import Foundation
import PluginProtocol
import Testing
@_spi(WidgetHost) import WidgetHostKit

@Suite struct RenderedTimelineTests {
    static let noon = Date(timeIntervalSince1970: 1_795_953_600)

    static let view = ViewNode(
        type: .vstack,
        children: [
            ViewNode(type: .text, text: "Oslo 3°"),
            ViewNode(type: .image, systemName: "sun.max"),
            ViewNode(
                type: .button, text: "Refresh",
                intent: IntentReference(
                    type: "RefreshWeatherIntent", parameters: .object([.init("city", .string("Oslo"))]))),
            ViewNode(
                type: .toggle, text: "Alerts", isOn: true,
                intent: IntentReference(type: "AlertIntent", parameters: .object([]))),
            ViewNode(type: .link, text: "More", url: "weather://oslo"),
        ])

    @Test(arguments: [
        RenderedTimeline(
            entries: [RenderedEntry(date: noon, data: .object([.init("temperature", .int(3))]), view: view)],
            policy: .after(noon.addingTimeInterval(3_600))),
        RenderedTimeline(entries: [], policy: .atEnd),
        RenderedTimeline(
            entries: [
                RenderedEntry(date: noon, data: .object([]), view: ViewNode(type: .text, text: "a")),
                RenderedEntry(
                    date: noon.addingTimeInterval(0.25), data: .null, view: ViewNode(type: .spacer)),
            ],
            policy: .never),
    ])
    func everyTimelineRoundTrips(_ timeline: RenderedTimeline) throws {
        #expect(try RenderedTimeline(json: timeline.json) == timeline)
    }

    @Test(arguments: [TimelineReloadPolicy.atEnd, .never, .after(noon)])
    func everyPolicyRoundTrips(_ policy: TimelineReloadPolicy) throws {
        #expect(try TimelineReloadPolicy(json: policy.json) == policy)
    }

    @Test func theTimelineReplyOfDESIGNRoundTripsByteForByte() throws {
        let line =
            #"{"jsonrpc":"2.0","id":2,"result":{"entries":[{"date":"2026-11-29T12:00:00Z","#
            + #""data":{"temperature":3},"view":{"type":"text","text":"Oslo 3°"}}],"#
            + #""policy":{"policy":"after","date":"2026-11-29T13:00:00Z"}}}"#
        guard case .reply(let id, let result) = try JSONText.message(line) else {
            Issue.record("not a reply")
            return
        }
        let timeline = try RenderedTimeline(json: result)
        #expect(
            timeline
                == RenderedTimeline(
                    entries: [
                        RenderedEntry(
                            date: Self.noon, data: .object([.init("temperature", .int(3))]),
                            view: ViewNode(type: .text, text: "Oslo 3°"))
                    ],
                    policy: .after(Self.noon.addingTimeInterval(3_600))))
        #expect(PluginMessage.reply(id: id, result: timeline.json).line == line + "\n")
    }

    @Test func aMissingPolicyIsAtEndAndMissingDataIsEmpty() throws {
        let timeline = try RenderedTimeline(
            json: try JSONText.value(
                #"{"entries":[{"date":"2026-11-29T12:00:00Z","view":{"type":"spacer"}}]}"#))
        #expect(
            timeline
                == RenderedTimeline(
                    entries: [
                        RenderedEntry(date: Self.noon, data: .object([]), view: ViewNode(type: .spacer))
                    ], policy: .atEnd))
    }

    @Test(arguments: [
        (#"{}"#, "the result has no 'entries' array"),
        (#"{"entries":[{}]}"#, "entry 1: no 'date'"),
        (
            #"{"entries":[{"date":"noon","view":{"type":"text"}}]}"#,
            "entry 1: the date 'noon' is not ISO 8601"
        ),
        (#"{"entries":[{"date":"2026-11-29T12:00:00Z"}]}"#, "entry 1: no 'view'"),
        (
            #"{"entries":[{"date":"2026-11-29T12:00:00Z","view":{"type":"text"}}],"policy":{"policy":"soon"}}"#,
            "the policy is not one of atEnd, never, after"
        ),
        (#"{"entries":[],"policy":{"policy":"after"}}"#, "the 'after' policy has no ISO 8601 'date'"),
        (
            #"{"entries":[{"date":"2026-11-29T12:00:00Z","view":[]}]}"#,
            "entry 1: a view node is not an object"
        ),
        (
            #"{"entries":[{"date":"2026-11-29T12:00:00Z","view":{"type":"text","children":{}}}]}"#,
            "entry 1: the 'children' of a text node is not an array"
        ),
        (
            #"{"entries":[{"date":"2026-11-29T12:00:00Z","view":{"type":"button","intent":{}}}]}"#,
            "entry 1: the intent of a button node has no 'type'"
        ),
        (
            #"{"entries":[{"date":"2026-11-29T12:00:00Z","view":{"type":"toggle","intent":{"type":"T","parameters":[1]}}}]}"#,
            "entry 1: the 'parameters' of the intent of a toggle node is [1], not an object"
        ),
    ])
    func badTimelinesAreNamed(_ text: String, _ message: String) throws {
        let error = JSONText.error(try JSONText.value(text)) { json throws(ProtocolValueError) in
            try RenderedTimeline(json: json)
        }
        #expect(error == ProtocolValueError(message))
    }

    @Test func anUnknownViewTypeStillRendersWhatItCan() throws {
        // The host warns about it (ViewVocabulary); the node keeps its children, or its text.
        let stack = try ViewNode(
            json: try JSONText.value(#"{"type":"marquee","children":[{"type":"text","text":"a"}]}"#))
        #expect(stack.type == .vstack)
        #expect(stack.children.map(\.text) == ["a"])
        let text = try ViewNode(json: try JSONText.value(#"{"type":"label","text":"b"}"#))
        #expect(text.type == .text)
        #expect(text.text == "b")
    }

    @Test func aViewNestedTooDeeplyIsRefused() throws {
        var json: JSONValue = .object([.init("type", .string("text"))])
        for _ in 0..<300 {
            json = .object([.init("type", .string("vstack")), .init("children", .array([json]))])
        }
        let error = JSONText.error(json) { json throws(ProtocolValueError) in try ViewNode(json: json) }
        #expect(error == ProtocolValueError("the view is nested too deeply"))
    }
}

@Suite struct ViewNodeCodingTests {
    static let styled = ViewNode(
        type: .vstack, url: "widgetquickmenu://Home",
        children: [
            ViewNode(
                type: .text, text: "2 hours", date: RenderedTimelineTests.noon, dateStyle: "relative",
                modifiers: [
                    ViewModifierNode(
                        .font, [.init("style", .string("caption")), .init("weight", .string("bold"))]),
                    ViewModifierNode(.strikethrough, [.init("isActive", .bool(true))]),
                ]),
            ViewNode(type: .progress, value: 0.25),
        ],
        modifiers: [
            ViewModifierNode(.padding, [.init("edges", .string("all"))]),
            ViewModifierNode(.containerBackground, [.init("style", .string("fill.tertiary"))]),
        ])

    @Test func modifiersDatesAndProgressRoundTripThroughThePluginProtocol() throws {
        #expect(try ViewNode(json: Self.styled.json) == Self.styled)
        #expect(try ViewNode(json: JSONValue(parsing: Self.styled.json.description)) == Self.styled)
    }

    /// A stack's alignment and spacing read back; a spacing that is no number of points, and an
    /// alignment or spacing on a node that is no stack, are none.
    @Test func aStacksAlignmentAndSpacingRoundTrip() throws {
        let node = ViewNode(
            type: .vstack,
            children: [
                ViewNode(type: .hstack, alignment: "firstTextBaseline", spacing: 0),
                ViewNode(type: .hstack, spacing: 2.5),
            ],
            alignment: "leading", spacing: 12)
        #expect(try ViewNode(json: node.json) == node)
        #expect(try ViewNode(json: JSONValue(parsing: node.json.description)) == node)
        for text in [
            #"{"type":"vstack","spacing":-1}"#, #"{"type":"vstack","spacing":"wide"}"#,
            #"{"type":"text","alignment":"leading","spacing":4}"#,
        ] {
            let read = try ViewNode(json: JSONValue(parsing: text))
            #expect(read.spacing == nil && (read.type == .vstack || read.alignment == nil), "\(text)")
        }
    }

    /// A zstack's children and alignment, a spacer's minLength and the views of overlays and
    /// backgrounds (with views and modifiers of their own) read back; a minLength that is no number
    /// of points, or on a node that is no spacer, is none.
    @Test func layersSpacersAndViewsInModifiersRoundTrip() throws {
        let badge = ViewNode(
            type: .zstack,
            children: [
                ViewNode(
                    type: .spacer,
                    modifiers: [ViewModifierNode(.background, [.init("style", .string("red"))])]),
                ViewNode(type: .text, text: "3"),
            ])
        let node = ViewNode(
            type: .zstack,
            children: [
                ViewNode(
                    type: .text, text: "a",
                    modifiers: [
                        ViewModifierNode(
                            .overlay, [.init("alignment", .string("topTrailing")), .init("view", badge.json)]),
                        ViewModifierNode(
                            .background, [.init("view", ViewNode(type: .image, systemName: "b").json)]),
                        ViewModifierNode(.fixedSize, [.init("vertical", .bool(false))]),
                        ViewModifierNode(.layoutPriority, [.init("value", .int(2))]),
                        ViewModifierNode(.minimumScaleFactor, [.init("factor", .double(0.25))]),
                    ]),
                ViewNode(type: .spacer, minLength: 0),
                ViewNode(type: .spacer, minLength: 4.5),
            ],
            alignment: "bottomLeading")
        #expect(try ViewNode(json: node.json) == node)
        #expect(try ViewNode(json: JSONValue(parsing: node.json.description)) == node)
        for text in [
            #"{"type":"spacer","minLength":-1}"#, #"{"type":"spacer","minLength":"wide"}"#,
            #"{"type":"text","minLength":4}"#,
        ] {
            #expect(try ViewNode(json: JSONValue(parsing: text)).minLength == nil, "\(text)")
        }
        // What the reader leaves out of a modifier's view (an unknown modifier in it) is left out of
        // the view the modifier keeps.
        let read = try ViewNode(
            json: JSONValue(
                parsing: #"{"type":"text","modifiers":[{"type":"overlay","view":{"type":"text","text":"b","#
                    + #""modifiers":[{"type":"blink"}]},"bogus":1}]}"#))
        #expect(
            read.modifiers == [
                ViewModifierNode(.overlay, [.init("view", ViewNode(type: .text, text: "b").json)])
            ])
    }

    /// A view in a modifier counts as a level of the tree: nesting too deep through overlays is
    /// refused as through children.
    @Test func aViewNestedTooDeeplyThroughModifiersIsRefused() throws {
        var json: JSONValue = .object([.init("type", .string("text"))])
        for _ in 0..<300 {
            json = .object([
                .init("type", .string("text")),
                .init(
                    "modifiers", .array([.object([.init("type", .string("overlay")), .init("view", json)])])),
            ])
        }
        let error = JSONText.error(json) { json throws(ProtocolValueError) in try ViewNode(json: json) }
        #expect(error == ProtocolValueError("the view is nested too deeply"))
    }

    /// An unknown modifier, or one that is not an object, is left out (the host warns about it);
    /// the others keep their order.
    @Test func unknownModifiersAreLeftOut() throws {
        let json = try JSONValue(
            parsing:
                #"{"type":"text","text":"a","modifiers":[{"type":"blink"},"font",{"type":"opacity","value":0.5},{}]}"#
        )
        #expect(
            try ViewNode(json: json)
                == ViewNode(
                    type: .text, text: "a",
                    modifiers: [ViewModifierNode(.opacity, [.init("value", .double(0.5))])]))
    }

    @Test(arguments: [
        (#"{"type":"text","modifiers":{"type":"font"}}"#, "the 'modifiers' of a text node is not an array"),
        (#"{"type":"text","date":"tomorrow"}"#, "the 'date' of a text node is not an ISO 8601 date"),
        (#"{"type":"progress","value":2}"#, "the 'value' of a progress node is not a number from 0 to 1"),
        (
            #"{"type":"text","modifiers":[{"type":"overlay","view":"star"}]}"#,
            "the 'view' of the overlay modifier of a text node is not a node"
        ),
        (
            #"{"type":"text","modifiers":[{"type":"background","view":{"type":"vstack","children":{}}}]}"#,
            "the 'children' of a vstack node is not an array"
        ),
    ])
    func malformedModifiersAndValuesAreNamed(_ text: String, _ message: String) throws {
        let error = JSONText.error(try JSONValue(parsing: text)) { json throws(ProtocolValueError) in
            try ViewNode(json: json)
        }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}

@Suite struct ViewModifierValueTests {
    /// Every modifier the SDK records reads back whole: each value it writes is one its kind takes.
    @Test func everyValueTheSDKWritesIsOneItsKindTakes() throws {
        let node = ViewModifierTestViews.everything
        #expect(try ViewNode(json: node.json) == node)
        #expect(Set(node.modifiers.map(\.type)) == Set(ViewModifierNode.Kind.allCases))
    }
}

/// A text with one modifier of each kind, as the SDK writes them.
enum ViewModifierTestViews {
    static var everything: ViewNode {
        let view = Text("a")
            .font(.system(size: 8, weight: .heavy)).fontWeight(.bold)
            .foregroundStyle(Color.red.opacity(0.5)).strikethrough(true, color: .gray).lineLimit(2)
            .padding([.top, .leading], 2).background(.blue, in: RoundedRectangle(cornerRadius: 4))
            .frame(
                minWidth: 1, idealWidth: 2, maxWidth: .infinity, minHeight: 1, idealHeight: 2, maxHeight: 3
            )
            .opacity(0.5).contentTransition(.numericText(countsDown: true))
            .contentTransition(.symbolEffect(.replace)).invalidatableContent(false).widgetAccentable(false)
            .containerBackground(.fill.tertiary, for: .widget).cornerRadius(8).clipShape(Capsule())
            .buttonStyle(.plain).toggleStyle(.switch).labelsHidden().scaleEffect(0.8)
            .shadow(color: .black.opacity(0.1), radius: 4, x: 1, y: 2).offset(x: 1, y: -1)
            .rotationEffect(.degrees(45)).animation(
                .easeInOut(duration: 0.3), value: 1
            )
            .disabled(true).fixedSize(horizontal: false).layoutPriority(1).minimumScaleFactor(0.5)
            .overlay(alignment: .topTrailing) { Image(systemName: "star").padding(1) }
            .tint(.orange.opacity(0.8)).tint(nil)
            .privacySensitive()
        var root = ViewRenderer.root(of: view)
        // What a configuration's `.contentMarginsDisabled()` puts on each entry's root.
        root.modifiers.append(ViewModifierNode(.contentMarginsDisabled))
        return root
    }
}
