/// Why a deep link does not open a tab: a stable code for scripts and a sentence a person can act
/// on, naming the bad part, the valid tabs and the nearest one.
///
/// ```
/// deeplink.unknown-tab: 'widgetquickmenu://balance' names the unknown tab 'balance'; did you mean 'Balance'? (tabs: Home, Balance, Transfer, Scan)
/// ```
public struct DeeplinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable code: `deeplink.invalid-url`, `deeplink.unknown-scheme` or
    /// `deeplink.unknown-tab`.
    public var code: String
    /// What went wrong, in a sentence a person can act on.
    public var message: String

    /// The message.
    public var description: String { message }

    /// `text` cannot be read as a URL.
    public static func invalidURL(_ text: String) -> DeeplinkError {
        DeeplinkError(
            code: "deeplink.invalid-url",
            message:
                "'\(text)' is not a URL; Quickmenu links look like '\(DeeplinkCoordinator.scheme)://Balance'"
        )
    }

    /// The URL `url` has the scheme `scheme` (or none), not the Quickmenu's.
    public static func unknownScheme(_ scheme: String?, url: String) -> DeeplinkError {
        let what = scheme.map { "the unknown scheme '\($0)'" } ?? "no scheme"
        return DeeplinkError(
            code: "deeplink.unknown-scheme",
            message: "'\(url)' has \(what); Quickmenu links use '\(DeeplinkCoordinator.scheme)://' "
                + "(tabs: \(validTabs))"
        )
    }

    /// The URL `url` names the tab `tab` (empty for none), which the app does not have.
    public static func unknownTab(_ tab: String, url: String) -> DeeplinkError {
        let what = tab.isEmpty ? "names no tab" : "names the unknown tab '\(tab)'"
        let suggestion = TabName.nearest(to: tab).map { "; did you mean '\($0.rawValue)'?" } ?? ""
        return DeeplinkError(
            code: "deeplink.unknown-tab",
            message: "'\(url)' \(what)\(suggestion) (tabs: \(validTabs))"
        )
    }

    private static var validTabs: String { TabName.allCases.map(\.rawValue).joined(separator: ", ") }
}
