import ArgumentParsing
import Diagnostics
import Foundation
import Layout
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
                CommandOptions.config, CommandOptions.widget("Run"), familyOption, CommandOptions.shard,
                CommandOptions.at("Run"),
                .flag("timeline", help: "Print every entry of each timeline and its reload policy."),
                .flag("preview", help: "Print snapshots, as the widget gallery shows them."),
                .flag(
                    "placeholder",
                    help: "Print placeholders, as a widget shows them while its content loads."),
                CommandOptions.format(["text", "json", "ndjson", "html", "layout", "png"]),
                CommandOptions.colorScheme,
                .option(
                    "output", valueName: "folder",
                    help: "With --format png: the folder the pictures are written to (made if missing).",
                    completion: .directory),
                .option(
                    "scale", valueName: "n",
                    help:
                        "With --format png: pixels a point, from 1 to 4 (default 3, the reference iPhone's)."),
            ] + CommandOptions.hostOptions
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let date = try CommandOptions.date(values)
            let formatName = try values.requiredString("format")
            let selection = try CommandOptions.selection(values, allFamilies: true, sharded: true)
            if try values.flag("preview"), try values.flag("placeholder") {
                throw values.validationError(
                    "'--preview' and '--placeholder' cannot be used together: a widget shows either "
                        + "its snapshot or its placeholder.")
            }
            if ["html", "layout", "png"].contains(formatName), try values.flag("timeline") {
                throw values.validationError(
                    "--timeline lists every entry, which --format \(formatName) does not draw; use --format json."
                )
            }
            let colorScheme = try CommandOptions.colorScheme(values)
            let format: OutputFormat
            var pictures: Pictures?
            if formatName == "png" {
                format = .text
                pictures = try Pictures(values, colorScheme: colorScheme ?? .light)
            } else {
                let pictureOptions = [try values.string("output"), try values.string("scale")]
                if pictureOptions.contains(where: { $0 != nil }) {
                    throw values.validationError(
                        "--output and --scale are for pictures: use them with --format png.")
                }
                format = try CommandOptions.outputFormat(values)
                if colorScheme != nil, ![.layout, .html].contains(format) {
                    throw values.validationError(
                        "--color-scheme chooses the colours of what is drawn (--format layout, html or png); "
                            + "--format \(format.rawValue) draws no colours.")
                }
            }
            return try await SessionOptions.withSession(values) { session throws(ParseError) in
                try await run(
                    values, session: session, date: date, format: format, selection: selection,
                    colorScheme: colorScheme, pictures: pictures)
            }
        }

        /// `--format png --output DIR [--scale N]`: the folder the pictures go to and their drawing.
        private struct Pictures {
            /// `--output`, as given.
            let folder: String
            let renderer: RunPNGRenderer

            /// The options read and checked: a folder given, a scale PNGRenderer takes.
            init(_ values: ParsedValues, colorScheme: ColorScheme) throws(ParseError) {
                guard let output = try values.string("output") else {
                    throw values.validationError(
                        "--format png writes one picture a widget: give the folder with --output DIR.")
                }
                var scale = Double(Device.reference.scale)
                if let text = try values.string("scale") {
                    guard let number = Double(text), number.isFinite else {
                        throw values.validationError(
                            "--scale is pixels a point, a number from 1 to 4, not '\(text)'.")
                    }
                    scale = number
                }
                let drawing: PNGRenderer
                do {
                    drawing = try PNGRenderer(scale: scale)
                } catch {
                    throw values.validationError("--scale: \(error.message).")
                }
                folder = output
                renderer = RunPNGRenderer(
                    folder: URL(fileURLWithPath: output, isDirectory: true), colorScheme: colorScheme,
                    renderer: drawing)
            }
        }

        /// Loads, plans, evaluates and writes each widget in `format` (or, with `pictures`, as a
        /// PNG in its folder, made before anything runs, the files listed), then reports what
        /// failed.
        private static func run(
            _ values: ParsedValues, session: HostSession, date: Date, format: OutputFormat,
            selection: RunPlan.Selection, colorScheme: ColorScheme?, pictures: Pictures?
        ) async throws(ParseError) -> Int32 {
            let plan: RunPlan
            switch try await CommandOptions.loadAndPlan(
                values, session: session, selection: selection, format: format)
            {
            case .plan(let planned): plan = planned
            case .refused(let status): return status
            }
            // A folder for the pictures that cannot be made runs nothing.
            if let pictures, let problem = CommandOptions.makeFolder(pictures.folder) {
                StandardStream.error.write(
                    "error: cannot make the folder '\(TerminalText.visible(pictures.folder))' for the pictures: "
                        + TerminalText.visible(problem) + "\n")
                return ExitStatus.failure
            }
            let instances = plan.instances
            let options = RunOptions(
                date: date, preview: try values.flag("preview"), placeholder: try values.flag("placeholder"),
                family: plan.family)
            // Each widget is written as soon as it and the ones before it are done; only the
            // failures are kept, to be reported once the output is complete.
            var output = RunOutput(
                format: format,
                renderer: pictures?.renderer
                    ?? format.runRenderer(symbols: session.symbolFallbacks, colorScheme: colorScheme),
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
            for warning in pictures?.renderer.problems.warnings ?? [] {
                StandardStream.error.write("warning: \(TerminalText.visible(warning))\n")
            }
            for failure in failures {
                // A plugin's stderr, in the message after its first line, is shown as its lines.
                let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
                StandardStream.error.write(
                    "error: widget '\(TerminalText.visible(failure.id))' failed: "
                        + TerminalText.visible(String(lines[0])) + "\n"
                        + lines.dropFirst().map { "  | " + TerminalText.visible(String($0)) + "\n" }.joined())
            }
            let problems = pictures?.renderer.problems.all ?? []
            for problem in problems {
                StandardStream.error.write("error: \(TerminalText.visible(problem))\n")
            }
            let failed = !failures.isEmpty || !problems.isEmpty
            return failed ? ExitStatus.failure : ExitStatus.success
        }

        /// `--family <family>` of `run`: a family, or `all`.
        static let familyOption = CommandOptions.familyOrAllOption(
            help: "Draw every widget in this family; 'all' draws each in every family it supports.")
    }
}
