import ArgumentParsing
import Diagnostics
import Foundation
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost run [<config> ...]`: evaluates every widget of the configuration and prints what
    /// each one shows.
    enum RunCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "run",
            abstract: "Runs the widgets and prints what each one shows.",
            discussion: """
                Each widget's provider is asked for its timeline, and the entry current at --at (the \
                latest dated at or before it) is drawn: as a box sized to the widget's family, with \
                its controls numbered for 'widgethost tap', as JSON, as one HTML page of cards \
                sized in points (--format html), or as the geometry every picture is drawn from \
                (--format layout: each element's frame in points, each text as drawn, colours \
                resolved for --color-scheme). Nothing runs when any \
                configuration is invalid (exit 65); a widget that fails at run time is reported and \
                the others still print (exit 1).
                """,
            usage: "widgethost run [<config> ...] [<options>]",
            arguments: [
                CommandOptions.config, CommandOptions.widget("Run"), familyOption,
                CommandOptions.at("Run"),
                .flag("timeline", help: "Print every entry of each timeline and its reload policy."),
                .flag("preview", help: "Print snapshots, as the widget gallery shows them."),
                .flag(
                    "placeholder",
                    help: "Print placeholders, as a widget shows them while its content loads."),
                CommandOptions.format(["text", "json", "ndjson", "html", "layout"]),
                CommandOptions.colorScheme,
            ] + CommandOptions.hostOptions
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let date = try CommandOptions.date(values)
            let format = try CommandOptions.outputFormat(values)
            let selection = try CommandOptions.selection(values, allFamilies: true)
            if try values.flag("preview"), try values.flag("placeholder") {
                throw values.validationError(
                    "'--preview' and '--placeholder' cannot be used together: a widget shows either "
                        + "its snapshot or its placeholder.")
            }
            if format == .html || format == .layout, try values.flag("timeline") {
                throw values.validationError(
                    "--timeline lists every entry, which --format \(format.rawValue) does not draw; use --format json."
                )
            }
            let colorScheme = try CommandOptions.colorScheme(values)
            if colorScheme != nil, format != .layout {
                throw values.validationError(
                    "--color-scheme chooses the colours of the geometry (--format layout); "
                        + "--format \(format.rawValue) does not draw them.")
            }
            return try await SessionOptions.withSession(values) { session throws(ParseError) in
                try await run(
                    values, session: session, date: date, format: format, selection: selection,
                    colorScheme: colorScheme ?? .light)
            }
        }

        private static func run(
            _ values: ParsedValues, session: HostSession, date: Date, format: OutputFormat,
            selection: RunPlan.Selection, colorScheme: ColorScheme
        ) async throws(ParseError) -> Int32 {
            let loaded = await session.load(try values.strings("config"))
            CommandOptions.report(loaded.diagnostics)
            let plan: RunPlan
            switch session.plan(loaded, selection: selection) {
            case .success(let planned): plan = planned
            case .failure(let failure):
                return try CommandOptions.refuse(
                    failure, values: values, format: format, diagnosticsShown: true)
            }
            let instances = plan.instances
            let options = RunOptions(
                date: date, preview: try values.flag("preview"), placeholder: try values.flag("placeholder"),
                family: plan.family)
            // Each widget is written as soon as it and the ones before it are done; only the
            // failures are kept, to be reported once the output is complete.
            var output = RunOutput(
                format: format,
                renderer: format.runRenderer(symbols: session.symbolFallbacks, colorScheme: colorScheme),
                includeTimeline: try values.flag("timeline")
            ) { chunk in
                switch chunk {
                case .data(let bytes): StandardStream.output.writeData(bytes)
                case .text(let text): StandardStream.output.write(text)
                }
            }
            var failures: [(id: String, message: String)] = []
            let warnings = await session.evaluate(instances, options: options, prepare: output.prepare) {
                drawn, nextIsReady in
                await output.write(drawn, nextIsReady: nextIsReady)
                if let failure = drawn.failure { failures.append(failure) }
            }
            await output.finish()
            // Warnings about plugins' views (outside the view vocabulary), once each.
            CommandOptions.report(session.takePluginDiagnostics())
            for problem in warnings {
                StandardStream.error.write(
                    "warning: reload requests were not checked: \(TerminalText.visible(problem))\n")
            }
            for failure in failures {
                // A plugin's stderr, in the message after its first line, is shown as its lines.
                let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
                StandardStream.error.write(
                    "error: widget '\(TerminalText.visible(failure.id))' failed: "
                        + TerminalText.visible(String(lines[0])) + "\n"
                        + lines.dropFirst().map { "  | " + TerminalText.visible(String($0)) + "\n" }.joined())
            }
            let failed = !failures.isEmpty
            return failed ? ExitStatus.failure : ExitStatus.success
        }

        /// `--family <family>` of `run`: a family, or `all`.
        static let familyOption = ArgumentSpec.option(
            "family", valueName: "family",
            help: "Draw every widget in this family; 'all' draws each in every family it supports.",
            completion: .dynamic(CompletionSource.families.rawValue))
    }
}
