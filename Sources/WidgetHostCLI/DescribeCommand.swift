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
                    "kind", help: "The widget kind or intent to describe; all when omitted.",
                    isOptional: true,
                    completion: .dynamic(CompletionSource.kindsAndIntents.rawValue)),
                CommandOptions.format(),
                SessionOptions.plugins,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let json = try CommandOptions.outputFormat(values) == .json
            let name = try values.string("kind")
            return try await SessionOptions.withSession(values, store: false) { session throws(ParseError) in
                await session.handshakeAllPlugins()
                CommandOptions.report(session.takePluginDiagnostics())
                var widgets = session.registry.widgets
                var intents = session.intents
                if let name {
                    widgets = widgets.filter { $0.metadata.kind == name }
                    intents = intents.filter { $0.type == name }
                    if widgets.isEmpty && intents.isEmpty {
                        let names = session.registry.kinds + session.intents.map(\.type)
                        throw values.validationError(
                            CommandOptions.unknown("widget kind or intent", named: name, among: names))
                    }
                }
                if json {
                    let document: JSONValue = .object([
                        .init("widgets", .array(widgets.map(WidgetDescription.json))),
                        .init("intents", .array(intents.map(WidgetDescription.json))),
                    ])
                    StandardStream.output.writeData(document.description + "\n")
                } else {
                    var sections: [String] = widgets.map(WidgetDescription.text)
                    let intentTexts = intents.map(WidgetDescription.text)
                    if !intentTexts.isEmpty {
                        sections.append("Intents:\n\n" + intentTexts.joined(separator: "\n"))
                    }
                    StandardStream.output.write(sections.joined(separator: "\n"))
                }
                return ExitStatus.success
            }
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
                '# yaml-language-server: $schema=./widgethost.schema.json'. With --views, the JSON \
                Schema of the view trees plugins draw (node types, attributes, modifiers); it starts \
                no plugin.
                """,
            arguments: [
                SessionOptions.plugins,
                .flag("views", help: "Print the JSON Schema of plugin views instead."),
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            if try values.flag("views") {
                StandardStream.output.writeData(ViewVocabulary.schema.prettyDescription + "\n")
                return ExitStatus.success
            }
            return try await SessionOptions.withSession(values, store: false) { session in
                await session.handshakeAllPlugins()
                CommandOptions.report(session.takePluginDiagnostics())
                let schema = ConfigurationSchema.schema(for: session.registry)
                StandardStream.output.writeData(schema.prettyDescription + "\n")
                return ExitStatus.success
            }
        }
    }
}
