import ArgumentParsing
import Diagnostics
import Foundation
import LiveHost
import TerminalText
import WidgetHost
import WidgetHostKit
import WidgetServer

extension WidgetHostCommand {
    /// `widgethost serve [<config> ...]`: the HTML page of the widgets, live over HTTP, its
    /// controls working.
    enum ServeCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "serve",
            abstract: "Serves the widgets as a live web page whose buttons work.",
            discussion: """
                The page of 'run --format html', kept up to date by the live host of 'watch' \
                (GET /events, Server-Sent Events), its buttons, toggles and links run as 'tap' runs \
                them (POST /widgets/<id>/controls/<n>); GET /api/widgets is the 'run --format json' \
                document. It listens on 127.0.0.1 unless --bind says otherwise and prints its URL, with \
                the access token it lets in, once every widget is drawn (--port 0 picks a free port); \
                a browser that opens it keeps the token in a cookie. It refuses a request without \
                the token, a Host header that is not an address it serves, a POST without the page's \
                token or from another origin, \
                bodies over 64 KiB, and a request that takes longer than --idle-timeout to arrive. \
                SIGINT, SIGTERM or SIGHUP end it, plugins included. Run by systemd as a Type=notify                 service ($NOTIFY_SOCKET), it reports ready once it listens.
                """,
            usage: "widgethost serve [<config> ...] [<options>]",
            arguments: [
                CommandOptions.config, CommandOptions.widget("Serve"), CommandOptions.familyOption,
                LiveOptions.at,
                .option(
                    "port", valueName: "port",
                    help: "The port to listen on; 0 picks a free one. (default: 8080)"),
                .option(
                    "bind", valueName: "address",
                    help: "The numeric address to listen on. (default: 127.0.0.1)"),
                .option(
                    "idle-timeout", valueName: "seconds",
                    help: "Close a connection silent this long, or whose request takes longer. (default: 10)"),
                .option(
                    "max-connections", valueName: "n", help: "Connections served at once. (default: 512)"),
            ] + CommandOptions.hostOptions
        )

        /// The warning of a server listening on an address other machines can reach.
        static func exposureWarning(bind: String, port: Int) -> String {
            let address = TerminalText.visible(bind)
            return
                "warning: serving on \(address), not a loopback address: anyone who can reach this machine on "
                + "port \(port), from other machines on its networks too, can connect; they need the printed "
                + "URL's token to get in, but plain HTTP carries it unencrypted, for anyone who can watch "
                + "the network to read\n"
        }

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let clocks = try LiveOptions.clocks(values)
            let hostOptions = try LiveOptions.hostOptions(values, clock: clocks?.host)
            let notifier = ServiceNotifier.fromEnvironment()
            let options = HTTPServer.Options(
                bind: try values.string("bind") ?? "127.0.0.1",
                port: try values.int("port", in: 0...65535) ?? 8080,
                maxConnections: try values.int("max-connections", in: 1...100_000) ?? 512,
                idleTimeout: try values.int("idle-timeout", in: 1...86_400) ?? 10)
            return try await SessionOptions.withSession(values, live: true, clock: clocks?.plugins) {
                session throws(ParseError) in
                do throws(LiveServer.Failure) {
                    try await LiveServer.run(
                        session: session, host: hostOptions, http: options,
                        bound: { port in
                            if !options.isLoopback {
                                StandardStream.error.write(
                                    Self.exposureWarning(bind: options.bind, port: port))
                            }
                        },
                        listening: { url in
                            StandardStream.output.writeData(url + "\n")
                            // Under a service manager, ready once it listens (without the token).
                            let address = url.split(separator: "?").first.map(String.init) ?? url
                            notifier?.tell("READY=1\nSTATUS=serving \(address)")
                        },
                        diagnostics: { CommandOptions.report($0) })
                } catch {
                    switch error {
                    case .cannotServe(let message):
                        StandardStream.error.write("error: cannot serve: \(TerminalText.visible(message))\n")
                        return ExitStatus.failure
                    case .host(let failure):
                        return try LiveOptions.refuse(failure, values: values)
                    }
                }
                return ExitStatus.success
            }
        }
    }
}
