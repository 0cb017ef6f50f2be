import ArgumentParsing
import Diagnostics
import Foundation
import WidgetHost
import WidgetHostKit

/// Options several commands share, read and checked the same way.
enum CommandOptions {
    /// `--at DATE`, or now.
    static func date(_ values: ParsedValues) throws(ParseError) -> Date {
        guard let text = try values.string("at") else { return Date() }
        do throws(StrictISO8601.Failure) {
            return try StrictISO8601.date(from: text)
        } catch {
            let why = error == .missingTimeZone ? " with a time zone" : ""
            throw values.validationError(
                "The value '\(text)' is invalid for '--at <date>': expected an ISO 8601 date\(why) such as "
                    + "2026-11-29T12:00:00Z or 2026-11-29."
            )
        }
    }

    /// `--family F`, checked against the families WidgetKit has.
    static func family(_ values: ParsedValues) throws(ParseError) -> WidgetFamily? {
        guard let text = try values.string("family") else { return nil }
        guard let family = WidgetFamily(rawValue: text) else {
            let all = WidgetFamily.allCases.map(\.rawValue)
            var message = "The value '\(text)' is invalid for '--family <family>'."
            if let nearest = EditDistance.suggestion(for: text, among: all) {
                message += " Did you mean '\(nearest)'?"
            } else {
                message += " Please provide one of " + all.map { "'\($0)'" }.joined(separator: ", ") + "."
            }
            throw values.validationError(message)
        }
        return family
    }

    /// The instances `--widget` names (all when none), in configuration order.
    static func select(_ instances: [WidgetInstance], ids: [String], values: ParsedValues) throws(ParseError)
        -> [WidgetInstance]
    {
        guard !ids.isEmpty else { return instances }
        let known = instances.map(\.id)
        for id in ids where !known.contains(id) {
            var message = "No widget has the id '\(id)'."
            if let nearest = EditDistance.suggestion(for: id, among: known) {
                message += " Did you mean '\(nearest)'?"
            } else if !known.isEmpty {
                message += " The ids are " + known.map { "'\($0)'" }.joined(separator: ", ") + "."
            }
            throw values.validationError(message)
        }
        return instances.filter { ids.contains($0.id) }
    }

    /// Writes diagnostics to standard error, compiler-style.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        StandardStream.error.write(DiagnosticRenderer.forStandardError().render(diagnostics))
    }
}
