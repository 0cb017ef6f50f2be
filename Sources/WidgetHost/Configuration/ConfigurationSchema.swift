public import WidgetHostKit

/// A JSON Schema (draft-07) of the configuration format, generated from the registered widgets, so
/// yaml-language-server can complete and check configuration files:
///
/// ```yaml
/// # yaml-language-server: $schema=./widgethost.schema.json
/// ```
public enum ConfigurationSchema {
    /// The schema of configurations for the widgets of `registry`; a parameter whose choices come
    /// from the app's data lists those of `options` as `examples` (editors offer them; other values
    /// stay valid, as the app's data changes).
    public static func schema(for registry: WidgetRegistry, options: DynamicOptions = DynamicOptions())
        -> JSONValue
    {
        var definitions: [JSONValue.Member] = [.init("widget", widgetSchema(registry))]
        for widget in registry.widgets {
            definitions.append(.init(widget.metadata.kind, kindSchema(widget, options: options)))
        }
        return .object([
            .init("$schema", .string("http://json-schema.org/draft-07/schema#")),
            .init("title", .string("widgethost configuration")),
            .init("description", .string("Widgets to run, with their configuration intents' parameters.")),
            .init("type", .string("object")),
            .init("additionalProperties", .bool(false)),
            .init("required", .array([.string("widgets")])),
            .init(
                "properties",
                .object([
                    .init(
                        "appGroup",
                        .object([
                            .init("type", .string("string")),
                            .init("minLength", .int(1)),
                            .init(
                                "description",
                                .string("The App Group whose shared container the widgets read.")),
                            .init("default", .string(ConfigurationLoader.defaultAppGroup)),
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

    static func widgetSchema(_ registry: WidgetRegistry) -> JSONValue {
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
                            .init("type", .string("string")),
                            .init("pattern", .string("^\\S+$")),
                            .init("description", .string("Unique; default <kind>-<n>.")),
                        ])
                    ),
                    .init("kind", .object([.init("enum", .array(registry.kinds.map(JSONValue.string)))])),
                    .init(
                        "family",
                        .object([.init("enum", .array(WidgetFamily.allCases.map { .string($0.rawValue) }))])),
                    .init(
                        "configuration",
                        .object([.init("type", .array([.string("object"), .string("null")]))])),
                ])
            ),
            .init(
                "allOf",
                .array(
                    registry.widgets.map { widget in
                        .object([
                            .init(
                                "if",
                                .object([
                                    .init(
                                        "properties",
                                        .object([
                                            .init(
                                                "kind",
                                                .object([.init("const", .string(widget.metadata.kind))]))
                                        ])
                                    ),
                                    .init("required", .array([.string("kind")])),
                                ])
                            ),
                            .init(
                                "then",
                                .object([.init("$ref", .string("#/definitions/\(widget.metadata.kind)"))])),
                        ])
                    }
                )
            ),
        ])
    }

    static func kindSchema(_ widget: any WidgetConfiguration, options: DynamicOptions) -> JSONValue {
        let families = JSONValue.object([
            .init("enum", .array(widget.metadata.supportedFamilies.map { .string($0.rawValue) })),
            .init("default", .string(widget.metadata.supportedFamilies.first?.rawValue ?? "systemSmall")),
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
        members.insert(.init("title", .string(parameter.title)), at: 0)
        if let examples, !examples.isEmpty { members.append(.init("examples", .array(examples))) }
        if let minimum = parameter.minimum { members.append(.init("minimum", .int(minimum))) }
        if let maximum = parameter.maximum { members.append(.init("maximum", .int(maximum))) }
        if let defaultValue = parameter.defaultValue { members.append(.init("default", defaultValue)) }
        if parameter.isOptional {
            return .object([
                .init("anyOf", .array([.object(members), .object([.init("type", .string("null"))])]))
            ])
        }
        return .object(members)
    }

    static func typeSchema(_ type: ParameterType) -> [JSONValue.Member] {
        switch type {
        case .string: return [.init("type", .string("string"))]
        case .boolean: return [.init("type", .string("boolean"))]
        case .integer: return [.init("type", .string("integer"))]
        case .number: return [.init("type", .string("number"))]
        case .date:
            return [
                .init("type", .string("string")),
                .init(
                    "pattern",
                    .string(
                        "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$")),
            ]
        case .enumeration(_, let cases):
            return [
                .init("enum", .array(cases.map { .string($0.value) })),
                .init("enumDescriptions", .array(cases.map { .string($0.title) })),
            ]
        case .array(let items):
            return [.init("type", .string("array")), .init("items", .object(typeSchema(items)))]
        }
    }
}
