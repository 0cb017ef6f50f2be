import ArgumentParsing
import Diagnostics
import PluginHosting
import Rendering
import WidgetEngine
import WidgetHost
@_spi(WidgetHost) import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost describe [<kind>]`: the widgets and intents widgethost knows.
    enum DescribeCommand: Subcommand {
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
                ConfigurationPlugins.option,
                CommandOptions.store(
                    help:
                        "A shared container whose data gives the choices of parameters that take them from the app."
                ),
                CommandOptions.lockTimeout,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let json = try CommandOptions.outputFormat(values) == .json
            let name = try values.string("kind")
            let store = try values.string("store")
            return try await ConfigurationPlugins.withSession(values, store: store != nil) {
                session throws(ParseError) in
                // A kind or intent compiled in is described without asking any plugin.
                let builtIn = name.map { name in
                    session.plugins.builtIns.widget(kind: name) != nil
                        || session.plugins.builtIns.intents.contains { $0.intentType == name }
                }
                if builtIn != true { await session.handshakeAllPlugins() }
                let problems = session.takePluginDiagnostics()
                CommandOptions.report(problems)
                var widgets = session.registry.widgets
                var intents = session.intents
                if let name {
                    widgets = widgets.filter { $0.metadata.kind == name }
                    intents = intents.filter { $0.type == name }
                    if widgets.isEmpty && intents.isEmpty {
                        let names = session.registry.kinds + session.intents.map(\.type)
                        throw values.validationError(
                            CommandOptions.unknown("widget kind or intent", named: name, among: names) + " "
                                + ConfigurationPlugins.whereLooked(session))
                    }
                }
                let options = await DynamicOptions.gather(
                    session, widgets: widgets, intents: intents, store: store)
                if json {
                    let document: JSONValue = .object([
                        .init(
                            "widgets", .array(widgets.map { WidgetDescription.json($0, options: options) })),
                        .init(
                            "intents", .array(intents.map { WidgetDescription.json($0, options: options) })),
                    ])
                    StandardStream.output.writeData(document.description + "\n")
                } else {
                    var sections: [String] = widgets.map { WidgetDescription.text($0, options: options) }
                    let intentTexts = intents.map { WidgetDescription.text($0, options: options) }
                    if !intentTexts.isEmpty {
                        sections.append("Intents:\n\n" + intentTexts.joined(separator: "\n"))
                    }
                    StandardStream.output.write(sections.joined(separator: "\n"))
                }
                // What the plugins declare is described, but a plugin in error (two declaring one
                // kind: the first one's is described, and `run` refuses the kind) fails the command.
                return CommandOptions.status(afterReporting: problems)
            }
        }
    }

    /// `widgethost schema`: the JSON Schema of configuration files.
    enum SchemaCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "schema",
            abstract: "Prints the JSON Schema of configuration files.",
            discussion: """
                Save it and point yaml-language-server at it from the first line of a configuration: \
                '# yaml-language-server: $schema=./widgethost.schema.json'. It holds the kinds of the \
                plugins found, those ./config (or each --config) brings included (once trusted), and \
                takes a variable (${NAME:-default}) wherever a value goes. With --views, the JSON \
                Schema of the view trees plugins draw (node types, attributes, modifiers); it starts \
                no plugin.
                """,
            arguments: [
                SessionOptions.plugins,
                ConfigurationPlugins.option,
                .flag("views", help: "Print the JSON Schema of plugin views instead."),
                CommandOptions.store(
                    help:
                        "A shared container whose data gives the choices of parameters that take them from the app."
                ),
                CommandOptions.lockTimeout,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            if try values.flag("views") {
                StandardStream.output.writeData(ViewVocabulary.schema.prettyDescription + "\n")
                return ExitStatus.success
            }
            let store = try values.string("store")
            return try await ConfigurationPlugins.withSession(values, store: store != nil) {
                session throws(ParseError) in
                await session.handshakeAllPlugins()
                let problems = session.takePluginDiagnostics()
                CommandOptions.report(problems)
                let options = await DynamicOptions.gather(
                    session, widgets: session.registry.widgets, intents: [], store: store)
                let schema = ConfigurationSchema.schema(
                    for: session.registry, options: options, unaskedKinds: session.plugins.declaredKinds)
                StandardStream.output.writeData(schema.prettyDescription + "\n")
                return CommandOptions.status(afterReporting: problems)
            }
        }
    }
}
