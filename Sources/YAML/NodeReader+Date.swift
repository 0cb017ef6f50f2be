public import Diagnostics
public import Foundation
import JSON

extension NodeReader {
    /// A date in strict ISO 8601 (``StrictISO8601``): a date, or a date-time with a time zone.
    /// What is not one is reported with `code`, saying what to write instead.
    ///
    /// - Parameters:
    ///   - offset: an offset from UTC, shown to a date-time written without a time zone (`+02:00`).
    ///   - form: what to write, shown to text that is no date (`a date-time such as ...`).
    public mutating func date(
        _ node: Node, named name: String, code: FailureCode, offset: String, form: String
    ) -> Date? {
        guard let text = string(node, named: name) else { return nil }
        do throws(StrictISO8601.Failure) {
            return try StrictISO8601.date(from: text)
        } catch {
            let message =
                if let reason = error.outOfRangeReason {
                    "'\(text)' is not a date: \(reason)"
                } else if error == .missingTimeZone {
                    "'\(text)' has no time zone; add Z for UTC or an offset such as \(offset)"
                } else {
                    "'\(text)' is not an ISO 8601 date; write \(form)"
                }
            report(node, code: code, message: message)
            return nil
        }
    }
}
