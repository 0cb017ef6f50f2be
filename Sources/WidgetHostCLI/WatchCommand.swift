import ArgumentParsing
import Diagnostics
import Foundation
import LiveHost
import Rendering
import Synchronization
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

#if canImport(Glibc)
    import Glibc
#endif

extension WidgetHostCommand {
    /// `widgethost watch [<config> ...]`: hosts the widgets until interrupted, writing what each
    /// shows whenever it changes.
    enum WatchCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "watch",
            abstract: "Hosts the widgets live, writing what they show as it changes.",
            discussion: """
                Each widget's timeline is kept: the displayed entry advances at its date, the \
                timeline reloads at its policy's date, on a reload request of its kind (an intent, \
                'widgethost reload', 'store import', SIGUSR1), when its configuration changes, and \
                when its plugin restarts. An invalid edit is reported and the last good configuration \
                keeps running. SIGINT, SIGTERM or SIGHUP end it, plugins included. --format ndjson (the \
                default when standard output is not a terminal) writes one event a line; text redraws \
                the boxes in place; waybar writes one Waybar custom-module line per change of one \
                --widget. Run by systemd as a Type=notify service ($NOTIFY_SOCKET), it reports                 ready once every widget is drawn.
                """,
            usage: "widgethost watch [<config> ...] [<options>]",
            arguments: [
                CommandOptions.config, CommandOptions.widget("Host"), CommandOptions.familyOption,
                LiveOptions.at,
                .option(
                    "format", valueName: "format",
                    help: "text, ndjson or waybar (default: text on a terminal, else ndjson).",
                    allowedValues: ["text", "ndjson", "waybar"]),
            ] + CommandOptions.hostOptions
        )

        /// How events are written.
        enum Output: String {
            case text, ndjson, waybar
        }

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let clocks = try LiveOptions.clocks(values)
            let hostOptions = try LiveOptions.hostOptions(values, clock: clocks?.host)
            let notifier = ServiceNotifier.fromEnvironment()
            let output =
                try values.string("format").flatMap(Output.init(rawValue:))
                ?? (isatty(1) == 1 ? .text : .ndjson)
            if output == .waybar && hostOptions.widgetIDs.count != 1 {
                throw values.validationError(
                    "--format waybar shows one widget: name it with --widget <id> (once).")
            }
            return try await SessionOptions.withSession(values, live: true, clock: clocks?.plugins) {
                session throws(ParseError) in
                let host: LiveHost
                do throws(LiveHost.StartFailure) {
                    host = try LiveHost(session: session, options: hostOptions)
                } catch {
                    return try LiveOptions.refuse(error, values: values)
                }
                let writer = EventWriter(output: output, symbols: session.symbolFallbacks, host: host)
                // Keys are read only from a terminal, which is put in a mode that hands each key
                // over as it is pressed (and set back after).
                let terminal = output == .text ? TerminalMode.keysAsPressed(descriptor: 0) : nil
                defer { terminal?.restore() }
                if terminal != nil { writer.readKeys(session: session) }
                let resizing = output == .text ? writer.redrawOnResize() : nil
                defer { resizing?.cancel() }
                do throws(LiveHost.StartFailure) {
                    // Under a service manager (a systemd `Type=notify` unit), ready once every
                    // widget has been drawn the first time.
                    try await host.run(
                        started: { notifier?.tell("READY=1\nSTATUS=hosting the widgets") },
                        emit: { event in writer.write(event) })
                } catch {
                    return try LiveOptions.refuse(error, values: values)
                }
                return ExitStatus.success
            }
        }
    }

    /// Writes the live host's events in the chosen output; a closed output ends the host. On a
    /// terminal, the text screen also reads keys: Tab selects a widget, a digit taps its control.
    final class EventWriter: Sendable {
        private let output: WatchCommand.Output
        private let boxes: WidgetBoxRenderer
        private let waybar: WaybarRenderer
        private let host: LiveHost
        private let screen = Mutex(LiveScreen())

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
                screen.withLock { $0.apply(event) }
                redraw()
            }
            if StandardStream.outputFailure != nil { host.stop() }
        }

        /// Redraws every box in place.
        ///
        /// Written under the screen's lock: events and key presses redraw from different threads,
        /// and two redraws interleaved (home, home, screen, screen) would append a second screen
        /// below the first instead of replacing it. On a terminal the screen is fitted to its size
        /// and each line overwritten, the rest erased (no full clear: nothing is pushed into the
        /// scrollback, and nothing flickers); elsewhere it is written whole after a clear.
        func redraw() {
            screen.withLock { screen in
                // The renderer's own control sequences (home, erase), not data.
                guard let size = Self.terminalSize() else {
                    StandardStream.output.writeData("\u{1B}[H\u{1B}[2J")
                    StandardStream.output.write(screen.render(with: boxes))
                    return
                }
                let text = screen.render(with: boxes, rows: size.rows, columns: size.columns)
                let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
                StandardStream.output.writeData("\u{1B}[H")
                for (index, line) in lines.enumerated() {
                    // The text is data (made safe as written); the erasing is the renderer's. No
                    // newline after the last line: on the bottom row it would scroll the screen.
                    StandardStream.output.write(String(line))
                    StandardStream.output.writeData(
                        index == lines.count - 1 ? "\u{1B}[K\u{1B}[J" : "\u{1B}[K\n")
                }
            }
        }

        /// Standard output's terminal size; `nil` when it is no terminal or says none.
        static func terminalSize() -> (rows: Int, columns: Int)? {
            var size = winsize()
            guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
            return (Int(size.ws_row), Int(size.ws_col))
        }

        /// Redraws whenever the terminal is resized (SIGWINCH), until the source returned is
        /// cancelled.
        func redrawOnResize() -> any DispatchSourceSignal {
            signal(SIGWINCH, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
            source.setEventHandler { [self] in redraw() }
            source.resume()
            return source
        }

        /// Reads keys from the terminal on standard input until it ends, on a thread of its own;
        /// a digit taps that control of the selected widget through `session`.
        func readKeys(session: HostSession) {
            Thread.detachNewThread { [self] in
                var byte: UInt8 = 0
                while Glibc.read(0, &byte, 1) == 1 {
                    let action = screen.withLock { $0.press(byte) }
                    switch action {
                    case .none: continue
                    case .redraw: redraw()
                    case .tap(let id, let number):
                        // The view on screen, so that a widget changed since it was drawn is not tapped.
                        guard let shown = screen.withLock({ $0.results[id] }) else { continue }
                        let revision = (try? shown.outcome.get()).map { ViewRevision($0.current.view) }
                        Task { await self.tap(shown.instance, number, shown: revision, session: session) }
                    }
                }
            }
        }

        private func tap(
            _ instance: WidgetInstance, _ number: Int, shown: ViewRevision?, session: HostSession
        ) async {
            let status: String
            switch await session.tap(instance, control: number, date: host.now(), shown: shown) {
            case .success(.performed(.success(let outcome))):
                status =
                    "[\(number)] of \(instance.id): "
                    + outcome.text.split(separator: "\n").joined(separator: " · ")
            case .success(.performed(.failure(let failure))):
                status = "[\(number)] of \(instance.id) failed: \(failure.message)"
            case .success(.opened(let url, let destination)):
                status =
                    "[\(number)] of \(instance.id) opens \(url)"
                    + (destination.map { " -> \($0.name)" } ?? "")
            case .failure(.noSuchControl(_, let count)):
                status = "\(instance.id) has \(count) control\(count == 1 ? "" : "s"); there is no \(number)"
            case .failure(let failure):
                status =
                    "[\(number)] of \(instance.id) did nothing: "
                    + failure.message(control: number, of: instance.id)
            }
            screen.withLock { $0.status = status }
            redraw()
        }
    }
}
