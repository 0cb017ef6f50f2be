import ArgumentParsing
import Diagnostics
import Foundation
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost run [<config> ...]`: evaluates every widget of the configuration and prints what
    /// each one shows.
    enum RunCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "run",
            abstract: "Runs the widgets and prints what each one shows.",
            discussion: """
                Each widget's provider is asked for its timeline, and the entry current at --at (the \
                latest dated at or before it) is drawn: as a box sized to the widget's family, with \
                its controls numbered for 'widgethost tap', or as JSON. Nothing runs when any \
                configuration is invalid (exit 65); a widget that fails at run time is reported and \
                the others still print (exit 1).
                """,
            usage: "widgethost run [<config> ...] [<options>]",
            arguments: [
                CommandOptions.config,
                .option(
                    "widget", valueName: "id", help: "Run only this widget; repeat for more.",
                    isRepeatable: true),
                .option("family", valueName: "family", help: "Draw every widget in this family."),
                CommandOptions.at("Run"),
                .flag("timeline", help: "Print every entry of each timeline and its reload policy."),
                .flag("preview", help: "Print snapshots, as the widget gallery shows them."),
                CommandOptions.format(["text", "json", "ndjson"]),
                CommandOptions.store(help: "The shared container directory, for every App Group."),
                CommandOptions.lockTimeout,
                PluginOptions.option,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let date = try CommandOptions.date(values)
            let format = try values.requiredString("format")
            let family = try CommandOptions.family(values)
            let lockTimeout = try CommandOptions.lockTimeout(values)
            let plugins = try PluginOptions.host(values)
            defer { plugins.shutdown() }
            let loaded = PluginOptions.loader(plugins).load(try values.strings("config"))
            let registry = plugins.registry()
            CommandOptions.report(loaded.diagnostics)
            guard !loaded.hasErrors else { return ExitStatus.dataError }
            let instances = try CommandOptions.select(
                loaded.instances, ids: try values.strings("widget"), values: values)
            if let family {
                let supports = { (instance: WidgetInstance, family: WidgetFamily) in
                    registry.widget(kind: instance.kind)?.metadata.supportedFamilies.contains(family) ?? false
                }
                let unsupported = instances.filter { !supports($0, family) }
                if !unsupported.isEmpty {
                    let common = WidgetFamily.allCases.filter { candidate in
                        instances.allSatisfy { supports($0, candidate) }
                    }
                    throw values.validationError(
                        unsupportedFamilyMessage(family, unsupported: unsupported, common: common))
                }
            }
            let containers = ContainerSet(
                storeOption: try values.string("store"),
                environment: ProcessInfo.processInfo.environment,
                lockTimeout: lockTimeout
            )
            let evaluator = WidgetEvaluator(registry: registry, containers: containers)
            let options = RunOptions(date: date, preview: try values.flag("preview"), family: family)
            var results = await evaluator.evaluate(instances, options: options)
            for problem in ReloadTracking.update(&results, containers: containers) {
                StandardStream.error.write("warning: reload requests were not checked: \(problem)\n")
            }
            let includeTimeline = try values.flag("timeline")
            switch format {
            case "json":
                StandardStream.output.write(
                    RunJSON.document(results, includeTimeline: includeTimeline).description + "\n")
            case "ndjson":
                StandardStream.output.write(
                    results.map { RunJSON.object($0, includeTimeline: includeTimeline).description + "\n" }
                        .joined()
                )
            default:
                StandardStream.output.write(
                    WidgetBoxRenderer().render(results, includeTimeline: includeTimeline))
            }
            let failures = results.filter {
                if case .failure = $0.outcome { return true }
                return false
            }
            for failure in failures {
                if case .failure(let error) = failure.outcome {
                    StandardStream.error.write(
                        "error: widget '\(failure.instance.id)' failed: \(error.message)\n")
                }
            }
            return failures.isEmpty ? ExitStatus.success : ExitStatus.failure
        }

        /// Why `--family` cannot draw the selected widgets: the ones that do not support it (the
        /// first few, by id and kind) and the families every selected widget does support.
        static func unsupportedFamilyMessage(
            _ family: WidgetFamily,
            unsupported: [WidgetInstance],
            common: [WidgetFamily]
        ) -> String {
            let shown = 5
            var names = unsupported.prefix(shown).map { "'\($0.id)' (\($0.kind))" }
            if unsupported.count > shown { names.append("\(unsupported.count - shown) more") }
            let list =
                names.count == 1
                ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            var message =
                unsupported.count == 1
                ? "The widget \(list) does not support the family '\(family.rawValue)'."
                : "The widgets \(list) do not support the family '\(family.rawValue)'."
            if common.isEmpty {
                message += " No family suits every selected widget; select fewer with --widget."
            } else {
                message +=
                    " Choose a family every selected widget supports ("
                    + common.map(\.rawValue).joined(separator: ", ") + "), or select others with --widget."
            }
            return message
        }
    }
}
