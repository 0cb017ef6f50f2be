import Foundation
import TestSupport
import Testing

/// `widgethost schema`, run as a binary: the JSON Schema editors use for configuration files, and
/// the sample configuration checked against it by a small structural check (no validator needed).
@Suite struct SchemaCommandTests {
    static let kinds = ["TaskWidget", "FocusWidget", "Quickmenu"]

    /// The schema `widgethost schema` prints.
    static func schema() throws -> [String: Any] {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["schema"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.hasSuffix("}\n"))
        return try JSONText.object(run.standardOutput)
    }

    @Test func draft07ObjectWithWidgets() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(schema["type"] as? String == "object")
        // `widgets`, or an `include` that brings them.
        #expect(
            JSONText.canonical(schema["anyOf"]) == #"[{"required":["widgets"]},{"required":["include"]}]"#)
        #expect(schema["additionalProperties"] as? Bool == false)
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["appGroup", "include", "widgets", "plugins"])
        #expect(
            JSONText.canonical(properties["widgets"])
                == ##"{"items":{"$ref":"#/definitions/widget"},"type":"array"}"##)
        let appGroup = try #require(properties["appGroup"] as? [String: Any])
        #expect(appGroup["type"] as? [String] == ["string", "number"])
        #expect(appGroup["default"] as? String == "group.com.example.taskapp")
    }

    @Test func widgetDefinitionListsTheKindsAndDispatchesOnThem() throws {
        let definitions = try #require(try Self.schema()["definitions"] as? [String: Any])
        #expect(Set(definitions.keys) == Set(["widget", "variable"] + Self.kinds))
        let widget = try #require(definitions["widget"] as? [String: Any])
        #expect(widget["additionalProperties"] as? Bool == false)
        #expect(widget["required"] as? [String] == ["kind"])
        let properties = try #require(widget["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["id", "kind", "family", "configuration"])
        #expect(
            JSONText.canonical(properties["kind"])
                == #"{"anyOf":[{"enum":["TaskWidget","FocusWidget","Quickmenu"]},"#
                + ##"{"$ref":"#/definitions/variable"}]}"##)
        #expect(
            Self.withoutVariable(properties["family"])["enum"] as? [String] == [
                "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular",
                "accessoryRectangular", "accessoryInline",
            ])
        let allOf = try #require(widget["allOf"] as? [[String: Any]])
        #expect(
            allOf.map(JSONText.canonical)
                == Self.kinds.map {
                    #"{"if":{"properties":{"kind":{"const":"\#($0)"}},"required":["kind"]},"#
                        + ##""then":{"$ref":"#/definitions/\##($0)"}}"##
                })
    }

    @Test func taskWidgetConfigurationProperties() throws {
        let definitions = try #require(try Self.schema()["definitions"] as? [String: Any])
        let taskWidget = try #require(definitions["TaskWidget"] as? [String: Any])
        let properties = try #require(taskWidget["properties"] as? [String: Any])
        #expect(
            JSONText.canonical(properties["family"])
                == #"{"anyOf":[{"enum":["systemMedium","systemSmall","systemLarge","#
                + #""systemExtraLarge","accessoryCircular","accessoryRectangular","accessoryInline"]},"#
                + ##"{"$ref":"#/definitions/variable"}],"default":"systemMedium"}"##)
        let configuration = try #require(properties["configuration"] as? [String: Any])
        #expect(configuration["additionalProperties"] as? Bool == false)
        #expect(JSONText.canonical(configuration["type"]) == #"["object","null"]"#)
        let parameters = try #require(configuration["properties"] as? [String: Any])
        #expect(
            Set(parameters.keys) == ["priorityFilter", "showCompleted", "maxTasks", "category", "rowStyle"])
        #expect(
            JSONText.canonical(parameters["priorityFilter"])
                == #"{"anyOf":[{"enum":["all","high","medium","low"],"#
                + ##""enumDescriptions":["All","High","Medium","Low"]},{"$ref":"#/definitions/variable"}],"##
                + #""default":"all","title":"Priority"}"#)
        #expect(
            JSONText.canonical(parameters["showCompleted"])
                == ##"{"anyOf":[{"type":"boolean"},{"type":"null"},{"$ref":"#/definitions/variable"}],"##
                + #""title":"Show Completed"}"#)
        #expect(
            JSONText.canonical(parameters["maxTasks"])
                == #"{"anyOf":[{"maximum":9223372036854775807,"minimum":1,"type":"integer"},"#
                + ##"{"$ref":"#/definitions/variable"}],"default":3,"title":"Number of Tasks"}"##
        )
        #expect(
            JSONText.canonical(parameters["category"])
                == #"{"default":"all","title":"Category","type":["string","number"]}"#)
    }

    @Test(arguments: [
        ("FocusWidget", ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]),
        ("Quickmenu", ["systemMedium", "systemSmall", "systemLarge", "systemExtraLarge"]),
    ])
    func staticWidgetsForbidConfiguration(kind: String, families: [String]) throws {
        let definitions = try #require(try Self.schema()["definitions"] as? [String: Any])
        let definition = try #require(definitions[kind] as? [String: Any])
        #expect(JSONText.canonical(definition["not"]) == #"{"required":["configuration"]}"#)
        let properties = try #require(definition["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["family"])
        let family = try #require(properties["family"] as? [String: Any])
        #expect(Self.withoutVariable(family)["enum"] as? [String] == families)
        #expect(family["default"] as? String == families.first)
    }

    @Test func variablesAreTakenWhereverATypedScalarGoes() throws {
        let definitions = try #require(try Self.schema()["definitions"] as? [String: Any])
        let variable = try #require(definitions["variable"] as? [String: Any])
        #expect(variable["type"] as? String == "string")
        let pattern = try #require(variable["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for text in ["${N}", "${N:-3}", "${N:?say}", "a${_X1}b", "$5 ${N}", "$${a} ${N}", "${A}${B}"] {
            #expect(matches(text), "\(text)")
        }
        for text in ["", "3", "$${N}", "${N", "${1N}", "${N:x}", "$N", "${N} ${"] {
            #expect(!matches(text), "\(text)")
        }
    }

    /// A scalar's schema without the choice of a variable: `{"anyOf": [S, variable]}` is S (with
    /// the outer members, a default say), anything else itself.
    static func withoutVariable(_ schema: Any?) -> [String: Any] {
        guard var outer = schema as? [String: Any] else { return [:] }
        guard let choices = outer["anyOf"] as? [[String: Any]] else { return outer }
        let rest = choices.filter { $0["$ref"] as? String != "#/definitions/variable" }
        outer["anyOf"] = nil
        if rest.count == 1 { return outer.merging(rest[0]) { first, _ in first } }
        outer["anyOf"] = rest
        return outer
    }

    // MARK: - The sample configuration against the schema

    /// What a configuration (as JSON, after YAML's anchors and merge keys) breaks of `schema`: a
    /// structural check of the parts the schema constrains, enough to catch a sample that drifts.
    static func problems(of configuration: [String: Any], against schema: [String: Any]) -> [String] {
        var problems: [String] = []
        let topLevel = (schema["properties"] as? [String: Any]) ?? [:]
        for key in configuration.keys where topLevel[key] == nil { problems.append("unknown key '\(key)'") }
        let definitions = (schema["definitions"] as? [String: Any]) ?? [:]
        let widget = (definitions["widget"] as? [String: Any]) ?? [:]
        let widgetProperties = (widget["properties"] as? [String: Any]) ?? [:]
        let kinds = Self.withoutVariable(widgetProperties["kind"])["enum"] as? [String] ?? []
        for (index, item) in ((configuration["widgets"] as? [Any]) ?? []).enumerated() {
            guard let entry = item as? [String: Any] else {
                problems.append("widget \(index) is not an object")
                continue
            }
            for key in entry.keys where widgetProperties[key] == nil {
                problems.append("widget \(index): unknown key '\(key)'")
            }
            guard let kind = entry["kind"] as? String, kinds.contains(kind),
                let definition = definitions[kind] as? [String: Any]
            else {
                problems.append("widget \(index): kind \(entry["kind"] ?? "(none)") is not one of \(kinds)")
                continue
            }
            let properties = (definition["properties"] as? [String: Any]) ?? [:]
            if let family = entry["family"] {
                let families = Self.withoutVariable(properties["family"])["enum"] as? [String] ?? []
                if !families.contains(family as? String ?? "") {
                    problems.append("widget \(index): family \(family) is not one of \(families)")
                }
            }
            guard let values = entry["configuration"] as? [String: Any] else { continue }
            guard
                let parameters = (properties["configuration"] as? [String: Any])?["properties"]
                    as? [String: Any]
            else {
                problems.append("widget \(index): \(kind) takes no configuration")
                continue
            }
            for (name, value) in values {
                guard let parameter = parameters[name] as? [String: Any] else {
                    problems.append("widget \(index): '\(name)' is not a parameter of \(kind)")
                    continue
                }
                problems += Self.problems(of: value, named: "widget \(index): '\(name)'", against: parameter)
            }
        }
        return problems
    }

    /// What `value` breaks of a parameter's schema: its enum, its type, its minimum.
    static func problems(of value: Any, named name: String, against schema: [String: Any]) -> [String] {
        let parameter = Self.withoutVariable(schema)
        // An optional parameter: its schema, or null.
        if let choices = parameter["anyOf"] as? [[String: Any]] {
            if value is NSNull, choices.contains(where: { $0["type"] as? String == "null" }) { return [] }
            let schemas = choices.filter { $0["type"] as? String != "null" }
            guard schemas.count == 1 else {
                return ["\(name): unexpected parameter schema \(JSONText.canonical(parameter))"]
            }
            return problems(of: value, named: name, against: schemas[0])
        }
        if let cases = parameter["enum"] as? [String] {
            return cases.contains(value as? String ?? "") ? [] : ["\(name): \(value) is not one of \(cases)"]
        }
        // A number is also a string's value, as `validate` reads `category: 7`.
        if parameter["type"] as? [String] == ["string", "number"] {
            return value is String
                || (value is NSNumber
                    && !(JSONText.canonical(value) == "true"
                        || JSONText.canonical(value) == "false"))
                ? [] : ["\(name): \(value) is not a string or a number"]
        }
        switch parameter["type"] as? String {
        case "boolean":
            return JSONText.canonical(value) == "true" || JSONText.canonical(value) == "false"
                ? [] : ["\(name): \(value) is not a boolean"]
        case "integer":
            guard let integer = Int(JSONText.canonical(value)) else {
                return ["\(name): \(value) is not an integer"]
            }
            if let minimum = parameter["minimum"] as? Int, integer < minimum {
                return ["\(name): \(integer) is less than \(minimum)"]
            }
            return []
        case "string":
            return value is String ? [] : ["\(name): \(value) is not a string"]
        default:
            return ["\(name): unexpected parameter schema \(JSONText.canonical(parameter))"]
        }
    }

    /// `widgethost yaml FILE`: the configuration as JSON, after anchors and merge keys.
    static func configurationJSON(_ name: String, in scratch: TemporaryDirectory) throws -> [String: Any] {
        let run = try scratch.widgethost(["yaml", name])
        #expect(run.status == 0, "\(run.standardError)")
        return try JSONText.object(run.standardOutput)
    }

    @Test func sampleConfigurationFitsTheSchema() throws {
        let schema = try Self.schema()
        let scratch = try TemporaryDirectory()
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "widgets.yaml")
        let configuration = try Self.configurationJSON("widgets.yaml", in: scratch)
        #expect((configuration["widgets"] as? [Any])?.count == 4)
        #expect(Self.problems(of: configuration, against: schema) == [])
    }

    /// The check above is not vacuous: it finds what `validate` finds in a broken configuration.
    @Test func theStructuralCheckCatchesMistakes() throws {
        let schema = try Self.schema()
        let scratch = try TemporaryDirectory()
        try scratch.file(
            "bad.yaml",
            """
            widgets:
              - kind: TaskWidget
                colour: red
                configuration: {priorityFilter: urgent, showCompleted: "yes", maxTasks: 0, categories: work}
              - kind: FocusWidget
                configuration: {}
              - kind: Quickmenu
                family: accessoryInline
              - kind: Weather

            """)
        let problems = Self.problems(of: try Self.configurationJSON("bad.yaml", in: scratch), against: schema)
        #expect(
            problems.sorted() == [
                "widget 0: 'categories' is not a parameter of TaskWidget",
                "widget 0: 'maxTasks': 0 is less than 1",
                "widget 0: 'priorityFilter': urgent is not one of [\"all\", \"high\", \"medium\", \"low\"]",
                "widget 0: 'showCompleted': yes is not a boolean",
                "widget 0: unknown key 'colour'",
                "widget 1: FocusWidget takes no configuration",
                "widget 2: family accessoryInline is not one of [\"systemMedium\", \"systemSmall\", \"systemLarge\", \"systemExtraLarge\"]",
                "widget 3: kind Weather is not one of [\"TaskWidget\", \"FocusWidget\", \"Quickmenu\"]",
            ])
    }
}
