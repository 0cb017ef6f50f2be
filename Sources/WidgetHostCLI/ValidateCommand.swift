import ArgumentParsing
import Diagnostics
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
@_spi(WidgetHost) import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost validate [<config> ...]`: checks configurations without running anything.
    enum ValidateCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "validate",
            abstract: "Checks configurations and reports every problem.",
            discussion: """
                Every file is read and every problem reported, each at its file:line:column with what \
                was expected. Exit 0 when the configuration is valid, 65 when it is not.
                """,
            usage: "widgethost validate [<config> ...] [--format <format>] [--store <dir>]",
            arguments: [
                CommandOptions.config,
                CommandOptions.format(
                    help: "How to report: text on standard error, or one JSON object on standard output."),
                SessionOptions.plugins,
                SessionOptions.set,
                CommandOptions.store(
                    help:
                        "A shared container: values outside their parameter's choices from its data are warned of."
                ),
                CommandOptions.lockTimeout,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let format = try CommandOptions.outputFormat(values)
            let paths = try values.strings("config")
            let store = try values.string("store")
            return try await SessionOptions.withSession(values, store: store != nil) { session in
                var loaded = await session.load(paths)
                if !loaded.hasErrors { loaded.diagnostics += session.storeWarnings(for: loaded) }
                if store != nil, !loaded.hasErrors {
                    let kinds = Set(loaded.instances.map(\.kind))
                    let widgets = session.registry.widgets.filter { kinds.contains($0.metadata.kind) }
                    let options = await DynamicOptions.gather(
                        session, widgets: widgets, intents: [], store: store)
                    loaded.diagnostics += options.diagnostics(for: loaded.instances)
                }
                return report(loaded, format: format)
            }
        }

        /// Reports what loading found, in `format`.
        static func report(_ loaded: LoadedConfiguration, format: OutputFormat) -> Int32 {
            let errors = loaded.diagnostics.filter { $0.severity == .error }.count
            if format == .json {
                let report: JSONValue = .object([
                    .init("valid", .bool(errors == 0)),
                    .init("files", .array(loaded.files.map { .string(FileSystemName.escapingRawBytes($0)) })),
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
                    StandardStream.output.write(summary(loaded))
                } else {
                    StandardStream.error.write("\(errors) \(errors == 1 ? "error" : "errors")\n")
                }
            }
            return errors == 0 ? ExitStatus.success : ExitStatus.dataError
        }

        /// What a valid configuration's text report says: `widgets.yaml: 4 widgets, valid` for one
        /// file; for several, a line per file (a directory of hundreds stays readable) and a total.
        static func summary(_ loaded: LoadedConfiguration) -> String {
            func widgets(_ count: Int) -> String { "\(count) \(count == 1 ? "widget" : "widgets")" }
            let total = loaded.instances.count
            guard loaded.files.count > 1 else {
                return "\(loaded.files.map(TerminalText.visible).joined()): \(widgets(total)), valid\n"
            }
            var counts: [String: Int] = [:]
            for instance in loaded.instances { counts[instance.file, default: 0] += 1 }
            var text = ""
            for file in loaded.files {
                text += "\(TerminalText.visible(file)): \(widgets(counts[file] ?? 0))\n"
            }
            return text + "\(loaded.files.count) files: \(widgets(total)), valid\n"
        }

        /// `[...]` of the diagnostics' JSON objects.
        static func diagnosticsArray(_ diagnostics: [Diagnostic]) -> String {
            "[" + diagnostics.map(DiagnosticRenderer.json).joined(separator: ",") + "]"
        }
    }
}
