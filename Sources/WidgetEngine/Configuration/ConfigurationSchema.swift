@_spi(WidgetHost) public import WidgetHostKit

/// A JSON Schema (draft-07) of the configuration format, generated from the registered widgets, so
/// yaml-language-server can complete and check configuration files:
///
/// ```yaml
/// # yaml-language-server: $schema=./widgethost.schema.json
/// ```
public enum ConfigurationSchema {
    /// The schema of configurations for the widgets of `registry`; a parameter whose choices come
    /// from the app's data lists those of `options` as `examples` (editors offer them; other values
    /// stay valid, as the app's data changes). `unaskedKinds` are the kinds plugin manifests list
    /// whose plugin was not asked what they take (one not trusted yet): `validate` takes any
    /// family and configuration for them, and so does the schema.
    public static func schema(
        for registry: WidgetRegistry, options: DynamicOptions = DynamicOptions(), unaskedKinds: [String] = []
    ) -> JSONValue {
        let unasked = unaskedKinds.filter { registry.widget(kind: $0) == nil }
        var definitions: [JSONValue.Member] = [
            .init("widget", widgetSchema(registry, unaskedKinds: unasked)), .init("variable", variableSchema),
        ]
        for (kind, widget) in zip(registry.kinds, registry.widgets) {
            definitions.append(.init(kind, kindSchema(widget, options: options)))
        }
        return .object([
            .init("$schema", .string("http://json-schema.org/draft-07/schema#")),
            .init("title", .string("widgethost configuration")),
            .init(
                "description",
                .string(
                    "Widgets to run, with their configuration intents' parameters. Scalar values may hold "
                        + "environment variables, substituted before they are checked: ${NAME}, "
                        + "${NAME:-default} (when NAME is unset or empty), ${NAME:?message} (an error when "
                        + "it is), and $$ for a literal $. --set KEY=VALUE overrides a value after every file."
                )),
            .init("type", .string("object")),
            .init("additionalProperties", .bool(false)),
            // A file that includes others may leave its own widgets out.
            .init(
                "anyOf",
                .array([
                    .object([.init("required", .array([.string("widgets")]))]),
                    .object([.init("required", .array([.string("include")]))]),
                ])),
            .init(
                "properties",
                .object([
                    .init(
                        "appGroup",
                        .object([
                            // A number is its text, as `validate` reads it: `appGroup: 12` is "12".
                            .init("type", .array([.string("string"), .string("number")])),
                            .init("pattern", .string(appGroupPattern)),
                            .init(
                                "description",
                                .string(
                                    "The App Group whose shared container the widgets read: one directory "
                                        + "name (not '.' or '..', no '/', no control character).")),
                            .init("default", .string(ConfigurationLoader.defaultAppGroup)),
                        ])
                    ),
                    .init(
                        "include",
                        .object([
                            .init(
                                "description",
                                .string(
                                    "Files or globs, relative to this file, whose widgets come before this "
                                        + "file's own; an included file may include others.")),
                            .init(
                                "anyOf",
                                .array([
                                    .object([.init("type", .string("string")), .init("minLength", .int(1))]),
                                    .object([
                                        .init("type", .string("array")),
                                        .init(
                                            "items",
                                            .object([
                                                .init("type", .string("string")), .init("minLength", .int(1)),
                                            ])),
                                    ]),
                                    .object([.init("type", .string("null"))]),
                                ])),
                        ])
                    ),
                    .init(
                        "widgets",
                        .object([
                            .init("type", .string("array")),
                            .init("items", .object([.init("$ref", .string("#/definitions/widget"))])),
                        ])
                    ),
                    .init(
                        "plugins",
                        .object([
                            .init("type", .string("array")),
                            .init("description", .string("Plugin folders, relative to this file.")),
                            .init("items", .object([.init("type", .string("string"))])),
                        ])
                    ),
                ])
            ),
            .init("definitions", .object(definitions)),
        ])
    }

    static func widgetSchema(_ registry: WidgetRegistry, unaskedKinds: [String] = []) -> JSONValue {
        .object([
            .init("type", .string("object")),
            .init("additionalProperties", .bool(false)),
            .init("required", .array([.string("kind")])),
            .init(
                "properties",
                .object([
                    .init(
                        "id",
                        .object([
                            .init("type", .array([.string("string"), .string("number")])),
                            .init("pattern", .string("^\\S+(?![\\s\\S])")),
                            .init(
                                "description",
                                .string("Unique; default <kind>-<n>, n counting the kind within its file.")),
                        ])
                    ),
                    .init(
                        "kind",
                        orVariable([
                            .init("enum", .array((registry.kinds + unaskedKinds).map(JSONValue.string)))
                        ])),
                    .init(
                        "family",
                        orVariable([.init("enum", .array(WidgetFamily.allCases.map { .string($0.rawValue) }))]
                        )),
                    .init(
                        "configuration",
                        .object([.init("type", .array([.string("object"), .string("null")]))])),
                ])
            ),
            .init(
                "allOf",
                .array(
                    // Each kind as a configuration names it (`PLUGIN/KIND` for a built-in's name).
                    zip(registry.kinds, registry.widgets).map { kind, _ in
                        .object([
                            .init(
                                "if",
                                .object([
                                    .init(
                                        "properties",
                                        .object([
                                            .init(
                                                "kind",
                                                .object([.init("const", .string(kind))]))
                                        ])
                                    ),
                                    .init("required", .array([.string("kind")])),
                                ])
                            ),
                            .init(
                                "then",
                                .object([.init("$ref", .string("#/definitions/\(kind)"))])),
                        ])
                    }
                )
            ),
        ])
    }

    static func kindSchema(_ widget: any WidgetConfiguration, options: DynamicOptions) -> JSONValue {
        let families = orVariable(
            [.init("enum", .array(widget.metadata.supportedFamilies.map { .string($0.rawValue) }))],
            outer: [
                .init("default", .string(widget.metadata.supportedFamilies.first?.rawValue ?? "systemSmall"))
            ])
        var members: [JSONValue.Member] = [
            .init("description", .string(widget.metadata.displayName + ": " + widget.metadata.description))
        ]
        guard widget.isConfigurable else {
            members.append(.init("properties", .object([.init("family", families)])))
            members.append(.init("not", .object([.init("required", .array([.string("configuration")]))])))
            return .object(members)
        }
        let parameters = widget.parameters
        var configuration: [JSONValue.Member] = [
            .init("type", .array([.string("object"), .string("null")])),
            .init("additionalProperties", .bool(false)),
            .init(
                "properties",
                .object(
                    parameters.map {
                        .init(
                            $0.name,
                            parameterSchema($0, examples: options.options(widget.metadata.kind, $0.name)))
                    })),
        ]
        let required = parameters.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { configuration.append(.init("required", .array(required))) }
        members.append(
            .init(
                "properties",
                .object([.init("family", families), .init("configuration", .object(configuration))]))
        )
        return .object(members)
    }

    static func parameterSchema(_ parameter: ParameterDescription, examples: [JSONValue]? = nil) -> JSONValue
    {
        var members = typeSchema(parameter.type)
        // What an editor shows (title, examples, default) stays at the top, beside the choices.
        var outer: [JSONValue.Member] = [.init("title", .string(parameter.title))]
        if let examples, !examples.isEmpty { outer.append(.init("examples", .array(examples))) }
        if case .integer = parameter.type {
            // `validate` reads integers of 64 bits: no wider, even without a declared range.
            members.append(.init("minimum", .int(parameter.minimum ?? Int.min)))
            members.append(.init("maximum", .int(parameter.maximum ?? Int.max)))
        } else {
            if let minimum = parameter.minimum { members.append(.init("minimum", .int(minimum))) }
            if let maximum = parameter.maximum { members.append(.init("maximum", .int(maximum))) }
            if let low = parameter.numberMinimum {
                members.append(.init("minimum", ParameterDescription.numberJSON(low)))
            }
            if let high = parameter.numberMaximum {
                members.append(.init("maximum", ParameterDescription.numberJSON(high)))
            }
        }
        if let defaultValue = parameter.defaultValue { outer.append(.init("default", defaultValue)) }
        var choices: [JSONValue] = [.object(members)]
        if parameter.isOptional { choices.append(.object([.init("type", .string("null"))])) }
        // A string parameter takes any string, a variable's included.
        if !isString(parameter.type) { choices.append(variableReference) }
        if choices.count == 1 { return .object(outer + members) }
        return .object(outer + [.init("anyOf", .array(choices))])
    }

    /// Whether values of `type` are strings (any text, which holds a variable too).
    static func isString(_ type: ParameterType) -> Bool {
        if case .string = type { return true }
        return false
    }

    /// `schema`, or a scalar holding an environment variable (`${NAME}`, `${NAME:-default}`,
    /// `${NAME:?message}`): its value is known only where `validate` runs, with that environment,
    /// so wherever a typed scalar goes the schema takes one. `outer` (a default, say) goes beside
    /// the choices.
    static func orVariable(_ schema: [JSONValue.Member], outer: [JSONValue.Member] = []) -> JSONValue {
        .object(outer + [.init("anyOf", .array([.object(schema), variableReference]))])
    }

    static let variableReference = JSONValue.object([.init("$ref", .string("#/definitions/variable"))])

    /// A scalar holding at least one variable reference, and references only where a `$` is not
    /// written `$$` (a literal `$`): `${N:-3}`, `tasks-${SUFFIX}`, not `$${N}` nor `${N` nor `${1}`.
    static let variableSchema = JSONValue.object([
        .init(
            "description",
            .string(
                "A value holding environment variables, substituted before it is checked (in quotes it "
                    + "stays a string): ${NAME}, ${NAME:-default}, ${NAME:?message}; $$ is a literal $.")),
        .init("type", .string("string")),
        .init("pattern", .string(variablePattern)),
    ])

    static let variablePattern: String = {
        let reference = "\\$\\{[A-Za-z_][A-Za-z0-9_]*(?::[-?][^}]*)?\\}"
        let other = "[^$]|\\$\\$|\\$(?![{$])"
        return "^(?:\(other))*\(reference)(?:\(other)|\(reference))*(?![\\s\\S])"
    }()

    static func typeSchema(_ type: ParameterType) -> [JSONValue.Member] {
        switch type {
        // A number is its text, as `validate` reads it: `category: 7` is "7".
        case .string: return [.init("type", .array([.string("string"), .string("number")]))]
        case .boolean: return [.init("type", .string("boolean"))]
        case .integer: return [.init("type", .string("integer"))]
        case .number: return [.init("type", .string("number"))]
        case .date:
            return [
                .init("type", .string("string")),
                .init("pattern", .string(datePattern)),
            ]
        case .enumeration(_, let cases):
            return [
                .init("enum", .array(cases.map { .string($0.value) })),
                .init("enumDescriptions", .array(cases.map { .string($0.title) })),
            ]
        case .array(let items):
            let item = isString(items) ? .object(typeSchema(items)) : orVariable(typeSchema(items))
            return [.init("type", .string("array")), .init("items", item)]
        }
    }

    /// An App Group identifier as `validate` takes it: not `.` or `..`, no `/`, no control character.
    static let appGroupPattern = "^(?!\\.{1,2}(?![\\s\\S]))[^/\\u0000-\\u001f\\u007f-\\u009f]+(?![\\s\\S])"

    /// A date as `validate` takes it (``StrictISO8601``): a calendar date that exists, leap days
    /// included, optionally with a time and a required zone.
    static let datePattern: String = {
        let monthDay =
            "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
            + "|02-(?:0[1-9]|1[0-9]|2[0-8]))"
        let leapDay = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29"
        let time =
            "(?:[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?"
            + "(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9]))"
        return "^(?:[0-9]{4}-\(monthDay)|\(leapDay))\(time)?(?![\\s\\S])"
    }()
}
