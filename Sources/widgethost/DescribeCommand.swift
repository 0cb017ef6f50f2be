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
                .option(
                    "format",
                    valueName: "format",
                    help: "The output format.",
                    allowedValues: ["text", "json"],
                    defaultValue: "text"
                ),
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let registry = BuiltInWidgets.registry()
            let json = try values.requiredString("format") == "json"
            var widgets = registry.widgets
            var intents = registry.intents
            if let name = try values.string("kind") {
                widgets = widgets.filter { $0.metadata.kind == name }
                intents = intents.filter { $0.intentType == name }
                if widgets.isEmpty && intents.isEmpty {
                    let names = registry.kinds + registry.intents.map { $0.intentType }
                    var message = "No widget kind or intent is named '\(name)'."
                    if let nearest = EditDistance.suggestion(for: name, among: names) {
                        message += " Did you mean '\(nearest)'?"
                    } else {
                        message += " Known: " + names.joined(separator: ", ") + "."
                    }
                    throw values.validationError(message)
                }
            }
            if json {
                let document: JSONValue = .object([
                    .init("widgets", .array(widgets.map(WidgetDescription.json))),
                    .init("intents", .array(intents.map(WidgetDescription.json))),
                ])
                StandardStream.output.write(document.description + "\n")
            } else {
                var sections: [String] = widgets.map(WidgetDescription.text)
                if !intents.isEmpty {
                    sections.append(
                        "Intents:\n\n" + intents.map(WidgetDescription.text).joined(separator: "\n"))
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
                """
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) -> Int32 {
            let schema = ConfigurationSchema.schema(for: BuiltInWidgets.registry())
            StandardStream.output.write(schema.prettyDescription + "\n")
            return ExitStatus.success
        }
    }
}
