import ArgumentParsing
import Diagnostics
import Foundation
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost tap <widget-id> <n> [<config> ...]`: taps the Nth control of a widget's current
    /// view, as on the home screen.
    enum TapCommand: Subcommand {
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
                .positional(
                    "widget-id", help: "The widget's id in the configuration.",
                    completion: .dynamic(CompletionSource.widgetIDs.rawValue)),
                .positional("n", help: "The control's number, as the text view shows it."),
                CommandOptions.config,
                .option(
                    "store", valueName: "dir", help: "The shared container directory, for every App Group.",
                    completion: .directory),
                CommandOptions.lockTimeout,
                CommandOptions.at("Tap"),
                CommandOptions.format(),
                SessionOptions.plugins,
                SessionOptions.set,
            ] + SessionOptions.pluginLogging
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let id = try values.requiredString("widget-id")
            // Not `in: 1...`: "expected an integer from 1 to 9223372036854775807" helps nobody; a
            // number out of range is reported below with the controls the widget has.
            guard let number = try values.int("n") else { return ExitStatus.usage }
            let date = try CommandOptions.date(values)
            let format = try CommandOptions.outputFormat(values)
            let paths = try values.strings("config")
            return try await SessionOptions.withSession(values) { session throws(ParseError) in
                let loaded = await session.load(paths)
                CommandOptions.report(loaded.diagnostics)
                let instance: WidgetInstance
                switch session.plan(loaded, selection: RunPlan.Selection(widgetIDs: [id])) {
                case .success(let plan):
                    guard let only = plan.instances.first else { return ExitStatus.usage }
                    instance = only
                case .failure(let failure):
                    return try CommandOptions.refuse(
                        failure, values: values, format: format, diagnosticsShown: true)
                }
                // Found before the control's intent runs, as `perform` finds it.
                if let status = StandardStream.refuseFailedOutput(doing: "the control was not tapped") {
                    return status
                }
                let place: [JSONValue.Member] = [
                    .init("widget", .string(id)), .init("control", .int(number)),
                ]
                let shownID = TerminalText.visible(id)
                switch await session.tap(instance, control: number, date: date) {
                case .success(.performed(let outcome)):
                    return PerformCommand.write(outcome, format: format, extra: place)
                case .success(.opened(let url, let destination)):
                    return open(url, destination: destination, place: place, format: format)
                case .failure(.noSuchControl(_, let count)):
                    let what = count == 0 ? "has no controls" : "has \(count) control\(count == 1 ? "" : "s")"
                    throw values.validationError(
                        "Widget '\(shownID)' \(what) now; there is no control \(number).")
                case .failure(.ambiguousIntent(let diagnostic)):
                    CommandOptions.report([diagnostic])
                    FailureDocument(
                        code: diagnostic.code, message: diagnostic.message, diagnostics: [diagnostic]
                    )
                    .write(if: format)
                    return ExitStatus.failure
                case .failure(let failure):
                    let text = failure.message(control: number, of: id)
                    StandardStream.error.write("error: \(TerminalText.visible(text))\n")
                    FailureDocument(code: failure.code, message: text, reason: failure.reason).write(
                        if: format)
                    // A disabled control is the tap's fault, not a failure of what ran (nothing did).
                    return failure.code.isInvalidInput ? ExitStatus.dataError : ExitStatus.failure
                }
            }
        }

        /// A link's tap: what it opens (and, when a widget's bundle resolves it, where).
        static func open(
            _ url: String, destination: DeepLinkDestination?, place: [JSONValue.Member], format: OutputFormat
        ) -> Int32 {
            var members = place + [.init("url", .string(url))]
            var text = "opens \(TerminalText.visible(url))"
            if let destination {
                members += [
                    .init("tab", .string(destination.name)), .init("tabIndex", .int(destination.index)),
                ]
                text += " -> \(TerminalText.visible(destination.name)) (tab \(destination.index))"
            }
            if format == .json {
                StandardStream.output.writeData(JSONValue.object(members).description + "\n")
            } else {
                StandardStream.output.write(text + "\n")
            }
            return ExitStatus.success
        }
    }
}
