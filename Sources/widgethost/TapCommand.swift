import ArgumentParsing
import Foundation
import Quickmenu
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost tap <widget-id> <n> [<config> ...]`: taps the Nth control of a widget's current
    /// view, as on the home screen.
    enum TapCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "tap",
            abstract: "Taps the Nth control of a widget's current view.",
            discussion: """
                The widget's current view is drawn as 'widgethost run' draws it, and its Nth control \
                (the [N] of the text view) is tapped: a button or toggle performs its intent, a link \
                says what it opens.
                """,
            usage: "widgethost tap <widget-id> <n> [<config> ...] [<options>]",
            arguments: [
                .positional("widget-id", help: "The widget's id in the configuration."),
                .positional("n", help: "The control's number, as the text view shows it."),
                CommandOptions.config,
                .option(
                    "store", valueName: "dir", help: "The shared container directory, for every App Group."),
                CommandOptions.lockTimeout,
                CommandOptions.at("Tap"),
                CommandOptions.format(),
                PluginOptions.option,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let id = try values.requiredString("widget-id")
            // Not `in: 1...`: "expected an integer from 1 to 9223372036854775807" helps nobody; a
            // number out of range is reported below with the controls the widget has.
            guard let number = try values.int("n") else { return ExitStatus.usage }
            let date = try CommandOptions.date(values)
            let format = try values.requiredString("format")
            let lockTimeout = try CommandOptions.lockTimeout(values)
            let plugins = try PluginOptions.host(values)
            defer { plugins.shutdown() }
            let loaded = PluginOptions.loader(plugins).load(try values.strings("config"))
            let registry = plugins.registry()
            CommandOptions.report(loaded.diagnostics)
            guard !loaded.hasErrors else { return ExitStatus.dataError }
            guard let instance = try CommandOptions.select(loaded.instances, ids: [id], values: values).first
            else {
                return ExitStatus.usage
            }
            let containers = ContainerSet(
                storeOption: try values.string("store"),
                environment: ProcessInfo.processInfo.environment,
                lockTimeout: lockTimeout
            )
            let evaluator = WidgetEvaluator(registry: registry, containers: containers)
            let result = await evaluator.evaluate(instance, options: RunOptions(date: date))
            let evaluation: WidgetEvaluation
            switch result.outcome {
            case .success(let success): evaluation = success
            case .failure(let failure):
                StandardStream.error.write("error: widget '\(id)' failed: \(failure.message)\n")
                return ExitStatus.failure
            }
            let controls = evaluation.current.view.controls
            guard number >= 1, number <= controls.count else {
                let what =
                    controls.isEmpty
                    ? "has no controls" : "has \(controls.count) control\(controls.count == 1 ? "" : "s")"
                throw values.validationError("Widget '\(id)' \(what) now; there is no control \(number).")
            }
            let control = controls[number - 1]
            let place: [JSONValue.Member] = [.init("widget", .string(id)), .init("control", .int(number))]
            if control.type == .link {
                return open(control.url ?? "", place: place, format: format)
            }
            let intent = control.intent.flatMap { registry.intent(named: $0.type) }
            // A plugin's control runs the intent of the plugin that drew it.
            let drawnBy = (registry.widget(kind: instance.kind) as? PluginWidget)?.connection
            let lookup =
                intent == nil
                ? control.intent.flatMap { plugins.intent(named: $0.type, drawnBy: drawnBy) } : nil
            if case .failure(let ambiguity)? = lookup {
                CommandOptions.report([ambiguity])
                return ExitStatus.failure
            }
            let pluginIntent = try? lookup?.get()
            guard let reference = control.intent, intent != nil || pluginIntent != nil else {
                StandardStream.error.write(
                    "error: control \(number) of '\(id)' runs an intent widgethost does not know\n")
                return ExitStatus.failure
            }
            var parameters: [String: JSONValue] = [:]
            if let pluginIntent {
                // The plugin drew the control: its values are checked before they go back to it.
                switch pluginIntent.values(json: reference.parameters) {
                case .success(let checked):
                    parameters = checked
                case .failure(let error):
                    StandardStream.error.write(
                        "error: control \(number) of '\(id)' runs \(reference.type) with values it does not "
                            + "declare: \(error.messages.joined(separator: "; "))\n")
                    return ExitStatus.failure
                }
            } else if case .object(let members) = reference.parameters {
                for member in members { parameters[member.key] = member.value }
            }
            let container: SharedContainer
            do throws(WidgetFailure) {
                container = try containers.container(forAppGroup: instance.appGroup)
            } catch {
                StandardStream.error.write("error: \(error.message)\n")
                return ExitStatus.failure
            }
            let outcome = await PerformCommand.perform(
                intent, pluginIntent, values: parameters, container: container, date: date)
            return PerformCommand.write(outcome, format: format, extra: place)
        }

        /// A link's tap: what it opens (and, for the quick menu's links, which tab).
        static func open(_ url: String, place: [JSONValue.Member], format: String) -> Int32 {
            var members = place + [.init("url", .string(url))]
            var text = "opens \(url)"
            if let (tab, tabIndex) = try? DeeplinkCoordinator().resolve(url) {
                members += [.init("tab", .string(tab.rawValue)), .init("tabIndex", .int(tabIndex))]
                text += " -> \(tab.rawValue) (tab \(tabIndex))"
            }
            StandardStream.output.write(
                format == "json" ? JSONValue.object(members).description + "\n" : text + "\n")
            return ExitStatus.success
        }
    }
}
