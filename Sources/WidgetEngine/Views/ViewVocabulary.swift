import Diagnostics
import PluginProtocol
public import WidgetHostKit

/// The view vocabulary a plugin draws with: each node type and the attributes it takes, and the
/// view modifiers (docs/plugins.md, `schema --views`) with their values, each value with its rule (``ViewValueRule``). The
/// same table gives the JSON Schema that `widgethost schema --views` prints and the warnings a
/// plugin's views get (an unknown type, attribute or modifier, with a "did you mean"; a value
/// outside its type, cases or range; a control without an intent); what a warning names is left
/// out of the view, which still renders what it can.
public enum ViewVocabulary {
    /// Attributes every node takes beyond its `type`: its modifiers, and `url` (the root's
    /// `widgetURL`).
    static let commonAttributes: [(name: String, rule: ViewValueRule)] = [
        (
            "modifiers",
            .refusedWhenWrong(
                .object([.init("type", .string("array")), .init("items", reference("modifier"))]))
        ),
        ("url", .string),
    ]

    /// The attributes of each node type beyond ``commonAttributes``, with their rules.
    static let attributes: [(type: String, attributes: [(name: String, rule: ViewValueRule)])] = {
        let children = ViewValueRule.refusedWhenWrong(
            .object([.init("type", .string("array")), .init("items", reference("node"))]))
        let intent = ViewValueRule.refusedWhenWrong(reference("intent"))
        return [
            (
                "vstack",
                [("children", children), ("alignment", .cases(columnAlignments)), ("spacing", .points)]
            ),
            ("hstack", [("children", children), ("alignment", .cases(rowAlignments)), ("spacing", .points)]),
            ("zstack", [("children", children), ("alignment", .cases(alignments))]),
            (
                "text",
                [
                    ("text", .string),
                    (
                        "date",
                        .refusedWhenWrong(
                            .object([.init("type", .string("string")), .init("format", .string("date-time"))])
                        )
                    ),
                    ("dateStyle", .cases(["relative", "offset", "timer", "time", "date"])),
                ]
            ),
            ("image", [("systemName", .string)]),
            ("button", [("intent", intent), ("children", children), ("text", .string)]),
            ("toggle", [("isOn", .boolean), ("intent", intent), ("children", children), ("text", .string)]),
            ("link", [("children", children), ("text", .string)]),
            ("spacer", [("minLength", .points)]),
            (
                "progress",
                [("value", .refusedWhenWrong(ViewValueRule.fraction.schema)), ("children", children)]
            ),
        ]
    }()

    /// Names a new author reaches for, and the attribute meant (too far apart for a "did you mean"
    /// by spelling: `image.name` for `systemName`).
    static let synonyms: [String: String] = [
        "name": "systemName", "symbol": "systemName", "icon": "systemName", "systemImage": "systemName",
        "label": "text", "title": "text", "string": "text", "content": "text",
        "destination": "url", "href": "url", "link": "url", "value": "isOn", "on": "isOn",
        "items": "children", "views": "children", "action": "intent",
    ]

    static let fontStyles = [
        "largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout", "footnote",
        "caption", "caption2",
    ]
    static let weights = [
        "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
    ]
    static let styles = [
        "primary", "secondary", "tertiary", "quaternary", "red", "orange", "yellow", "green", "mint", "teal",
        "cyan", "blue", "indigo", "purple", "pink", "brown", "white", "gray", "black", "clear", "accentColor",
        "fill", "systemBackground", "secondarySystemBackground", "tertiarySystemBackground", "label",
        "secondaryLabel", "systemGray",
    ]
    static let edges = ["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"]
    /// The edges a list of edges names.
    static let edgeNames = ["top", "leading", "bottom", "trailing"]
    static let transitions = ["identity", "opacity", "interpolate", "numericText", "symbolEffect"]
    static let shapes = ["roundedRectangle", "capsule", "circle", "rectangle", "containerRelative"]
    /// SwiftUI's `HorizontalAlignment`, a vstack's.
    static let columnAlignments = HorizontalAlignment.allCases.map(\.rawValue)
    /// SwiftUI's `VerticalAlignment`, an hstack's.
    static let rowAlignments = VerticalAlignment.allCases.map(\.rawValue)
    /// SwiftUI's `Alignment`, a frame's, a zstack's, an overlay's and a background's.
    static let alignments = [
        "center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading",
        "bottomTrailing",
    ]

    /// Each modifier's values (besides `type`) with their rules: the first vocabulary's, and the shapes,
    /// control styles, effects and animations the Swift SDK records (issue 15).
    static let modifiers: [(type: String, values: [(name: String, rule: ViewValueRule)])] = {
        let shape: [(name: String, rule: ViewValueRule)] = [
            ("shape", .cases(shapes)), ("cornerRadius", .points),
        ]
        // A whole view an overlay or a background draws, at an alignment: the node is checked as
        // a node of the tree (``check(_:)``), and one that is no object refuses the entry.
        let layered: [(name: String, rule: ViewValueRule)] = [
            ("alignment", .cases(alignments)), ("view", .refusedWhenWrong(reference("node"))),
        ]
        return [
            ("font", [("style", .cases(fontStyles)), ("size", .positive), ("weight", .cases(weights))]),
            ("fontWeight", [("weight", .cases(weights))]),
            ("foregroundStyle", [("style", .style), ("opacity", .fraction)]),
            ("strikethrough", [("isActive", .boolean), ("color", .style)]),
            ("lineLimit", [("limit", .integer(minimum: 1))]),
            ("padding", [("edges", .edges), ("length", .points)]),
            ("background", [("style", .style), ("opacity", .fraction)] + shape + layered),
            (
                "frame",
                [
                    ("width", .length), ("height", .length), ("minWidth", .length), ("idealWidth", .length),
                    ("maxWidth", .length), ("minHeight", .length), ("idealHeight", .length),
                    ("maxHeight", .length), ("alignment", .cases(alignments)),
                ]
            ),
            ("opacity", [("value", .fraction)]),
            (
                "contentTransition",
                [
                    ("transition", .cases(transitions)), ("effect", .string), ("countsDown", .boolean),
                    ("value", .number),
                ]
            ),
            ("invalidatableContent", [("isActive", .boolean)]),
            ("widgetAccentable", [("isActive", .boolean)]),
            ("containerBackground", [("style", .style), ("opacity", .fraction)]),
            ("cornerRadius", [("radius", .points)]),
            ("clipShape", shape),
            (
                "buttonStyle",
                [("style", .cases(["automatic", "plain", "borderless", "bordered", "borderedProminent"]))]
            ),
            ("toggleStyle", [("style", .cases(["automatic", "switch", "button", "custom"]))]),
            ("labelsHidden", []),
            (
                "scaleEffect",
                [
                    ("scale", .number), ("x", .number), ("y", .number), ("anchorX", .number),
                    ("anchorY", .number),
                ]
            ),
            (
                "shadow",
                [
                    ("color", .style), ("opacity", .fraction), ("radius", .points), ("x", .number),
                    ("y", .number),
                ]
            ),
            ("offset", [("x", .number), ("y", .number)]),
            ("rotationEffect", [("degrees", .number), ("anchorX", .number), ("anchorY", .number)]),
            ("animation", [("curve", .string), ("duration", .points)]),
            ("disabled", [("isActive", .boolean)]),
            ("contentMarginsDisabled", []),
            ("fixedSize", [("horizontal", .boolean), ("vertical", .boolean)]),
            ("layoutPriority", [("value", .number)]),
            ("minimumScaleFactor", [("factor", .scale)]),
            ("overlay", layered),
            ("tint", [("style", .style), ("opacity", .fraction)]),
            // What the Swift SDK records of an API widgethost does not draw: always a warning.
            ("ignored", [("api", .string)]),
        ]
    }()

    // MARK: - The schema

    /// The JSON Schema (draft 2020-12) of a view tree, as `widgethost schema --views` prints it.
    public static var schema: JSONValue {
        let nodes: [JSONValue] = attributes.map { entry in
            let properties: [JSONValue.Member] =
                [.init("type", .object([.init("const", .string(entry.type))]))]
                + (commonAttributes + entry.attributes).map { .init($0.name, $0.rule.schema) }
            return .object([
                .init("type", .string("object")),
                .init("required", .array([.string("type")])),
                .init("properties", .object(properties)),
                .init("additionalProperties", .bool(false)),
            ])
        }
        let modifierSchemas: [JSONValue] = modifiers.map { entry in
            .object([
                .init("type", .string("object")),
                .init("required", .array([.string("type")])),
                .init(
                    "properties",
                    .object(
                        [.init("type", .object([.init("const", .string(entry.type))]))]
                            + entry.values.map { JSONValue.Member($0.name, $0.rule.schema) })),
                .init("additionalProperties", .bool(false)),
            ])
        }
        return .object([
            .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            .init("$id", .string("https://widgethost.invalid/views.schema.json")),
            .init("title", .string("widgethost view")),
            .init(
                "description",
                .string(
                    "A view tree as a plugin draws it: nodes with a type, attributes and modifiers "
                        + "(in SwiftUI's order).")),
            .init("$ref", .string("#/$defs/node")),
            .init(
                "$defs",
                .object([
                    .init("node", .object([.init("oneOf", .array(nodes))])),
                    .init("modifier", .object([.init("oneOf", .array(modifierSchemas))])),
                    .init(
                        "intent",
                        .object([
                            .init("type", .string("object")),
                            .init("required", .array([.string("type")])),
                            .init(
                                "properties",
                                .object([
                                    .init("type", .object([.init("type", .string("string"))])),
                                    .init("parameters", .object([.init("type", .string("object"))])),
                                ])),
                            .init("additionalProperties", .bool(false)),
                        ])),
                ])),
        ])
    }

    private static func reference(_ name: String) -> JSONValue {
        .object([.init("$ref", .string("#/$defs/\(name)"))])
    }

    // MARK: - Checking

    /// A view tree checked against the vocabulary: the warnings it gets (unknown node types,
    /// attributes and modifiers, values outside their type, cases or range, a button or toggle
    /// without an intent), each with where it is (`view.children[1]`) and a "did you mean" when
    /// one is close; and the tree without what the warnings say is ignored, `nil` when that is
    /// nothing (the tree as it is).
    /// - Complexity: O(n) in the nodes and modifiers of the tree; a tree is copied only when
    ///   something is left out of it.
    public static func check(_ json: JSONValue) -> (warnings: [String], view: JSONValue?) {
        var warnings: [String] = []
        let view = check(json, at: "view", depth: 0, into: &warnings)
        return (warnings, view)
    }

    /// Checks the node `json` at `path`; returns it without what is ignored, `nil` when nothing is.
    private static func check(_ json: JSONValue, at path: String, depth: Int, into warnings: inout [String])
        -> JSONValue?
    {
        // Deeper nesting is refused whole by the reader of the view.
        guard depth < 256, case .object(let members) = json else { return nil }
        let typeName = json["type"]?.stringValue ?? ""
        let known = attributes.first { $0.type == typeName }
        if known == nil {
            warnings.append(
                "\(path): unknown view type \(json["type"]?.brief ?? "(none)")"
                    + suggestion(for: typeName, among: attributes.map(\.type))
                    + "; it is drawn as a vstack of its children")
        }
        let node = typeName.isEmpty ? "a node" : "\(article(typeName)) \(typeName) node"
        var allowed = commonAttributes.map(\.name)
        for attribute in known?.attributes ?? attributes.flatMap(\.attributes)
        where !allowed.contains(attribute.name) {
            allowed.append(attribute.name)
        }
        // An unknown type is drawn as a vstack, or as a text when it has only text (the reader's
        // rule): its values are checked as that node's.
        let drawnAs =
            known?.type ?? (json["children"] == nil && json["text"]?.stringValue != nil ? "text" : "vstack")
        let ownRules = attributes.first { $0.type == drawnAs }?.attributes ?? []
        // The members kept, made only once one is left out or changed: most views have nothing
        // to leave out, and are not copied.
        var kept: [JSONValue.Member]?
        for (position, member) in members.enumerated() {
            var value = member.value
            var keep = true
            var replaced = false
            switch member.key {
            case "type":
                break
            case _ where !allowed.contains(member.key):
                var hint = suggestion(for: member.key, among: allowed)
                if hint.isEmpty, let meant = synonyms[member.key], allowed.contains(meant) {
                    hint = "; did you mean '\(meant)'?"
                }
                if hint.isEmpty {
                    hint =
                        "; \(typeName.isEmpty ? "a node" : "\(article(typeName)) \(typeName)") takes "
                        + allowed.joined(separator: ", ")
                }
                warnings.append("\(path): unknown attribute '\(member.key)' of \(node)\(hint); it is ignored")
                keep = false
            case "modifiers":
                guard case .array(let items) = value,
                    let checked = checkModifiers(items, at: path, depth: depth, into: &warnings)
                else { break }
                value = .array(checked)
                replaced = true
            case "children":
                guard case .array(let items) = value else { break }
                var children: [JSONValue]?
                for (index, child) in items.enumerated() {
                    guard
                        let checked = check(
                            child, at: "\(path).children[\(index)]", depth: depth + 1, into: &warnings)
                    else { continue }
                    if children == nil { children = items }
                    children?[index] = checked
                }
                if let children {
                    value = .array(children)
                    replaced = true
                }
            default:
                // `null` is no value, as the reader takes it.
                guard value != .null,
                    let rule =
                        (commonAttributes.first { $0.name == member.key }
                        ?? ownRules.first { $0.name == member.key })?.rule,
                    let problem = rule.problem(with: value)
                else { break }
                warnings.append(
                    "\(path): '\(member.key)' of \(node) is \(value.brief), \(problem); it is ignored")
                keep = false
            }
            if kept == nil, !keep || replaced { kept = Array(members[..<position]) }
            if keep { kept?.append(.init(member.key, value)) }
        }
        if typeName == "button" || typeName == "toggle", (json["intent"] ?? .null) == .null {
            warnings.append(
                "\(path): \(node) has no 'intent', so tapping it runs nothing; give it the intent it runs")
        }
        if typeName == "link", (json["url"] ?? .null) == .null {
            warnings.append(
                "\(path): \(node) has no 'url', so tapping it opens nothing; give it the URL it opens")
        }
        return kept.map { .object($0) }
    }

    /// Checks the modifiers `items` of the node at `path`, `depth` deep; returns them without what
    /// is ignored, `nil` when nothing is.
    private static func checkModifiers(
        _ items: [JSONValue], at path: String, depth: Int, into warnings: inout [String]
    ) -> [JSONValue]? {
        var kept: [JSONValue]?
        for (index, item) in items.enumerated() {
            let outcome = checkModifier(
                item, at: "\(path).modifiers[\(index)]", depth: depth, into: &warnings)
            if case .kept = outcome {
                kept?.append(item)
                continue
            }
            if kept == nil { kept = Array(items[..<index]) }
            if case .changed(let checked) = outcome { kept?.append(checked) }
        }
        return kept
    }

    /// What checking a modifier leaves of it.
    private enum Outcome {
        /// The modifier as it is.
        case kept
        /// The modifier without the values that are ignored (and its `view` without what is
        /// ignored of it).
        case changed(JSONValue)
        /// Nothing: the modifier is ignored.
        case removed
    }

    /// Checks the modifier `json` at `path` of a node `depth` deep; its `view` is checked as a
    /// node one level deeper, at `path.view`.
    private static func checkModifier(
        _ json: JSONValue, at path: String, depth: Int, into warnings: inout [String]
    ) -> Outcome {
        guard case .object(let members) = json else {
            warnings.append(
                "\(path): a modifier is an object with a 'type', not \(json.brief); it is ignored")
            return .removed
        }
        let typeName = json["type"]?.stringValue ?? ""
        guard let known = modifiers.first(where: { $0.type == typeName }) else {
            warnings.append(
                "\(path): unknown modifier \(json["type"]?.brief ?? "(none)")"
                    + suggestion(for: typeName, among: modifiers.map(\.type), orList: true)
                    + "; it is ignored")
            return .removed
        }
        if typeName == "ignored" {
            let api = json["api"]?.stringValue.map { "'\($0)'" } ?? "an API"
            warnings.append("\(path): the view uses \(api), which widgethost does not draw; it is ignored")
            return .removed
        }
        let owner = "the \(typeName) modifier"
        // The members kept, made only once one is left out or changed.
        var kept: [JSONValue.Member]?
        for (position, member) in members.enumerated() {
            var problem: String?
            if member.key == "type" {
                problem = nil
            } else if member.key == "view", known.values.contains(where: { $0.name == "view" }) {
                // A node of its own: its problems are warned of where they are, and left out of it.
                if case .object = member.value,
                    let checked = check(member.value, at: "\(path).view", depth: depth + 1, into: &warnings)
                {
                    if kept == nil { kept = Array(members[..<position]) }
                    kept?.append(.init("view", checked))
                    continue
                }
            } else if let rule = known.values.first(where: { $0.name == member.key })?.rule {
                if member.value != .null, let wrong = rule.problem(with: member.value) {
                    problem = "'\(member.key)' of \(owner) is \(member.value.brief), \(wrong)"
                }
            } else {
                let names = known.values.map(\.name)
                var hint = suggestion(for: member.key, among: names)
                if hint.isEmpty {
                    hint = "; \(owner) takes " + (names.isEmpty ? "no other" : names.joined(separator: ", "))
                }
                problem = "unknown attribute '\(member.key)' of \(owner)\(hint)"
            }
            guard let problem else {
                kept?.append(member)
                continue
            }
            warnings.append("\(path): \(problem); it is ignored")
            if kept == nil { kept = Array(members[..<position]) }
        }
        return kept.map { .changed(.object($0)) } ?? .kept
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    private static func suggestion(for name: String, among candidates: [String], orList: Bool = false)
        -> String
    {
        if !name.isEmpty, let nearest = EditDistance.suggestion(for: name, among: candidates) {
            return "; did you mean '\(nearest)'?"
        }
        return orList ? "; expected one of \(candidates.joined(separator: ", "))" : ""
    }
}
