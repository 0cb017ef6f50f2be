import ArgumentParsing
import Diagnostics
import TerminalText
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost validate [<config> ...]`: checks configurations without running anything.
    enum ValidateCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "validate",
            abstract: "Checks configurations and reports every problem.",
            discussion: """
                Every file is read and every problem reported, each at its file:line:column with what \
                was expected. Exit 0 when the configuration is valid, 65 when it is not.
                """,
            usage: "widgethost validate [<config> ...] [--format <format>]",
            arguments: [
                CommandOptions.config,
                CommandOptions.format(
                    help: "How to report: text on standard error, or one JSON object on standard output."),
                SessionOptions.plugins,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let format = try CommandOptions.outputFormat(values)
            let paths = try values.strings("config")
            return try await SessionOptions.withSession(values, store: false) { session in
                report(await session.load(paths), format: format)
            }
        }

        /// Reports what loading found, in `format`.
        static func report(_ loaded: LoadedConfiguration, format: OutputFormat) -> Int32 {
            let errors = loaded.diagnostics.filter { $0.severity == .error }.count
            if format == .json {
                let report: JSONValue = .object([
                    .init("valid", .bool(errors == 0)),
                    .init("files", .array(loaded.files.map(JSONValue.string))),
                    .init("widgets", .int(loaded.instances.count)),
                ])
                // The diagnostics' JSON comes from the renderer; splice it in as the last member.
                var text = report.description
                text.removeLast()
                text += ",\"diagnostics\":" + diagnosticsArray(loaded.diagnostics) + "}\n"
                StandardStream.output.writeData(text)
            } else {
                CommandOptions.report(loaded.diagnostics)
                if errors == 0 {
                    let count = loaded.instances.count
                    StandardStream.output.write(
                        "\(loaded.files.map(TerminalText.visible).joined(separator: ", ")): \(count) \(count == 1 ? "widget" : "widgets"), valid\n"
                    )
                } else {
                    StandardStream.error.write("\(errors) \(errors == 1 ? "error" : "errors")\n")
                }
            }
            return errors == 0 ? ExitStatus.success : ExitStatus.dataError
        }

        /// `[...]` of the diagnostics' JSON objects.
        static func diagnosticsArray(_ diagnostics: [Diagnostic]) -> String {
            "[" + diagnostics.map(DiagnosticRenderer.json).joined(separator: ",") + "]"
        }
    }
}
