import Diagnostics
public import WidgetHostKit

/// The view vocabulary a plugin draws with: each node type and the attributes it takes, and the
/// view modifiers of DESIGN.md with their values. The same table gives the JSON Schema that
/// `widgethost schema --views` prints and the warnings a plugin's views get (an unknown type,
/// attribute or modifier, with a "did you mean"); a node with such a mistake still renders what
/// it can.
public enum ViewVocabulary {
    /// Attributes every node takes: its type, its modifiers, and `url` (the root's `widgetURL`).
    static let commonAttributes = ["type", "modifiers", "url"]

    /// The attributes of each node type beyond ``commonAttributes``.
    static let attributes: [(type: String, attributes: [String])] = [
        ("vstack", ["children"]),
        ("hstack", ["children"]),
        ("text", ["text", "date", "dateStyle"]),
        ("image", ["systemName"]),
        ("button", ["intent", "children", "text"]),
        ("toggle", ["isOn", "intent", "children", "text"]),
        ("link", ["children", "text"]),
        ("spacer", []),
        ("progress", ["value", "children"]),
    ]

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
    static let transitions = ["identity", "opacity", "interpolate", "numericText", "symbolEffect"]
    static let shapes = ["roundedRectangle", "capsule", "circle", "rectangle", "containerRelative"]

    /// Each modifier's values, as JSON Schemas of its members (besides `type`): DESIGN.md's, and
    /// the shapes, control styles, effects and animations the Swift SDK records (issue 15).
    static var modifiers: [(type: String, values: [(String, JSONValue)])] {
        // A named style, one of its levels (`fill.tertiary`), or #RRGGBB.
        let style: JSONValue = .object([
            .init(
                "anyOf",
                .array([
                    enumeration(styles),
                    .object([
                        .init("type", .string("string")),
                        .init(
                            "pattern",
                            .string("^([A-Za-z]+(\\.(secondary|tertiary|quaternary))?|#[0-9A-Fa-f]{6})$")),
                    ]),
                ]))
        ])
        let points: JSONValue = .object([.init("type", .string("number")), .init("minimum", .int(0))])
        let number: JSONValue = .object([.init("type", .string("number"))])
        let boolean: JSONValue = .object([.init("type", .string("boolean"))])
        let string: JSONValue = .object([.init("type", .string("string"))])
        let fraction: JSONValue = .object([
            .init("type", .string("number")), .init("minimum", .int(0)), .init("maximum", .int(1)),
        ])
        let length: JSONValue = .object([
            .init("anyOf", .array([points, .object([.init("const", .string("infinity"))])]))
        ])
        let edgeSet: JSONValue = .object([
            .init(
                "anyOf",
                .array([
                    enumeration(edges),
                    .object([
                        .init("type", .string("array")),
                        .init("items", enumeration(["top", "leading", "bottom", "trailing"])),
                    ]),
                ]))
        ])
        let shape: [(String, JSONValue)] = [("shape", enumeration(shapes)), ("cornerRadius", points)]
        return [
            (
                "font",
                [
                    ("style", enumeration(fontStyles)),
                    (
                        "size",
                        .object([.init("type", .string("number")), .init("exclusiveMinimum", .int(0))])
                    ),
                    ("weight", enumeration(weights)),
                ]
            ),
            ("fontWeight", [("weight", enumeration(weights))]),
            ("foregroundStyle", [("style", style), ("opacity", fraction)]),
            ("strikethrough", [("isActive", boolean), ("color", style)]),
            (
                "lineLimit",
                [("limit", .object([.init("type", .string("integer")), .init("minimum", .int(1))]))]
            ),
            ("padding", [("edges", edgeSet), ("length", points)]),
            ("background", [("style", style), ("opacity", fraction)] + shape),
            (
                "frame",
                [
                    ("width", length), ("height", length), ("minWidth", length), ("idealWidth", length),
                    ("maxWidth", length), ("minHeight", length), ("idealHeight", length),
                    ("maxHeight", length),
                    ("alignment", string),
                ]
            ),
            ("opacity", [("value", fraction)]),
            (
                "contentTransition",
                [
                    ("transition", enumeration(transitions)), ("effect", string), ("countsDown", boolean),
                    ("value", number),
                ]
            ),
            ("invalidatableContent", [("isActive", boolean)]),
            ("widgetAccentable", [("isActive", boolean)]),
            ("containerBackground", [("style", style), ("opacity", fraction)]),
            ("cornerRadius", [("radius", points)]),
            ("clipShape", shape),
            (
                "buttonStyle",
                [
                    (
                        "style",
                        enumeration(["automatic", "plain", "borderless", "bordered", "borderedProminent"])
                    )
                ]
            ),
            ("toggleStyle", [("style", enumeration(["automatic", "switch", "button"]))]),
            ("labelsHidden", []),
            ("scaleEffect", [("scale", number)]),
            (
                "shadow",
                [("color", style), ("opacity", fraction), ("radius", points), ("x", number), ("y", number)]
            ),
            ("animation", [("curve", string), ("duration", points)]),
        ]
    }

    private static func enumeration(_ values: [String]) -> JSONValue {
        .object([.init("enum", .array(values.map { .string($0) }))])
    }

    // MARK: - The schema

    /// The JSON Schema (draft 2020-12) of a view tree, as `widgethost schema --views` prints it.
    public static var schema: JSONValue {
        let nodes: [JSONValue] = attributes.map { entry in
            var properties: [JSONValue.Member] = [
                .init("type", .object([.init("const", .string(entry.type))])),
                .init(
                    "modifiers",
                    .object([.init("type", .string("array")), .init("items", reference("modifier"))])),
                .init("url", .object([.init("type", .string("string"))])),
            ]
            for attribute in entry.attributes {
                properties.append(.init(attribute, attributeSchema(attribute)))
            }
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
                            + entry.values.map { JSONValue.Member($0.0, $0.1) })),
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

    private static func attributeSchema(_ attribute: String) -> JSONValue {
        switch attribute {
        case "children": return .object([.init("type", .string("array")), .init("items", reference("node"))])
        case "isOn": return .object([.init("type", .string("boolean"))])
        case "value":
            return .object([
                .init("type", .string("number")), .init("minimum", .int(0)), .init("maximum", .int(1)),
            ])
        case "date":
            return .object([.init("type", .string("string")), .init("format", .string("date-time"))])
        case "dateStyle":
            return .object([
                .init("enum", .array(["relative", "offset", "timer", "time", "date"].map { .string($0) }))
            ])
        case "intent": return reference("intent")
        default: return .object([.init("type", .string("string"))])
        }
    }

    // MARK: - Checking

    /// The warnings a view tree `json` gets: unknown node types, attributes, modifiers and modifier
    /// values, each with where it is (`view.children[1]`) and a "did you mean" when one is close.
    public static func warnings(in json: JSONValue) -> [String] {
        var warnings: [String] = []
        check(json, at: "view", depth: 0, into: &warnings)
        return warnings
    }

    private static func check(_ json: JSONValue, at path: String, depth: Int, into warnings: inout [String]) {
        guard depth < 256, case .object(let members) = json else { return }
        let typeName = json["type"]?.stringValue ?? ""
        let known = attributes.first { $0.type == typeName }
        if known == nil {
            warnings.append(
                "\(path): unknown view type \(json["type"]?.description ?? "(none)")"
                    + suggestion(for: typeName, among: attributes.map(\.type))
                    + "; it is drawn as a vstack of its children")
        }
        let allowed = commonAttributes + (known?.attributes ?? attributes.flatMap(\.attributes))
        for member in members where !allowed.contains(member.key) {
            var hint = suggestion(for: member.key, among: allowed)
            if hint.isEmpty, let meant = synonyms[member.key], allowed.contains(meant) {
                hint = "; did you mean '\(meant)'?"
            }
            if hint.isEmpty {
                hint =
                    "; \(typeName.isEmpty ? "a node" : "\(article(typeName)) \(typeName)") takes "
                    + allowed.filter { $0 != "type" }.joined(separator: ", ")
            }
            let node = typeName.isEmpty ? "a node" : "\(article(typeName)) \(typeName) node"
            warnings.append("\(path): unknown attribute '\(member.key)' of \(node)\(hint); it is ignored")
        }
        if case .array(let items)? = json["modifiers"] {
            for (index, modifier) in items.enumerated() {
                checkModifier(modifier, at: "\(path).modifiers[\(index)]", into: &warnings)
            }
        }
        if case .array(let children)? = json["children"] {
            for (index, child) in children.enumerated() {
                check(child, at: "\(path).children[\(index)]", depth: depth + 1, into: &warnings)
            }
        }
    }

    private static func checkModifier(_ json: JSONValue, at path: String, into warnings: inout [String]) {
        guard case .object(let members) = json else {
            warnings.append("\(path): a modifier is an object with a 'type', not \(json)")
            return
        }
        let typeName = json["type"]?.stringValue ?? ""
        guard let known = modifiers.first(where: { $0.type == typeName }) else {
            warnings.append(
                "\(path): unknown modifier \(json["type"]?.description ?? "(none)")"
                    + suggestion(for: typeName, among: modifiers.map(\.type), orList: true)
                    + "; it is ignored")
            return
        }
        let allowed = ["type"] + known.values.map(\.0)
        for member in members where !allowed.contains(member.key) {
            warnings.append(
                "\(path): unknown value '\(member.key)' of the \(typeName) modifier"
                    + suggestion(for: member.key, among: allowed, orList: true) + "; it is ignored")
        }
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
