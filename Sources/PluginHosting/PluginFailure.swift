public import Diagnostics
import Foundation
public import WidgetEngine

/// Why a plugin request failed: a stable code, the plugin's name, what happened, and the tail of
/// what the plugin wrote on its standard error.
public struct PluginFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// `plugin.timeout`, `plugin.exited`, `plugin.invalid-json`, `plugin.line-too-long`,
    /// `plugin.unknown-id`, `plugin.error`, `plugin.invalid-reply`, `plugin.start-failed`, ...
    public var code: FailureCode
    /// The plugin's name.
    public var plugin: String
    /// What happened, as a sentence fragment after the plugin's name (`exited with status 3`).
    public var what: String
    /// The last lines of the plugin's standard error, possibly empty.
    public var stderrTail: String
    /// The problems behind `what`, one a line, when there are several (every problem of a
    /// handshake, say).
    public var details: [String] = []
    /// The code the plugin's error gave as its reason (`data.reason` of a JSON-RPC error: a
    /// ``CodedError`` thrown by the widget or intent it serves), when well formed.
    public var reason: String?

    /// Creates a failure.
    public init(code: FailureCode, plugin: String, what: String, stderrTail: String = "") {
        self.code = code
        self.plugin = plugin
        self.what = what
        self.stderrTail = stderrTail
    }

    /// `FILE:LINE (in FUNCTION): plugin 'NAME' WHAT: DETAIL; DETAIL; its stderr ended with:` and
    /// the last lines of its stderr, one a line; the place in the author's own code first, when
    /// the stderr holds a Python traceback (``authorLocation``).
    public var description: String {
        let lines = stderrLines
        return lines.isEmpty ? headline : diagnosticMessage + "\n" + lines.joined(separator: "\n")
    }

    /// The failure without its stderr: `FILE:LINE (in FUNCTION): plugin 'NAME' WHAT: DETAIL; ...`.
    public var headline: String {
        var text = "plugin '\(plugin)' \(what)"
        if let authorLocation { text = authorLocation + ": " + text }
        if !details.isEmpty { text += ": " + details.joined(separator: "; ") }
        return text
    }

    /// The message of a diagnostic of this failure: the ``headline``, and `; its stderr ended
    /// with:` when it did, its lines following as the diagnostic's notes (``stderrNotes``), so
    /// they are shown as lines.
    public var diagnosticMessage: String {
        stderrLines.isEmpty ? headline : headline + "; its stderr ended with:"
    }

    /// The stderr's last lines as notes, `| LINE` each.
    public var stderrNotes: [Diagnostic.Note] {
        stderrLines.map { Diagnostic.Note("| " + $0) }
    }

    /// How many of the stderr's last lines a failure shows.
    public static let stderrLineCount = 12

    /// The last lines of the plugin's stderr (at most ``stderrLineCount``), without the blank
    /// ones at its end.
    public var stderrLines: [String] {
        var lines = stderrTail.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.hasSuffix("\r") ? $0.dropLast() : $0)
        }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        // A fatal error's first line kept before the tail ("LINE", "…", then the tail) stays.
        if lines.count > Self.stderrLineCount, lines.count > 2, lines[1] == "…" {
            return Array(lines.prefix(2)) + lines.suffix(Self.stderrLineCount - 2)
        }
        return Array(lines.suffix(Self.stderrLineCount))
    }

    /// Where the plugin author's own code failed, `FILE:LINE (in FUNCTION)` (the file's name): the innermost frame
    /// of the Python traceback in its stderr that is not the SDK's (`widgethost_plugin.py`);
    /// `nil` when there is none.
    public var authorLocation: String? {
        var found: String?
        for line in stderrTail.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /\s*File "(.+)", line (\d+), in (.+?)\r?/) else { continue }
            let file = String(match.output.1)
            if file.hasSuffix("/widgethost_plugin.py") || file == "widgethost_plugin.py" { continue }
            // The file's name: its path is in the traceback, and a widget's box is narrow.
            let name = file.split(separator: "/").last.map(String.init) ?? file
            found = "\(name):\(match.output.2) (in \(match.output.3))"
        }
        return found
    }

    /// The failure as a widget's `error`.
    public var widgetFailure: WidgetFailure {
        WidgetFailure(code: code, message: description, reason: reason)
    }
}
