import ArgumentParsing
import Diagnostics
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost describe [<kind>]`: the widgets and intents widgethost knows.
    enum DescribeCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "describe",
            abstract: "Describes the widgets, their parameters and intents.",
            arguments: [
                .positional(
                    "kind", help: "The widget kind or intent to describe; all when omitted.", isOptional: true
                ),
                CommandOptions.format(),
                PluginOptions.option,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let plugins = try PluginOptions.host(values)
            defer { plugins.shutdown() }
            plugins.handshakeAll()
            CommandOptions.report(plugins.takeDiagnostics())
            let registry = plugins.registry()
            let json = try values.requiredString("format") == "json"
            var widgets = registry.widgets
            var intents = registry.intents
            var pluginIntents = plugins.intents
            if let name = try values.string("kind") {
                widgets = widgets.filter { $0.metadata.kind == name }
                intents = intents.filter { $0.intentType == name }
                pluginIntents = pluginIntents.filter { $0.type == name }
                if widgets.isEmpty && intents.isEmpty && pluginIntents.isEmpty {
                    let names =
                        registry.kinds + registry.intents.map { $0.intentType } + plugins.intents.map(\.type)
                    throw values.validationError(
                        CommandOptions.unknown("widget kind or intent", named: name, among: names))
                }
            }
            if json {
                let intentItems =
                    intents.map(WidgetDescription.json) + pluginIntents.map(WidgetDescription.json)
                let document: JSONValue = .object([
                    .init("widgets", .array(widgets.map(WidgetDescription.json))),
                    .init("intents", .array(intentItems)),
                ])
                StandardStream.output.writeData(document.description + "\n")
            } else {
                var sections: [String] = widgets.map(WidgetDescription.text)
                let intentTexts =
                    intents.map(WidgetDescription.text) + pluginIntents.map(WidgetDescription.text)
                if !intentTexts.isEmpty {
                    sections.append("Intents:\n\n" + intentTexts.joined(separator: "\n"))
                }
                StandardStream.output.write(sections.joined(separator: "\n"))
            }
            return ExitStatus.success
        }
    }

    /// `widgethost schema`: the JSON Schema of configuration files.
    enum SchemaCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "schema",
            abstract: "Prints the JSON Schema of configuration files.",
            discussion: """
                Save it and point yaml-language-server at it from the first line of a configuration: \
                '# yaml-language-server: $schema=./widgethost.schema.json'.
                """,
            arguments: [PluginOptions.option]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let plugins = try PluginOptions.host(values)
            defer { plugins.shutdown() }
            plugins.handshakeAll()
            CommandOptions.report(plugins.takeDiagnostics())
            let schema = ConfigurationSchema.schema(for: plugins.registry())
            StandardStream.output.writeData(schema.prettyDescription + "\n")
            return ExitStatus.success
        }
    }
}
