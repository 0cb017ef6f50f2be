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
                lists the intents and their parameters. Exit 65 for a value that does not fit, 1 when \
                the intent fails (no task with that id); either way the store is unchanged.
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
                CommandOptions.at("Perform"),
                CommandOptions.format(),
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let registry = BuiltInWidgets.registry()
            let name = try values.requiredString("intent")
            guard let intent = registry.intent(named: name) else {
                let names = registry.intents.map { $0.intentType }
                throw values.validationError(CommandOptions.unknown("intent", named: name, among: names))
            }
            let date = try CommandOptions.date(values)
            let format = try values.requiredString("format")
            let parameters: [String: JSONValue]
            switch IntentRunner.values(try values.strings("arguments"), for: intent) {
            case .success(let checked):
                parameters = checked
            case .failure(let error):
                if error.isUsage { throw values.validationError(error.messages.joined(separator: "\n")) }
                StandardStream.error.write(error.messages.map { "error: \($0)\n" }.joined())
                return ExitStatus.dataError
            }
            let containers = ContainerSet(
                storeOption: try values.string("store"),
                environment: ProcessInfo.processInfo.environment
            )
            let appGroup = try values.requiredString("app-group")
            let container: SharedContainer
            do throws(WidgetFailure) {
                container = try containers.container(forAppGroup: appGroup)
            } catch {
                StandardStream.error.write("error: \(error.message)\n")
                return ExitStatus.usage
            }
            let outcome = await IntentRunner.perform(
                intent, values: parameters, container: container, date: date)
            return write(outcome, format: format)
        }

        /// Prints an intent's outcome, or its failure on standard error.
        /// - Returns: 0, or 1 when the intent failed.
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
                return ExitStatus.failure
            }
        }
    }
}
