import ArgumentParsing
import Diagnostics
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost config [<config> ...]`: the resolved configuration (includes read, variables
    /// substituted, `--set` applied, defaults filled in) with where each value comes from.
    enum ConfigCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "config",
            abstract: "Shows the configuration as resolved, with origins.",
            discussion: """
                The configuration as the other commands see it: includes read, ${NAME} variables \
                substituted, --set overrides applied and defaults filled in. In JSON (the default) \
                every value is {"value": V, "origin": O}, O being FILE:LINE:COLUMN, "--set", \
                "default" or "env NAME"; --format text prints one value a line. Exit 0 when the \
                configuration is valid, 65 when it is not (nothing is printed on standard output).
                """,
            usage: "widgethost config [<config> ...] [--set <key=value> ...] [--format <format>]",
            arguments: [
                CommandOptions.config,
                CommandOptions.format(["json", "text"]),
                SessionOptions.plugins,
                SessionOptions.set,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let format = try CommandOptions.outputFormat(values)
            let paths = try values.strings("config")
            return try await SessionOptions.withSession(values, store: false) { session in
                let loaded = await session.load(paths, recordsOrigins: true)
                CommandOptions.report(loaded.diagnostics)
                guard !loaded.hasErrors else {
                    let errors = loaded.diagnostics.filter { $0.severity == .error }.count
                    StandardStream.error.write("\(errors) \(errors == 1 ? "error" : "errors")\n")
                    return ExitStatus.dataError
                }
                switch format {
                case .text: StandardStream.output.write(text(loaded.instances))
                // The command declares text and json only; the parser refused any other.
                case .json, .ndjson, .html, .layout:
                    StandardStream.output.writeData(json(loaded.instances).description + "\n")
                }
                return ExitStatus.success
            }
        }

        /// `{"value": value, "origin": origin}`.
        static func leaf(_ value: JSONValue, _ origin: String?) -> JSONValue {
            .object([.init("value", value), .init("origin", .string(origin ?? "default"))])
        }

        /// The resolved configuration as JSON: the App Group (the first widget's, the default's
        /// when there is none) and every widget with its own.
        static func json(_ instances: [WidgetInstance]) -> JSONValue {
            let appGroup =
                instances.first.map { leaf(.string($0.appGroup), $0.origins?["appGroup"]) }
                ?? leaf(.string(ConfigurationLoader.defaultAppGroup), "default")
            let widgets = instances.map { instance -> JSONValue in
                let origins = instance.origins ?? [:]
                let configuration = instance.configuration.keys.sorted().map { name in
                    JSONValue.Member(
                        name, leaf(instance.configuration[name] ?? .null, origins["configuration." + name]))
                }
                return .object([
                    .init("id", leaf(.string(instance.id), origins["id"])),
                    .init("kind", leaf(.string(instance.kind), origins["kind"])),
                    .init("family", leaf(.string(instance.family.rawValue), origins["family"])),
                    .init("appGroup", leaf(.string(instance.appGroup), origins["appGroup"])),
                    .init("configuration", .object(configuration)),
                ])
            }
            return .object([.init("appGroup", appGroup), .init("widgets", .array(widgets))])
        }

        /// The resolved configuration a value a line: `id.key = value  (origin)`.
        static func text(_ instances: [WidgetInstance]) -> String {
            var lines: [(String, String)] = []
            for instance in instances {
                let origins = instance.origins ?? [:]
                let id = TerminalText.visible(instance.id)
                lines.append(("\(id).id = \(id)", origins["id"] ?? "default"))
                lines.append(
                    ("\(id).kind = \(TerminalText.visible(instance.kind))", origins["kind"] ?? "default"))
                lines.append(("\(id).family = \(instance.family.rawValue)", origins["family"] ?? "default"))
                lines.append(
                    (
                        "\(id).appGroup = \(TerminalText.visible(instance.appGroup))",
                        origins["appGroup"] ?? "default"
                    ))
                for name in instance.configuration.keys.sorted() {
                    let value = instance.configuration[name]?.description ?? "null"
                    lines.append(
                        (
                            "\(id).configuration.\(name) = \(TerminalText.visible(value))",
                            origins["configuration." + name] ?? "default"
                        ))
                }
            }
            let width = lines.map { TerminalText.width(of: $0.0) }.max() ?? 0
            return lines.map { line, origin in
                line + String(repeating: " ", count: width - TerminalText.width(of: line) + 2)
                    + "# " + TerminalText.visible(origin) + "\n"
            }.joined()
        }
    }
}
