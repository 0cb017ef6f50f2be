import ArgumentParsing
import Rendering
import TerminalText
import WidgetHost
import WidgetHostKit

extension WidgetHostCommand {
    /// `widgethost open <url>`: resolves a deep link as the app's `DeeplinkCoordinator` does.
    enum OpenCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "open",
            abstract: "Resolves a widget's deep link to the app tab it opens.",
            discussion: """
                Links of the Quickmenu widget look like 'widgetquickmenu://Balance' and open a tab of \
                the app (Home 0, Balance 1, Transfer 2, Scan 3). An unknown scheme or tab is an error \
                naming it (exit 65).
                """,
            arguments: [
                .positional(
                    "url", help: "The link, e.g. widgetquickmenu://Balance.",
                    completion: .dynamic(CompletionSource.links.rawValue)),
                CommandOptions.format(),
            ]
        )

        /// Runs the command.
        static func run(_ values: ParsedValues) async throws(ParseError) -> Int32 {
            let url = try values.requiredString("url")
            let json = try CommandOptions.outputFormat(values) == .json
            return try await SessionOptions.withSession(values, store: false, plugins: false) { session in
                switch session.resolveLink(url) {
                case .success(let destination):
                    if json {
                        let document: JSONValue = .object([
                            .init("url", .string(url)),
                            .init("tab", .string(destination.name)),
                            .init("tabIndex", .int(destination.index)),
                        ])
                        StandardStream.output.writeData(document.description + "\n")
                    } else {
                        StandardStream.output.write(
                            "\(TerminalText.visible(url)) -> \(TerminalText.visible(destination.name)) "
                                + "(tab \(destination.index))\n")
                    }
                    return ExitStatus.success
                case .failure(let error):
                    StandardStream.error.write("error: \(TerminalText.visible(error.message))\n")
                    return ExitStatus.dataError
                }
            }
        }
    }
}
