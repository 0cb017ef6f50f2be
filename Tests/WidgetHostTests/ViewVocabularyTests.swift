import Foundation
import Layout
import Testing
@_spi(WidgetHost) import WidgetHostKit

@testable import PluginHosting
@testable import Rendering
@testable import WidgetEngine
@testable import WidgetHost

/// Plugin views checked against the view vocabulary: each value against its rule, what a warning
/// names left out of the view, and the schema, the check and the HTML page agreeing.
@Suite struct ViewVocabularyTests {
    /// The Python SDK checks a view's values against the same lists as the host (it refused
    /// `systemBackground`, `red.secondary` and `symbolEffect`, and let any frame alignment by):
    /// each of its tuples, read from the SDK the binary embeds, is the host's list.
    @Test func thePythonSDKsListsAreTheHosts() throws {
        let source = PythonPluginSDK.source
        func tuple(_ name: String) throws -> [String] {
            let start = try #require(source.range(of: "\n\(name) = ("), "no \(name) in the SDK")
            let end = try #require(source[start.upperBound...].firstIndex(of: ")"))
            return source[start.upperBound..<end].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty }
        }
        #expect(try tuple("_STYLES") == ViewVocabulary.styles)
        #expect(try tuple("_LEVELS") == ViewValueRule.levels)
        #expect(try tuple("_FONT_STYLES") == ViewVocabulary.fontStyles)
        #expect(try tuple("_WEIGHTS") == ViewVocabulary.weights)
        #expect(try tuple("_EDGES") == ViewVocabulary.edges)
        #expect(try tuple("_TRANSITIONS") == ViewVocabulary.transitions)
        #expect(try tuple("_FRAME_ALIGNMENTS") == ViewVocabulary.alignments)
    }

    /// The warnings and the view left of a text with the one modifier `modifier` (JSON text).
    static func check(modifier: String) throws -> (warnings: [String], view: JSONValue?) {
        ViewVocabulary.check(
            try JSONValue(parsing: #"{"type":"text","text":"a","modifiers":[\#(modifier)]}"#))
    }

    @Test(arguments: [
        #"{"type":"font","style":"title2","weight":"heavy"}"#, #"{"type":"font","size":12.5}"#,
        #"{"type":"lineLimit","limit":2}"#, #"{"type":"lineLimit","limit":2.0}"#, #"{"type":"lineLimit"}"#,
        #"{"type":"opacity","value":0}"#, #"{"type":"opacity","value":1}"#,
        ##"{"type":"foregroundStyle","style":"#12ABef"}"##,
        ##"{"type":"foregroundStyle","style":"#12ABef.tertiary"}"##,
        #"{"type":"foregroundStyle","style":"red.secondary","opacity":0.25}"#,
        #"{"type":"background","style":"fill.tertiary","shape":"roundedRectangle","cornerRadius":8}"#,
        #"{"type":"padding","edges":["top","leading"],"length":0}"#, #"{"type":"padding","edges":[]}"#,
        #"{"type":"frame","maxWidth":"infinity","height":40,"alignment":"topLeading"}"#,
        #"{"type":"strikethrough","isActive":false,"color":"gray"}"#,
        #"{"type":"shadow","color":"black","opacity":0.1,"radius":4,"x":-1,"y":2}"#,
        #"{"type":"scaleEffect","scale":-1}"#, #"{"type":"labelsHidden"}"#,
        #"{"type":"fixedSize"}"#, #"{"type":"fixedSize","horizontal":false,"vertical":true}"#,
        #"{"type":"layoutPriority","value":-1.5}"#, #"{"type":"minimumScaleFactor","factor":1}"#,
        #"{"type":"minimumScaleFactor","factor":0.01}"#,
        #"{"type":"overlay","alignment":"topTrailing","view":{"type":"image","systemName":"star"}}"#,
        #"{"type":"background","alignment":"bottom","view":{"type":"zstack","children":[{"type":"spacer"}]}}"#,
        // `null` is no value, as the reader takes it.
        #"{"type":"font","size":null}"#,
    ])
    func aValueOfTheVocabularyIsKept(_ modifier: String) throws {
        let checked = try Self.check(modifier: modifier)
        #expect(checked.warnings == [])
        #expect(checked.view == nil)
    }

    @Test(arguments: [
        (#"{"type":"font","size":0}"#, "'size' of the font modifier is 0, not a number above 0"),
        (#"{"type":"font","size":"12"}"#, #"'size' of the font modifier is "12", not a number above 0"#),
        (#"{"type":"fontWeight","weight":"bolder"}"#, "did you mean 'bold'?"),
        (
            #"{"type":"lineLimit","limit":1.5}"#,
            "'limit' of the lineLimit modifier is 1.5, not an integer of at least 1"
        ),
        (#"{"type":"opacity","value":1.5}"#, "is 1.5, not a number from 0 to 1"),
        (
            #"{"type":"foregroundStyle","style":"red.bright"}"#,
            #"'style' of the foregroundStyle modifier is "red.bright""#
        ),
        (##"{"type":"foregroundStyle","style":"#12ABEG"}"##, ##"is "#12ABEG", not a style"##),
        (#"{"type":"foregroundStyle","style":"greeen"}"#, "did you mean 'green'?"),
        (
            #"{"type":"background","style":"blue","shape":"star"}"#,
            "'shape' of the background modifier is \"star\""
        ),
        (
            #"{"type":"padding","edges":["top","sideways"]}"#,
            #"'edges' of the padding modifier is ["top","sideways"]"#
        ),
        (
            #"{"type":"padding","length":-4}"#,
            "'length' of the padding modifier is -4, not a number of points"
        ),
        (#"{"type":"frame","width":"wide"}"#, #"not a number of points, 0 or more, or "infinity""#),
        (
            #"{"type":"frame","alignment":"left"}"#,
            #"'alignment' of the frame modifier is "left", not one of center"#
        ),
        (#"{"type":"strikethrough","isActive":"yes"}"#, #"is "yes", not true or false"#),
        (#"{"type":"contentTransition","transition":"fade"}"#, #"is "fade", not one of identity"#),
        (#"{"type":"cornerRadius","radius":true}"#, "'radius' of the cornerRadius modifier is true"),
        (#"{"type":"labelsHidden","on":true}"#, "the labelsHidden modifier takes no other"),
        (#"{"type":"fixedSize","horizontal":"yes"}"#, #"'horizontal' of the fixedSize modifier is "yes""#),
        (#"{"type":"layoutPriority","value":"high"}"#, #"'value' of the layoutPriority modifier is "high""#),
        (
            #"{"type":"minimumScaleFactor","factor":0}"#,
            "'factor' of the minimumScaleFactor modifier is 0, not a number above 0, at most 1"
        ),
        (#"{"type":"minimumScaleFactor","factor":1.5}"#, "is 1.5, not a number above 0, at most 1"),
        (
            #"{"type":"overlay","alignment":"middle","view":{"type":"text","text":"b"}}"#,
            #"'alignment' of the overlay modifier is "middle", not one of center"#
        ),
        (#"{"type":"overlay","style":"red"}"#, "unknown attribute 'style' of the overlay modifier"),
        (#"{"type":"background","alignment":"topLeadin"}"#, "did you mean 'topLeading'?"),
    ])
    func aValueOutsideTheVocabularyIsWarnedOfAndLeftOut(_ modifier: String, _ fragment: String) throws {
        let checked = try Self.check(modifier: modifier)
        #expect(checked.warnings.count == 1)
        let warning = checked.warnings.first ?? ""
        #expect(warning.hasPrefix("view.modifiers[0]: "), "\(warning)")
        #expect(warning.contains(fragment), "\(warning)")
        #expect(warning.hasSuffix("; it is ignored"), "\(warning)")
        // The modifier is kept without the value: no value outside the vocabulary is left.
        let modifiers = checked.view?["modifiers"]
        guard case .array(let items)? = modifiers, let left = items.first else {
            Issue.record("no modifier left: \(String(describing: checked.view))")
            return
        }
        #expect(items.count == 1)
        let type = try JSONValue(parsing: modifier)["type"]
        #expect(left["type"] == type)
        let original = try JSONValue(parsing: modifier)
        guard case .object(let members) = left, case .object(let all) = original else { return }
        #expect(members.count == all.count - 1)
    }

    /// A tree with nothing to leave out is not copied; one with something deep in it is rebuilt
    /// around it only, the rest as it was.
    @Test func onlyWhatIsWarnedOfIsLeftOut() throws {
        let view = try JSONValue(
            parsing: #"""
                {"type":"vstack","children":[{"type":"text","text":"a"},
                  {"type":"hstack","children":[{"type":"image","systemName":"bell","modifiers":[
                    {"type":"opacity","value":2},{"type":"blink"},"bold",{"type":"padding","length":4}]}]}]}
                """#)
        let checked = ViewVocabulary.check(view)
        #expect(
            checked.warnings == [
                "view.children[1].children[0].modifiers[0]: 'value' of the opacity modifier is 2, not a number "
                    + "from 0 to 1; it is ignored",
                #"view.children[1].children[0].modifiers[1]: unknown modifier "blink"; expected one of font, "#
                    + "fontWeight, foregroundStyle, strikethrough, lineLimit, padding, background, frame, opacity, "
                    + "contentTransition, invalidatableContent, widgetAccentable, containerBackground, "
                    + "cornerRadius, clipShape, buttonStyle, toggleStyle, labelsHidden, scaleEffect, shadow, "
                    + "offset, rotationEffect, animation, disabled, contentMarginsDisabled, fixedSize, layoutPriority, minimumScaleFactor, "
                    + "overlay, tint, ignored; it is "
                    + "ignored",
                #"view.children[1].children[0].modifiers[2]: a modifier is an object with a 'type', not "bold"; "#
                    + "it is ignored",
            ])
        #expect(
            checked.view
                == (try JSONValue(
                    parsing: #"""
                        {"type":"vstack","children":[{"type":"text","text":"a"},
                          {"type":"hstack","children":[{"type":"image","systemName":"bell","modifiers":[
                            {"type":"opacity"},{"type":"padding","length":4}]}]}]}
                        """#)))
        #expect(ViewVocabulary.check(checked.view ?? .null).view == nil)
    }

    @Test(arguments: [
        (#"{"type":"text","text":7}"#, "view: 'text' of a text node is 7, not a string; it is ignored"),
        (
            #"{"type":"image","systemName":["bell"]}"#,
            #"view: 'systemName' of an image node is ["bell"], not a string"#
        ),
        (
            #"{"type":"toggle","isOn":"yes","intent":{"type":"I"}}"#,
            #"'isOn' of a toggle node is "yes", not true or false"#
        ),
        (
            #"{"type":"text","text":"a","dateStyle":"soon"}"#,
            #"'dateStyle' of a text node is "soon", not one of relative"#
        ),
        (#"{"type":"text","text":"a","url":1}"#, "'url' of a text node is 1, not a string"),
        (
            #"{"type":"button","children":[]}"#,
            "view: a button node has no 'intent', so tapping it runs nothing; give it the intent it runs"
        ),
        (#"{"type":"toggle","isOn":true,"intent":null}"#, "view: a toggle node has no 'intent'"),
        (
            #"{"type":"link","children":[{"type":"text","text":"Open"}]}"#,
            "view: a link node has no 'url', so tapping it opens nothing; give it the URL it opens"
        ),
        (
            #"{"type":"vstack","alignment":"top","children":[]}"#,
            #"view: 'alignment' of a vstack node is "top", not one of leading, center, trailing; it is ignored"#
        ),
        (
            #"{"type":"hstack","alignment":"leading","children":[]}"#,
            #"'alignment' of a hstack node is "leading", not one of top, center, bottom, firstTextBaseline, "#
                + "lastTextBaseline; it is ignored"
        ),
        (#"{"type":"hstack","alignment":"firstTextBaselin"}"#, "did you mean 'firstTextBaseline'?"),
        (
            #"{"type":"vstack","spacing":-8}"#,
            "'spacing' of a vstack node is -8, not a number of points, 0 or more"
        ),
        (
            #"{"type":"hstack","spacing":"wide"}"#,
            #"'spacing' of a hstack node is "wide", not a number of points"#
        ),
        (#"{"type":"text","text":"a","spacing":4}"#, "unknown attribute 'spacing' of a text node"),
        (
            #"{"type":"zstack","alignment":"middle","children":[]}"#,
            #"view: 'alignment' of a zstack node is "middle", not one of center, leading, trailing, top, "#
                + "bottom, topLeading, topTrailing, bottomLeading, bottomTrailing; it is ignored"
        ),
        (#"{"type":"zstack","spacing":4}"#, "unknown attribute 'spacing' of a zstack node"),
        (
            #"{"type":"spacer","minLength":-2}"#,
            "view: 'minLength' of a spacer node is -2, not a number of points, 0 or more; it is ignored"
        ),
        (#"{"type":"text","text":"a","minLength":2}"#, "unknown attribute 'minLength' of a text node"),
    ])
    func aNodesWrongValueOrMissingIntentIsWarnedOf(_ node: String, _ fragment: String) throws {
        let checked = ViewVocabulary.check(try JSONValue(parsing: node))
        #expect(checked.warnings.count == 1)
        #expect(checked.warnings.first?.contains(fragment) == true, "\(checked.warnings)")
    }

    /// A stack's alignment of its own axis and a spacing of 0 or more points are kept.
    @Test(arguments: [
        #"{"type":"vstack","alignment":"trailing","spacing":0,"children":[]}"#,
        #"{"type":"vstack","alignment":"center","spacing":20}"#,
        #"{"type":"hstack","alignment":"lastTextBaseline","spacing":2.5}"#,
        #"{"type":"hstack","alignment":"top"}"#,
        #"{"type":"zstack","alignment":"bottomTrailing","children":[{"type":"text","text":"a"}]}"#,
        #"{"type":"zstack"}"#, #"{"type":"spacer","minLength":0}"#, #"{"type":"spacer","minLength":12.5}"#,
    ])
    func aStacksAlignmentAndSpacingAreKept(_ node: String) throws {
        let checked = ViewVocabulary.check(try JSONValue(parsing: node))
        #expect(checked.warnings == [])
        #expect(checked.view == nil)
    }

    /// A modifier's `view` is a node of the tree: its problems are warned of where they are (through
    /// views in views), and left out of it; the rest of the modifier and its view are kept.
    @Test func aModifiersViewIsCheckedAsANode() throws {
        let view = try JSONValue(
            parsing: #"""
                {"type":"zstack","children":[{"type":"text","text":"a","modifiers":[
                  {"type":"padding"},
                  {"type":"overlay","alignment":"topTrailing","view":{"type":"vstack","children":[
                    {"type":"image","name":"star"}],"modifiers":[
                    {"type":"opacity","value":0.5},{"type":"fontt"},
                    {"type":"background","view":{"type":"hstack","children":[{"type":"txt","text":"b"}]}}]}}]}]}
                """#)
        let checked = ViewVocabulary.check(view)
        let at = "view.children[0].modifiers[1].view"
        #expect(
            checked.warnings == [
                "\(at).children[0]: unknown attribute 'name' of an image node; did you mean 'systemName'?; it is "
                    + "ignored",
                #"\#(at).modifiers[1]: unknown modifier "fontt"; did you mean 'font'?; it is ignored"#,
                #"\#(at).modifiers[2].view.children[0]: unknown view type "txt"; did you mean 'text'?; it is "#
                    + "drawn as a vstack of its children",
            ])
        #expect(
            checked.view
                == (try JSONValue(
                    parsing: #"""
                        {"type":"zstack","children":[{"type":"text","text":"a","modifiers":[
                          {"type":"padding"},
                          {"type":"overlay","alignment":"topTrailing","view":{"type":"vstack","children":[
                            {"type":"image"}],"modifiers":[
                            {"type":"opacity","value":0.5},
                            {"type":"background","view":{"type":"hstack","children":[{"type":"txt","text":"b"}]}}]}}]}]}
                        """#)))
        #expect(ViewVocabulary.check(checked.view ?? .null).warnings.count == 1)
    }

    /// The Swift SDK writes only what the vocabulary takes: a Swift plugin's views get no warning.
    @Test func everyValueTheSDKWritesIsInTheVocabulary() {
        let view = VStack(alignment: .trailing, spacing: 4) {
            HStack(alignment: .firstTextBaseline, spacing: 0) { Text("a") }
            HStack(alignment: .bottom) { Text("b") }
            VStack(alignment: .leading, spacing: 2.5) { Text("c") }
            Text("a")
                .font(.system(size: 8, weight: .heavy)).fontWeight(.bold)
                .foregroundStyle(Color.red.opacity(0.5)).foregroundStyle(
                    Color(red: 1, green: 0, blue: 0.5).tertiary
                )
                .strikethrough(true, color: .gray).lineLimit(2)
                .padding([.top, .leading], 2).padding(.horizontal).padding(8)
                .background(.blue, in: RoundedRectangle(cornerRadius: 4))
                .background(Capsule().fill(.fill.secondary))
                .frame(width: 10, height: 12, alignment: .bottomTrailing)
                .frame(
                    minWidth: 1, idealWidth: 2, maxWidth: .infinity, minHeight: 1, idealHeight: 2,
                    maxHeight: 3
                )
                .opacity(0.5).contentTransition(.numericText(countsDown: true))
                .contentTransition(.numericText(value: 3)).contentTransition(.symbolEffect(.replace))
                .invalidatableContent(false).widgetAccentable(false)
                .containerBackground(.fill.tertiary, for: .widget).cornerRadius(8).clipShape(Capsule())
                .clipShape(ContainerRelativeShape())
                .buttonStyle(.borderedProminent).toggleStyle(.switch).labelsHidden().scaleEffect(0.8)
                .shadow(color: .black.opacity(0.1), radius: 4, x: 1, y: 2)
                .animation(.easeInOut(duration: 0.3), value: 1).disabled(true)
            Text(Date(timeIntervalSince1970: 0), style: .relative).font(.caption.bold())
            Image(systemName: "bell").foregroundColor(.secondary)
            ProgressView(value: 0.5)
            Spacer()
            Spacer(minLength: 4)
            ZStack(alignment: .topTrailing) {
                Color.blue
                Text("d").fixedSize().fixedSize(horizontal: false, vertical: true).layoutPriority(1)
                    .minimumScaleFactor(0.5)
                    .overlay(alignment: .bottomLeading) { Circle().fill(.red).frame(width: 4, height: 4) }
                    .background(alignment: .top) {
                        Text("e")
                        Image(systemName: "star").padding(1)
                    }
            }
        }
        let json = ViewRenderer.root(of: view).json
        let checked = ViewVocabulary.check(json)
        #expect(checked.warnings == [])
        #expect(checked.view == nil)
    }

    /// The modifiers the vocabulary checks are the ones the reader of a view keeps, value for value.
    @Test func theVocabularysModifiersAreTheReadersOnes() {
        #expect(ViewVocabulary.modifiers.map(\.type) == ViewModifierNode.Kind.allCases.map(\.rawValue))
        for kind in ViewModifierNode.Kind.allCases {
            let values = ViewVocabulary.modifiers.first { $0.type == kind.rawValue }?.values.map(\.name)
            #expect(values == kind.valueNames, "\(kind)")
        }
    }

    /// The schema's pattern of a style, the check's and the colours the layout resolves (which
    /// every picture draws) agree.
    @Test(arguments: [
        "primary", "quaternary", "systemGray", "accentColor", "fill.tertiary", "red.secondary", "#0aF19c",
        "#0AF19C.quaternary", "notacolor", "red.bright", "red.secondary.tertiary", "#0AF19", "#0AF19CC", "",
        ".secondary", "Red", "#GGGGGG", "secondary.secondary", "#112233/#AABBCC", "#112233/#aabbcc.secondary",
        "#112233/", "#112233/#AABBC", "#112233#AABBCC", "#112233/#GGBBCC", "red/#AABBCC",
        "#112233/#AABBCC/#000000",
        "#+12345",
    ])
    func aStyleIsOneForTheSchemaTheCheckAndThePage(_ style: String) throws {
        let accepted = ViewValueRule.style.accepts(.string(style))
        #expect(accepted == (Palette.resolve(style, scheme: .light) != nil))
        #expect(accepted == (Palette.resolve(style, scheme: .dark) != nil))
        let pattern = try #require(
            ViewValueRule.style.schema["anyOf"].flatMap { anyOf -> String? in
                guard case .array(let items) = anyOf else { return nil }
                return items.compactMap { $0["pattern"]?.stringValue }.first
            })
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(style.startIndex..., in: style)
        #expect((expression.firstMatch(in: style, range: range) != nil) == accepted)
    }
}
