import AppGroup
import ArgumentParsing
import Diagnostics
import Foundation
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost perform <intent> [name=value ...]`: runs an app intent, as a widget's button or
    /// toggle would.
    enum PerformCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "perform",
            abstract: "Performs an app intent, as a button or toggle does.",
            discussion: """
                Values are checked against the intent's parameters before anything runs: strings are \
                taken as written, other types read as YAML (true, 3, high). 'widgethost describe' \
                lists the intents and their parameters, plugins' included: an intent a plugin declares \
                is sent to that plugin (when two plugins declare it, name one: PLUGIN/INTENT). Exit 65 \
                for a value that \
                does not fit or that the intent refuses (an empty task name), 1 when the intent fails \
                (no task with that id); either way the store is unchanged.
                """,
            usage: "widgethost perform <intent> [<name>=<value> ...] [<options>]",
            arguments: [
                .positional("intent", help: "The intent, e.g. ToggleTaskIntent."),
                .positional(
                    "arguments",
                    help: "Parameter values, e.g. taskID=6F9619FF-8B86-D011-B42D-00CF4FC964FF.",
                    isOptional: true,
                    isRepeating: true
                ),
                CommandOptions.store(),
                CommandOptions.appGroup,
                CommandOptions.lockTimeout,
                CommandOptions.at("Perform"),
                CommandOptions.format(),
                PluginOptions.option,
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let lockTimeout = try CommandOptions.lockTimeout(values)
            let name = try values.requiredString("intent")
            // A built-in intent is found without building the widgets or the plugin host, which it
            // needs neither of: scripts fire intents by the thousand, and building the registry was
            // most of what a perform cost beyond starting the executable.
            let intent = BuiltInWidgets.intent(named: name)
            // Plugins are looked for (and started) only for an intent nothing built in declares.
            let plugins = intent == nil ? try PluginOptions.host(values) : nil
            defer { plugins?.shutdown() }
            let lookup = plugins?.intent(named: name)
            if let plugins {
                CommandOptions.report(plugins.takeDiagnostics())
            }
            if case .failure(let ambiguity)? = lookup {
                CommandOptions.report([ambiguity])
                return ExitStatus.dataError
            }
            let pluginIntent = try? lookup?.get()
            guard intent != nil || pluginIntent != nil else {
                let names =
                    BuiltInWidgets.intents.map { $0.intentType } + (plugins?.intents.map(\.type) ?? [])
                throw values.validationError(CommandOptions.unknown("intent", named: name, among: names))
            }
            let date = try CommandOptions.date(values)
            let format = try values.requiredString("format")
            let arguments = try values.strings("arguments")
            let parameters: [String: JSONValue]
            switch intent.map({ IntentRunner.values(arguments, for: $0) }) ?? pluginIntent?.values(arguments)
            {
            case .success(let checked)?:
                parameters = checked
            case .failure(let error)?:
                if error.isUsage { throw values.validationError(error.messages.joined(separator: "\n")) }
                StandardStream.error.write(error.messages.map { "error: \($0)\n" }.joined())
                return ExitStatus.dataError
            case nil:
                return ExitStatus.failure
            }
            let containers = ContainerSet(
                storeOption: try values.string("store"),
                environment: ProcessInfo.processInfo.environment,
                lockTimeout: lockTimeout
            )
            let appGroup = try values.requiredString("app-group")
            let container: SharedContainer
            do throws(WidgetFailure) {
                container = try containers.container(forAppGroup: appGroup)
            } catch {
                StandardStream.error.write("error: \(error.message)\n")
                return ExitStatus.usage
            }
            let outcome = await perform(
                intent, pluginIntent, values: parameters, container: container, date: date)
            return write(outcome, format: format)
        }

        /// Performs a built-in intent or, failing that, a plugin's: the one the caller found.
        static func perform(
            _ intent: (any AppIntent.Type)?,
            _ pluginIntent: PluginIntent?,
            values: [String: JSONValue],
            container: SharedContainer,
            date: Date
        ) async -> Result<IntentRunner.Outcome, WidgetFailure> {
            if let intent {
                return await IntentRunner.perform(intent, values: values, container: container, date: date)
            }
            if let pluginIntent {
                return await pluginIntent.perform(values: values, container: container)
            }
            // Callers look the intent up first and stop when neither is found.
            return .failure(WidgetFailure(code: "intent.unknown", message: "no intent to perform"))
        }

        /// The failures that are the values' fault, not the run's: an intent's
        /// ``IntentParameterError`` and a plugin's JSON-RPC "invalid params".
        static let invalidValueCodes: Set = ["intent.invalid-value", "plugin.invalid-params"]

        /// Prints an intent's outcome, or its failure on standard error.
        /// - Returns: 0; 65 when the intent refused its values; 1 when it failed otherwise.
        static func write(
            _ outcome: Result<IntentRunner.Outcome, WidgetFailure>, format: String,
            extra: [JSONValue.Member] = []
        )
            -> Int32
        {
            switch outcome {
            case .success(let outcome):
                for warning in outcome.warnings { StandardStream.error.write("warning: \(warning)\n") }
                if format == "json" {
                    guard case .object(let members) = outcome.json else { return ExitStatus.failure }
                    StandardStream.output.write(JSONValue.object(extra + members).description + "\n")
                } else {
                    StandardStream.output.write(outcome.text)
                }
                return ExitStatus.success
            case .failure(let failure):
                StandardStream.error.write("error: \(failure.message)\n")
                return invalidValueCodes.contains(failure.code) ? ExitStatus.dataError : ExitStatus.failure
            }
        }
    }
}
