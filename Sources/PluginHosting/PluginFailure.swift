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

    /// `plugin 'NAME' WHAT: DETAIL; DETAIL; its stderr ended with: ...`.
    public var description: String {
        var text = "plugin '\(plugin)' \(what)"
        if !details.isEmpty { text += ": " + details.joined(separator: "; ") }
        let tail = stderrTail.trimmingCharacters(in: .whitespacesAndNewlines)
        if !tail.isEmpty { text += "; its stderr ended with: \(tail)" }
        return text
    }

    /// The failure as a widget's `error`.
    public var widgetFailure: WidgetFailure {
        WidgetFailure(code: code, message: description, reason: reason)
    }
}
