import AppGroup
import ArgumentParsing
import Diagnostics
import Foundation
import PluginHosting
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost perform <intent> [name=value ...]`: runs an app intent, as a widget's button or
    /// toggle would.
    enum PerformCommand: Subcommand {
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
                .positional(
                    "intent", help: "The intent, e.g. ToggleTaskIntent.",
                    completion: .dynamic(CompletionSource.intents.rawValue)),
                .positional(
                    "arguments",
                    help: "Parameter values, e.g. taskID=6F9619FF-8B86-D011-B42D-00CF4FC964FF.",
                    isOptional: true,
                    isRepeating: true,
                    completion: .dynamic(CompletionSource.intentArguments.rawValue)
                ),
                CommandOptions.store(),
                CommandOptions.appGroup,
                CommandOptions.lockTimeout,
                CommandOptions.at("Perform"),
                CommandOptions.format(),
                SessionOptions.plugins,
                ConfigurationPlugins.option,
            ] + SessionOptions.pluginLogging
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let name = try values.requiredString("intent")
            let date = try CommandOptions.date(values)
            let format = try CommandOptions.outputFormat(values)
            let arguments = try values.strings("arguments")
            let appGroup = try values.requiredString("app-group")
            return try await SessionOptions.withSession(values) { session throws(ParseError) in
                let intent: any HostIntent
                var lookup = await session.intent(named: name)
                if case .unknown = lookup {
                    // Neither built in nor declared by the plugins found: the plugins the
                    // configuration brings are looked at too (read only now, so a built-in intent,
                    // fired by scripts in thousands, never reads the configuration).
                    let brought = try ConfigurationPlugins.add(values, to: session)
                    if let first = brought.first {
                        CommandOptions.report(brought)
                        FailureDocument(code: first.code, message: first.message, diagnostics: brought)
                            .write(if: format)
                        return CommandOptions.status(afterReporting: brought)
                    }
                    lookup = await session.intent(named: name)
                }
                switch lookup {
                case .found(let found):
                    intent = found
                    CommandOptions.report(session.takePluginDiagnostics())
                case .ambiguous(let diagnostic):
                    let diagnostics = session.takePluginDiagnostics() + [diagnostic]
                    CommandOptions.report(diagnostics)
                    FailureDocument(
                        code: diagnostic.code, message: diagnostic.message, diagnostics: diagnostics
                    )
                    .write(if: format)
                    return ExitStatus.dataError
                case .untrusted(let failure):
                    let diagnostics = session.takePluginDiagnostics().filter {
                        $0.message != failure.diagnosticMessage
                    }
                    CommandOptions.report(diagnostics)
                    StandardStream.error.write(
                        "error: \(TerminalText.visible(failure.diagnosticMessage))\n"
                            + failure.stderrLines.map { "  | \(TerminalText.visible($0))\n" }.joined())
                    FailureDocument(code: failure.code, message: failure.description).write(if: format)
                    return ExitStatus.failing(with: failure.code)
                case .unknown(let known):
                    CommandOptions.report(session.takePluginDiagnostics())
                    throw values.validationError(
                        CommandOptions.unknown("intent", named: name, among: known) + " "
                            + ConfigurationPlugins.whereLooked(session))
                }
                let parameters: [String: JSONValue]
                switch intent.values(arguments) {
                case .success(let checked):
                    parameters = checked
                case .failure(let error):
                    if error.isUsage {
                        throw values.validationError(
                            error.messages.map(TerminalText.visible).joined(separator: "\n"))
                    }
                    StandardStream.error.write(
                        error.messages.map { "error: \(TerminalText.visible($0))\n" }.joined())
                    FailureDocument(
                        code: .intentInvalidValue, message: error.messages.joined(separator: "; ")
                    )
                    .write(if: format)
                    return ExitStatus.dataError
                }
                // Found before the intent runs: its result could not be shown, and a script that
                // retries a failed command would perform it twice.
                if let status = StandardStream.refuseFailedOutput(doing: "the intent was not performed") {
                    return status
                }
                return await MissingStore.withContainer(of: appGroup, in: session, format: format) {
                    container in
                    write(
                        await session.perform(intent, values: parameters, in: container, date: date),
                        format: format)
                }
            }
        }

        /// Prints an intent's outcome, or its failure on standard error.
        /// - Returns: 0; 65 when the intent refused its values; 1 when it failed otherwise.
        static func write(
            _ outcome: Result<IntentRunner.Outcome, WidgetFailure>, format: OutputFormat,
            extra: [JSONValue.Member] = []
        )
            -> Int32
        {
            switch outcome {
            case .success(let outcome):
                for warning in outcome.warnings {
                    StandardStream.error.write("warning: \(TerminalText.visible(warning))\n")
                }
                if format == .json {
                    guard case .object(let members) = outcome.json else { return ExitStatus.failure }
                    StandardStream.output.writeData(JSONValue.object(extra + members).description + "\n")
                } else {
                    StandardStream.output.write(outcome.text)
                }
                return ExitStatus.success
            case .failure(let failure):
                StandardStream.error.write("error: \(TerminalText.visible(failure.message))\n")
                FailureDocument(code: failure.code, message: failure.message, reason: failure.reason).write(
                    if: format)
                // The values' fault (an intent's `needsValueError`, a plugin's "invalid params") or
                // the run's.
                return ExitStatus.failing(with: failure.code)
            }
        }
    }
}
