import ArgumentParsing
import LiveHost
import TerminalText
import WidgetHost

/// What `watch` and `serve`, the two commands over the live host, take and refuse alike.
enum LiveOptions {
    /// What to host: the configuration, `--widget` and `--family`.
    static func hostOptions(_ values: ParsedValues) throws(ParseError) -> LiveHost.Options {
        LiveHost.Options(
            paths: try values.strings("config"), widgetIDs: try values.strings("widget"),
            family: try CommandOptions.family(values))
    }

    /// Reports why the host could not start, as `run` reports the same plan: an invalid
    /// configuration or a missing store (65), a `--widget` or `--family` the configuration cannot
    /// take (64); the system refusing inotify or a pipe (1).
    static func refuse(_ failure: LiveHost.StartFailure, values: ParsedValues) throws(ParseError) -> Int32 {
        switch failure {
        case .plan(let failure):
            return try CommandOptions.refuse(failure, values: values)
        case .system(let message):
            StandardStream.error.write("error: \(TerminalText.visible(message))\n")
            return ExitStatus.failure
        }
    }
}
