import AppGroup
import ArgumentParsing
import Diagnostics
import Foundation
import JSON
import Rendering
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

/// Options several commands share, declared, read and checked the same way.
enum CommandOptions {
    /// `--format <format>` with `values`, the first the default.
    static func format(_ values: [String] = ["text", "json"], help: String = "The output format.")
        -> ArgumentSpec
    {
        .option("format", valueName: "format", help: help, allowedValues: values, defaultValue: values.first)
    }

    /// `--color-scheme light|dark`: the scheme colours are resolved for.
    static let colorScheme = ArgumentSpec.option(
        "color-scheme", valueName: "scheme",
        help:
            "Draw in this colour scheme: light or dark (the layout's default: light; the page's: the browser's).",
        allowedValues: ColorScheme.allCases.map(\.rawValue))

    /// The `--color-scheme` given, or `nil`.
    static func colorScheme(_ values: ParsedValues) throws(ParseError) -> ColorScheme? {
        try values.string("color-scheme").flatMap { ColorScheme(rawValue: $0) }
    }

    /// The `--format` given, as the engine's ``OutputFormat``.
    static func outputFormat(_ values: ParsedValues) throws(ParseError) -> OutputFormat {
        let text = try values.requiredString("format")
        guard let format = OutputFormat(rawValue: text) else {
            // The parser checked the value against the command's own list, which these all are.
            throw values.validationError("The format '\(text)' is not one widgethost writes.")
        }
        return format
    }

    /// Writes `output` in `format`: data exactly, text guarded for the terminal.
    static func write(_ output: String, as format: OutputFormat) {
        if format.isData {
            StandardStream.output.writeData(output)
        } else {
            StandardStream.output.write(output)
        }
    }

    /// `--widget <id>`, repeatable: "<verb> only this widget; repeat for more."
    static func widget(_ verb: String) -> ArgumentSpec {
        .option(
            "widget", valueName: "id", help: "\(verb) only this widget; repeat for more.",
            isRepeatable: true, completion: .dynamic(CompletionSource.widgetIDs.rawValue))
    }

    /// `--family <family>`, every widget drawn in that family.
    static let familyOption = ArgumentSpec.option(
        "family", valueName: "family", help: "Draw every widget in this family.",
        completion: .dynamic(CompletionSource.families.rawValue))

    /// `--family <family>` of a command that also takes `all` (each widget in every family it
    /// supports), with `help`.
    static func familyOrAllOption(help: String) -> ArgumentSpec {
        ArgumentSpec.option(
            "family", valueName: "family", help: help,
            completion: .dynamic(CompletionSource.families.rawValue))
    }

    /// What every command that runs widgets ends with: where the store is, how long its writers
    /// wait, and where plugins are.
    static let hostOptions: [ArgumentSpec] =
        [
            store(help: "The shared container directory, for every App Group."), lockTimeout,
            SessionOptions.plugins, SessionOptions.set,
        ] + SessionOptions.pluginLogging

    /// `[<config> ...]`.
    static let config = ArgumentSpec.positional(
        "config",
        help: "Configuration files or directories of *.yaml files. (default: ./config)",
        isOptional: true,
        isRepeating: true,
        completion: .file(extensions: ["yaml", "yml"])
    )

    /// `--store <dir>`.
    static func store(help: String = "The shared container directory.") -> ArgumentSpec {
        .option("store", valueName: "dir", help: help, completion: .directory)
    }

    /// The usage error of `--store ''`: an empty path would silently mean the default store.
    static func emptyStoreError(_ values: ParsedValues) -> ParseError {
        values.validationError(
            "The value '' is invalid for '--store <dir>': expected a directory; leave --store out for the "
                + "default store.")
    }

    /// `--lock-timeout <seconds>`, for commands that write the shared store.
    static let lockTimeout = ArgumentSpec.option(
        "lock-timeout",
        valueName: "seconds",
        help: "How long a write waits for other processes' lock on the shared store before it fails "
            + "(default: $\(StoreLockTimeout.variable), else \(seconds(StoreLockTimeout.default.duration)))."
    )

    /// The store lock timeout `--lock-timeout`, else `$WIDGETHOST_LOCK_TIMEOUT`, else the default.
    ///
    /// - Throws: ``ParseError`` (exit 64) naming the option or the variable when its value is not a
    ///   number of seconds from 0 to a day.
    static func lockTimeout(_ values: ParsedValues) throws(ParseError) -> StoreLockTimeout {
        let option = try values.string("lock-timeout")
        switch StoreLockTimeout.resolve(option: option, environment: ProcessInfo.processInfo.environment) {
        case .success(let timeout):
            return timeout
        case .failure(let invalid):
            let expected = "expected a number of seconds from 0 to 86400, such as 30 or 2.5."
            if invalid.source == StoreLockTimeout.variable {
                throw values.validationError(
                    "The value '\(invalid.text)' of \(StoreLockTimeout.variable) is invalid: \(expected)")
            }
            throw values.validationError(
                "The value '\(invalid.text)' is invalid for '--lock-timeout <seconds>': \(expected)")
        }
    }

    /// `duration` as whole seconds (`30 s`).
    private static func seconds(_ duration: Duration) -> String {
        "\(duration.components.seconds) s"
    }

    /// `--app-group <id>`, for commands that take no configuration.
    static let appGroup = ArgumentSpec.option(
        "app-group",
        valueName: "id",
        help: "The App Group whose container is used when --store is not given.",
        defaultValue: AppGroupContainer.defaultAppGroup
    )

    /// `--at <date>`: "<verb> as if the clock read this ISO 8601 date."
    static func at(_ verb: String) -> ArgumentSpec {
        .option("at", valueName: "date", help: "\(verb) as if the clock read this ISO 8601 date.")
    }

    /// `No <what> is named 'name'.` with the nearest name, or the list of names.
    static func unknown(_ what: String, named name: String, among names: [String]) -> String {
        var message = "No \(what) is named '\(TerminalText.visible(name))'."
        if let nearest = EditDistance.suggestion(for: name, among: names) {
            message += " Did you mean '\(nearest)'?"
        } else if !names.isEmpty {
            message += " Known: " + names.joined(separator: ", ") + "."
        }
        return message
    }

    /// `--at DATE`, or now.
    static func date(_ values: ParsedValues) throws(ParseError) -> Date {
        // Now, to the second: entries and reload dates then read like the ones --at gives.
        guard let text = try values.string("at") else {
            return Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        }
        return try date(text, option: "at", examples: "2026-11-29T12:00:00Z or 2026-11-29", values)
    }

    /// `text`, the value of option `name`, as an ISO 8601 date; a usage error naming the option
    /// and showing `examples` when it is not one.
    static func date(_ text: String, option name: String, examples: String, _ values: ParsedValues)
        throws(ParseError) -> Date
    {
        do throws(StrictISO8601.Failure) {
            return try StrictISO8601.date(from: text)
        } catch {
            let why = error == .missingTimeZone ? " with a time zone" : ""
            throw values.validationError(
                "The value '\(TerminalText.visible(text))' is invalid for '--\(name) <date>': "
                    + (error.outOfRangeReason ?? "expected an ISO 8601 date\(why) such as \(examples)") + ".")
        }
    }

    /// `--family F`, checked against the families WidgetKit has (and `all`, named in the error,
    /// where the command takes it: `orAll`).
    static func family(_ values: ParsedValues, orAll: Bool = false) throws(ParseError) -> WidgetFamily? {
        guard let text = try values.string("family") else { return nil }
        guard let family = WidgetFamily(rawValue: text) else {
            let all = WidgetFamily.allCases.map(\.rawValue) + (orAll ? ["all"] : [])
            var message = "The value '\(TerminalText.visible(text))' is invalid for '--family <family>'."
            let nearest =
                WidgetFamily.suggestion(for: text)
                ?? (orAll ? EditDistance.suggestion(for: text, among: ["all"]) : nil)
            if let nearest {
                message += " Did you mean '\(nearest)'?"
            } else {
                message += " Please provide one of " + all.map { "'\($0)'" }.joined(separator: ", ") + "."
            }
            throw values.validationError(message)
        }
        return family
    }

    /// What `--widget` and `--family` select (`--family all` only where `allFamilies`), and
    /// `--shard` where the command is `sharded`.
    static func selection(_ values: ParsedValues, allFamilies: Bool = false, sharded: Bool = false)
        throws(ParseError)
        -> RunPlan.Selection
    {
        let chosen: RunPlan.FamilySelection? =
            if allFamilies, try values.string("family") == "all" {
                .all
            } else {
                try family(values, orAll: allFamilies).map(RunPlan.FamilySelection.one)
            }
        return RunPlan.Selection(
            widgetIDs: try values.strings("widget"), family: chosen, shard: sharded ? try shard(values) : nil)
    }

    /// Makes the folder at `path` and those above it that are missing, as `mkdir -p`; what
    /// stopped it (`'out' is a file`, the system's reason), or `nil` once it exists.
    static func makeFolder(_ path: String) -> String? {
        var made = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
            var status = stat()
            if stat(made, &status) == 0 {
                if status.st_mode & S_IFMT != S_IFDIR { return "'\(made)' is not a folder" }
                continue
            }
            if mkdir(made, 0o755) != 0, errno != EEXIST {
                return "'\(made)': " + String(cString: strerror(errno))
            }
        }
        return access(path, W_OK | X_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// `--shard K/N`: run part K of N of the widgets, for spreading a batch over machines.
    static let shard = ArgumentSpec.option(
        "shard", valueName: "k/n",
        help:
            "Run part K of N of the widgets (each widget's part fixed by its id), so N runs on any machines do the whole once."
    )

    /// The `--shard K/N` given, checked; `nil` when none is.
    static func shard(_ values: ParsedValues) throws(ParseError) -> RunPlan.Shard? {
        guard let text = try values.string("shard") else { return nil }
        guard let shard = RunPlan.Shard(text) else {
            throw values.validationError(
                "The value '\(TerminalText.visible(String(text.prefix(40))))' is invalid for '--shard <k/n>': "
                    + "expected part K of N parts as K/N, with 1 ≤ K ≤ N ≤ \(RunPlan.Shard.maximumCount), such as 2/5."
            )
        }
        return shard
    }

    /// What loading and planning came to: the plan, or the exit status of a refusal already
    /// reported.
    enum Planned {
        case plan(RunPlan)
        case refused(Int32)
    }

    /// Loads the configurations the command names, reports their diagnostics and plans
    /// `selection`, refusing (as ``refuse(_:values:format:diagnosticsShown:)``) what cannot be drawn.
    static func loadAndPlan(
        _ values: ParsedValues, session: HostSession, selection: RunPlan.Selection,
        format: OutputFormat? = nil
    ) async throws(ParseError) -> Planned {
        let loaded = await session.load(try values.strings("config"))
        report(loaded.diagnostics)
        switch session.plan(loaded, selection: selection) {
        case .success(let plan): return .plan(plan)
        case .failure(let failure):
            return .refused(try refuse(failure, values: values, format: format, diagnosticsShown: true))
        }
    }

    /// Refuses what `plan` refused, as every command that draws refuses it: a usage error (64) is
    /// thrown, worded for the command line; an invalid configuration is reported (unless
    /// `diagnosticsShown`) and a store not there yet is reported, each as the failure document
    /// with `--format json`, and 65 returned.
    static func refuse(
        _ failure: RunPlan.Failure, values: ParsedValues, format: OutputFormat? = nil,
        diagnosticsShown: Bool = false
    ) throws(ParseError) -> Int32 {
        if let message = failure.usageMessage { throw values.validationError(message) }
        switch failure {
        case .invalidConfiguration(let diagnostics):
            if !diagnosticsShown { report(diagnostics) }
            if let format { FailureDocument.invalidConfiguration(diagnostics).write(if: format) }
        case .missingStores(let diagnostics):
            if let format {
                return MissingStore.refuse(diagnostics, format: format) ?? ExitStatus.dataError
            }
            report(diagnostics)
        case .unknownWidget, .unsupportedFamily: break
        }
        return ExitStatus.dataError
    }

    /// Writes diagnostics to standard error, compiler-style.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        StandardStream.error.write(DiagnosticRenderer.forStandardError().render(diagnostics))
    }

    /// The status of a command whose output is written, after `diagnostics` were reported: the
    /// status of the first error's code (as the README's table of codes says), 0 when none is an
    /// error.
    static func status(afterReporting diagnostics: [Diagnostic]) -> Int32 {
        diagnostics.first { $0.severity == .error }.map { ExitStatus.failing(with: $0.code) }
            ?? ExitStatus.success
    }
}
