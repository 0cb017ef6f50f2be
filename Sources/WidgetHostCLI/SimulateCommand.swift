import ArgumentParsing
import Diagnostics
import Foundation
import JSON
import Simulation
import TerminalText
import WidgetEngine
import WidgetHost

extension WidgetHostCommand {
    /// `widgethost simulate [<config> ...] --from DATE --to DATE`: the widgets' timelines on a
    /// virtual clock, as WidgetKit would drive them, written as NDJSON events.
    enum SimulateCommand: Subcommand {
        /// The longest span simulated: a leap year.
        static let longestSpan: TimeInterval = 366 * 86_400

        /// The command's declaration.
        static let spec = CommandSpec(
            name: "simulate",
            abstract:
                "Runs the widgets' timelines on a virtual clock, as WidgetKit would, and prints what happens.",
            discussion: """
                From --from up to --to, each widget is reloaded when added, shows each entry at its \
                date, and is reloaded at its timeline's policy and at each request of the --requests \
                file that names its kind. Each reload after the first spends one of the widget's daily \
                budget (--budget, WidgetKit's 70 reloads in any 24 hours by default; a request made \
                with the app in the foreground is free); with none left the reload waits until one \
                comes back, while the widget keeps showing its entries. Every event is one JSON line \
                with its virtual time first; the same input always gives the same lines. Nothing runs \
                when a configuration or the requests file is invalid (exit 65); a widget that fails \
                is an event, and the simulation goes on (exit 1).
                """,
            usage: "widgethost simulate [<config> ...] --from <date> --to <date> [<options>]",
            arguments: [
                CommandOptions.config,
                .option(
                    "from", valueName: "date", help: "Start the virtual clock at this ISO 8601 date.",
                    isRequired: true),
                .option(
                    "to", valueName: "date",
                    help: "Stop the virtual clock at this ISO 8601 date (at most 366 days after --from).",
                    isRequired: true),
                .option(
                    "requests", valueName: "file",
                    help: "A YAML or JSON list of reload requests: '- {at: DATE, kinds: [KIND]}'.",
                    completion: .file(extensions: ["yaml", "yml", "json"])),
                .option(
                    "budget", valueName: "n",
                    help: "Reloads each widget may spend in any 24 hours: a number from 0 to "
                        + "\(ReloadBudget.largest), or 'unlimited' (default: 70, WidgetKit's)."),
                CommandOptions.widget("Simulate"),
                CommandOptions.familyOrAllOption(
                    help:
                        "Simulate every widget in this family; 'all' simulates each in every family it supports, each with a budget of its own."
                ),
                CommandOptions.format(["ndjson"]),
            ] + CommandOptions.hostOptions
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let from = try date(values, "from")
            let to = try date(values, "to")
            guard from < to else {
                throw values.validationError(
                    "--to \(ISO8601.string(from: to)) is not after --from \(ISO8601.string(from: from)); "
                        + "the simulation runs from --from up to --to.")
            }
            guard to.timeIntervalSince(from) <= longestSpan else {
                throw values.validationError(
                    "--from \(ISO8601.string(from: from)) to --to \(ISO8601.string(from: to)) is longer than "
                        + "366 days, the longest span simulated; simulate it in parts.")
            }
            let budget = try budget(values)
            let selection = try CommandOptions.selection(values, allFamilies: true)
            return try await SessionOptions.withSession(values) { session throws(ParseError) in
                try await run(
                    values, session: session, span: from..<to, budget: budget, selection: selection)
            }
        }

        /// Loads and plans the configuration, reads the requests, simulates and writes the events;
        /// exit 1 when an evaluation failed.
        private static func run(
            _ values: ParsedValues, session: HostSession, span: Range<Date>, budget: ReloadBudget,
            selection: RunPlan.Selection
        ) async throws(ParseError) -> Int32 {
            let plan: RunPlan
            switch try await CommandOptions.loadAndPlan(values, session: session, selection: selection) {
            case .plan(let planned): plan = planned
            case .refused(let status): return status
            }
            let widgets = plan.instances.map {
                SimulatedWidget(id: $0.id, kind: $0.kind, family: plan.family ?? $0.family)
            }
            var requests: [ReloadRequest] = []
            if let path = try values.string("requests") {
                do throws(ReloadRequestFileError) {
                    let contents = try ReloadRequestFile.load(
                        path: path, span: span, kinds: Set(widgets.map(\.kind)))
                    CommandOptions.report(contents.warnings)
                    requests = contents.requests
                } catch {
                    CommandOptions.report(error.diagnostics)
                    return ExitStatus.dataError
                }
            }
            let simulation = Simulation(
                widgets: widgets, from: span.lowerBound, to: span.upperBound, budget: budget,
                requests: requests)
            let evaluator = WidgetEvaluator(registry: session.registry, containers: session.containers)
            let instances = plan.instances
            var output: [UInt8] = []
            output.reserveCapacity(1 << 16)
            var failed: [String: (count: Int, first: String)] = [:]
            var failedOrder: [String] = []
            let totals = await simulation.run { index, date in
                await evaluator.evaluate(
                    instances[index], options: RunOptions(date: date, family: plan.family)
                )
                .outcome
            } emit: { event in
                output += event.line
                if output.count >= 1 << 16 {
                    StandardStream.output.writeData(output)
                    output.removeAll(keepingCapacity: true)
                }
                if case .failure(let time, let widget, _, let failure, _) = event {
                    if failed[widget.id] == nil {
                        failedOrder.append(widget.id)
                        let line = failure.message.split(separator: "\n").first.map(String.init) ?? ""
                        failed[widget.id] = (0, "at \(ISO8601.string(from: time)): \(line)")
                    }
                    failed[widget.id]?.count += 1
                }
            }
            StandardStream.output.writeData(output)
            CommandOptions.report(session.takePluginDiagnostics())
            for id in failedOrder {
                guard let failure = failed[id] else { continue }
                let times = failure.count == 1 ? "once" : "\(failure.count) times"
                StandardStream.error.write(
                    "error: widget '\(TerminalText.visible(id))' failed \(times), first "
                        + TerminalText.visible(failure.first) + "\n")
            }
            return totals.failures > 0 ? ExitStatus.failure : ExitStatus.success
        }

        /// The ISO 8601 date of option `name`.
        private static func date(_ values: ParsedValues, _ name: String) throws(ParseError) -> Date {
            try CommandOptions.date(
                values.requiredString(name), option: name, examples: "2026-12-05T00:00:00Z or 2026-12-05",
                values)
        }

        /// `--budget N|unlimited`, or WidgetKit's default.
        private static func budget(_ values: ParsedValues) throws(ParseError) -> ReloadBudget {
            guard let text = try values.string("budget") else { return .widgetKitDefault }
            if text == "unlimited" { return .unlimited }
            guard let count = Int(text), (0...ReloadBudget.largest).contains(count) else {
                throw values.validationError(
                    "The value '\(TerminalText.visible(text))' is invalid for '--budget <n>': expected a "
                        + "number of reloads from 0 to \(ReloadBudget.largest), or 'unlimited'.")
            }
            return .perDay(count)
        }
    }
}
