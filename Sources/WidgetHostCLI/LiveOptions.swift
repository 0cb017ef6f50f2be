import ArgumentParsing
import LiveHost
import PluginHosting
import TerminalText
import WidgetHost

/// What `watch` and `serve`, the two commands over the live host, take and refuse alike.
enum LiveOptions {
    /// What to host: the configuration, `--widget`, `--family`, and `--at`'s clock.
    static func hostOptions(_ values: ParsedValues, clock: ShiftedClock? = nil) throws(ParseError)
        -> LiveHost.Options
    {
        LiveHost.Options(
            paths: try values.strings("config"), widgetIDs: try values.strings("widget"),
            family: try CommandOptions.family(values), clock: clock)
    }

    /// `--at DATE` of `watch` and `serve`: the host lives from DATE on, at the wall clock's pace.
    static let at = ArgumentSpec.option(
        "at", valueName: "date",
        help:
            "Host the widgets from this ISO 8601 date on, as if the clock had read it at start (it runs from there)."
    )

    /// `--at`'s clock for the host and for its plugins, one origin for both; `nil` when not given.
    static func clocks(_ values: ParsedValues) throws(ParseError) -> (
        host: ShiftedClock, plugins: PluginClock
    )? {
        guard try values.string("at") != nil else { return nil }
        let start = try CommandOptions.date(values)
        let origin = ContinuousClock.now
        return (ShiftedClock(start: start, origin: origin), PluginClock(runningFrom: start, origin: origin))
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
