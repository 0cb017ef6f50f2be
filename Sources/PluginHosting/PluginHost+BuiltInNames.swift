public import Diagnostics
import Foundation
import WidgetEngine

/// A plugin may serve a kind or an intent that has a built-in's name (an iOS extension's own
/// `TaskWidget`, `ToggleTaskIntent`). Which one is meant is never guessed: a configuration names the
/// built-in `widgethost/KIND` and the plugin's `PLUGIN/KIND`, and a bare built-in kind that a
/// plugin's manifest also lists is an error naming both; `perform` takes `widgethost/TYPE` or
/// `PLUGIN/TYPE` likewise; a control runs the intent of whoever drew it.
extension PluginHost {
    /// What names the built-ins in a qualified kind or intent: `widgethost/TaskWidget`.
    public static let builtInQualifier = "widgethost"

    /// `name` split at its last slash into a plugin's name and a kind or type; `nil` without one.
    public static func qualified(_ name: String) -> (plugin: String, name: String)? {
        guard let slash = name.lastIndex(of: "/") else { return nil }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }

    /// `kind` when it names a built-in as `widgethost/KIND`, without the qualifier.
    public func builtInKind(qualified kind: String) -> String? {
        guard let (plugin, name) = Self.qualified(kind), plugin == Self.builtInQualifier,
            builtIns.widget(kind: name) != nil
        else { return nil }
        return name
    }

    /// The plugins whose manifests list `name` among their kinds (`kinds`) or intents.
    private func manifests(listing name: String, kinds: Bool) -> [PluginManifest] {
        plugins.compactMap(\.manifest).filter { (kinds ? $0.kinds : $0.intents).contains(name) }
    }

    /// Why the built-in kind `kind`, named bare, is ambiguous: a plugin's manifest lists it too.
    /// Found from manifests, without starting anything.
    public func builtInKindClash(_ kind: String) -> String? {
        let listing = manifests(listing: kind, kinds: true)
        guard !listing.isEmpty else { return nil }
        return "the kind '\(kind)' is built into widgethost and also declared by "
            + Self.pluginList(listing) + "; say which: "
            + Self.choices(kind, listing)
    }

    /// Why `perform` of the built-in intent `type`, named bare, is ambiguous: a plugin's manifest
    /// lists it too. Found from manifests, without starting anything.
    public func builtInIntentClash(_ type: String) -> Diagnostic? {
        let listing = manifests(listing: type, kinds: false)
        guard !listing.isEmpty else { return nil }
        return Diagnostic(
            file: nil, code: .pluginAmbiguousIntent,
            message: "the intent '\(type)' is built into widgethost and also declared by "
                + Self.pluginList(listing) + "; name one: " + Self.choices(type, listing))
    }

    /// `the plugin 'a' (folder)`, `the plugins 'a' (folder) and 'b' (folder)`.
    private static func pluginList(_ manifests: [PluginManifest]) -> String {
        let named = manifests.map { "'\($0.name)' (\($0.folder))" }
        guard let last = named.last, named.count > 1 else { return "the plugin " + (named.first ?? "") }
        return "the plugins " + named.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `'widgethost/NAME' for the built-in or 'a/NAME' for the plugin's`.
    private static func choices(_ name: String, _ manifests: [PluginManifest]) -> String {
        "'\(builtInQualifier)/\(name)' for the built-in or "
            + manifests.map { "'\($0.name)/\(name)'" }.joined(separator: " or ")
            + (manifests.count == 1 ? " for the plugin's" : " for a plugin's")
    }
}
