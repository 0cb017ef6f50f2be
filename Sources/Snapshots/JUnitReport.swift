public import Foundation
import JSON

/// A JUnit XML report of a snapshot run, as CI systems (GitLab, Jenkins, GitHub's test reporters)
/// read it: one `testcase` a snapshot, its class the widget's kind, its name the snapshot's name;
/// a difference or a missing snapshot is a `failure`, a widget that failed an `error`.
public enum JUnitReport {
    /// The report of `outcomes`, `suite` its suite's name, `date` when the run began.
    public static func xml(_ outcomes: [SnapshotOutcome], suite: String, date: Date) -> String {
        let failures = outcomes.filter { $0.status == .failed || $0.status == .missing }.count
        let errors = outcomes.filter { $0.status == .error }.count
        let time = seconds(outcomes.reduce(0) { $0 + $1.seconds })
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts =
            "tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\""
        xml += "<testsuites name=\"\(escape(suite))\" \(counts)>\n"
        xml += "  <testsuite name=\"\(escape(suite))\" \(counts) skipped=\"0\" "
        xml += "timestamp=\"\(ISO8601.string(from: date))\">\n"
        for outcome in outcomes {
            xml += "    <testcase classname=\"\(escape(outcome.kind))\" name=\"\(escape(outcome.name))\" "
            xml += "time=\"\(seconds(outcome.seconds))\""
            switch outcome.status {
            case .passed, .recorded, .unchanged:
                xml += "/>\n"
            case .failed, .missing, .error:
                let element = outcome.status == .error ? "error" : "failure"
                let type =
                    outcome.status == .missing ? "snapshot.missing" : "snapshot.\(outcome.status.rawValue)"
                let body = (outcome.details + outcome.files.map { "file: \($0)" }).joined(separator: "\n")
                xml += ">\n      <\(element) message=\"\(escape(outcome.summary))\" type=\"\(type)\">"
                xml += escape(body, attribute: false) + "</\(element)>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `text` as an attribute's value (or, not an `attribute`, as character data): the five markup
    /// characters as entities, an attribute's tabs and line breaks as character references (a
    /// reader would turn them into spaces), and the characters XML 1.0 cannot hold (the other C0
    /// controls, U+FFFE, U+FFFF) as U+FFFD.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n" where attribute: output += "&#10;"
            case "\r": output += "&#13;"
            case "\t" where attribute: output += "&#9;"
            case "\n", "\t": output.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Seconds with three decimals.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
