import ArgumentParsing
import Diagnostics
import Foundation
import Synchronization
import TerminalText
import WidgetHost
import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#endif

extension WidgetHostCommand {
    /// `widgethost watch [<config> ...]`: hosts the widgets until interrupted, writing what each
    /// shows whenever it changes.
    enum WatchCommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "watch",
            abstract: "Hosts the widgets live, writing what they show as it changes.",
            discussion: """
                Each widget's timeline is kept: the displayed entry advances at its date, the \
                timeline reloads at its policy's date, on a reload request of its kind (an intent, \
                'widgethost reload', 'store import', SIGUSR1), when its configuration changes, and \
                when its plugin restarts. An invalid edit is reported and the last good configuration \
                keeps running. SIGINT or SIGTERM end it, plugins included. --format ndjson (the \
                default when standard output is not a terminal) writes one event a line; text redraws \
                the boxes in place; waybar writes one Waybar custom-module line per change of one \
                --widget.
                """,
            usage: "widgethost watch [<config> ...] [<options>]",
            arguments: [
                CommandOptions.config,
                .option(
                    "widget", valueName: "id", help: "Host only this widget; repeat for more.",
                    isRepeatable: true),
                .option(
                    "format", valueName: "format",
                    help: "text, ndjson or waybar (default: text on a terminal, else ndjson).",
                    allowedValues: ["text", "ndjson", "waybar"]),
                CommandOptions.store(help: "The shared container directory, for every App Group."),
                CommandOptions.lockTimeout,
                SessionOptions.plugins,
            ]
        )

        /// How events are written.
        enum Output: String {
            case text, ndjson, waybar
        }

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let paths = try values.strings("config")
            let ids = try values.strings("widget")
            let output =
                try values.string("format").flatMap(Output.init(rawValue:))
                ?? (isatty(1) == 1 ? .text : .ndjson)
            if output == .waybar && ids.count != 1 {
                throw values.validationError(
                    "--format waybar shows one widget: name it with --widget <id> (once).")
            }
            return try await SessionOptions.withSession(values) { session throws(ParseError) in
                let host: LiveHost
                do throws(LiveHost.StartFailure) {
                    host = try LiveHost(
                        session: session, options: LiveHost.Options(paths: paths, widgetIDs: ids))
                } catch {
                    return report(error, values: values)
                }
                let writer = EventWriter(output: output, symbols: session.symbolFallbacks, host: host)
                do throws(LiveHost.StartFailure) {
                    try await host.run { event in writer.write(event) }
                } catch {
                    return report(error, values: values)
                }
                return ExitStatus.success
            }
        }

        private static func report(_ failure: LiveHost.StartFailure, values: ParsedValues) -> Int32 {
            switch failure {
            case .invalidConfiguration(let diagnostics):
                CommandOptions.report(diagnostics)
                return ExitStatus.dataError
            case .unknownWidgets(let unknown, let known):
                let message = CommandOptions.unknown("widget", named: unknown[0], among: known)
                StandardStream.error.write("Error: \(TerminalText.visible(message))\n")
                return ExitStatus.usage
            case .system(let message):
                StandardStream.error.write("error: \(TerminalText.visible(message))\n")
                return ExitStatus.failure
            }
        }
    }

    /// Writes the live host's events in the chosen output; a closed output ends the host.
    final class EventWriter: Sendable {
        private let output: WatchCommand.Output
        private let boxes: WidgetBoxRenderer
        private let waybar: WaybarRenderer
        private let host: LiveHost
        /// The text screen: every widget's latest result, in the order first seen.
        private let screen = Mutex<(order: [String], results: [String: WidgetResult], notes: [String])>(
            ([], [:], []))

        init(output: WatchCommand.Output, symbols: [String: String], host: LiveHost) {
            self.output = output
            self.boxes = WidgetBoxRenderer(symbols: symbols)
            self.waybar = WaybarRenderer(symbols: symbols)
            self.host = host
        }

        func write(_ event: WatchEvent) {
            switch output {
            case .ndjson:
                StandardStream.output.writeData(event.json + "\n")
            case .waybar:
                if case .widget(_, let result) = event {
                    StandardStream.output.writeData(waybar.line(result) + "\n")
                }
                if case .diagnostics(let diagnostics) = event { CommandOptions.report(diagnostics) }
            case .text:
                redraw(after: event)
            }
            if StandardStream.outputFailure != nil { host.stop() }
        }

        /// Redraws every box in place, with the latest problems under them.
        private func redraw(after event: WatchEvent) {
            let text = screen.withLock { screen -> String in
                switch event {
                case .widget(_, let result):
                    let id = result.instance.id
                    if screen.results[id] == nil { screen.order.append(id) }
                    screen.results[id] = result
                case .removed(let id):
                    screen.results[id] = nil
                    screen.order.removeAll { $0 == id }
                case .diagnostics(let diagnostics):
                    screen.notes = diagnostics.map(\.description)
                case .plugin(let name, let state, let message):
                    screen.notes = ["plugin \(name): \(state.rawValue)" + (message.map { " (\($0))" } ?? "")]
                }
                let results = screen.order.compactMap { screen.results[$0] }
                return boxes.render(results, includeTimeline: false)
                    + screen.notes.map { TerminalText.visible($0) + "\n" }.joined()
            }
            // Home and clear the screen: the renderer's own control sequence, not data.
            StandardStream.output.writeData("\u{1B}[H\u{1B}[2J")
            StandardStream.output.write(text)
        }
    }
}
