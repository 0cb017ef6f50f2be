public import Foundation

/// Resolves the Quickmenu's deep links the way the app does, as seed 004's `DeeplinkCoordinator`:
/// `widgetquickmenu://Balance` selects tab 1.
///
/// As the seed, the URL's host is the tab's name, compared exactly (`Balance`, not `balance`), and
/// its path and query are ignored. Unlike the seed, which ignores a link it cannot resolve, every
/// failure is a ``DeeplinkError`` saying what was wrong; the scheme, which the seed never checks,
/// must be `widgetquickmenu` (in any letter case, as URL schemes are).
///
/// ```swift
/// var coordinator = DeeplinkCoordinator()
/// try coordinator.resolve("widgetquickmenu://Balance")  // (tab: .balance, tabIndex: 1)
/// try coordinator.handleDeeplink(url)  // from onOpenURL; selectedTab is now the link's tab
/// ```
public struct DeeplinkCoordinator: Sendable, Hashable {
    /// The URL scheme of the Quickmenu's links.
    public static let scheme = "widgetquickmenu"

    /// The tab index selected by the last deep link handled; the home tab at first.
    public private(set) var selectedTab: Int = TabName.home.tabIndex

    /// Creates a coordinator with the home tab selected.
    public init() {}

    /// The tab `url` opens.
    ///
    /// - Returns: The tab and its index.
    /// - Throws: ``DeeplinkError``: `deeplink.unknown-scheme` for another scheme (or none),
    ///   `deeplink.unknown-tab` for a host that names no tab (with the nearest tab and the valid ones).
    public func resolve(_ url: URL) throws(DeeplinkError) -> (tab: TabName, tabIndex: Int) {
        try resolve(url, shown: url.absoluteString)
    }

    /// `resolve(_:)`, with errors quoting the link as `shown` (as a person typed it, not as
    /// Foundation percent-encoded it).
    private func resolve(_ url: URL, shown: String) throws(DeeplinkError) -> (tab: TabName, tabIndex: Int) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw DeeplinkError.invalidURL(shown)
        }
        guard let scheme = components.scheme, scheme.lowercased() == Self.scheme else {
            throw DeeplinkError.unknownScheme(components.scheme, url: shown)
        }
        let host = components.host ?? ""
        guard let tab = TabName(rawValue: host) else {
            // Quoted as typed: Foundation lowercases a host that is not ASCII (`Hoéme` -> `hoéme`).
            throw DeeplinkError.unknownTab(Self.typedHost(in: shown) ?? host, url: shown)
        }
        return (tab, tab.tabIndex)
    }

    /// The host of URL text as typed: after `://` and any `user@`, up to a port, path, query or
    /// fragment; `nil` when the text has no `://`.
    static func typedHost(in text: String) -> String? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let authority = text[start...].prefix { !"/?#".contains($0) }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        return String(host.prefix { $0 != ":" })
    }

    /// The tab the URL text `text` opens, for text typed on a command line.
    ///
    /// - Throws: ``DeeplinkError``: `deeplink.invalid-url` when `text` is not a URL, else as
    ///   ``resolve(_:)-(URL)``.
    public func resolve(_ text: String) throws(DeeplinkError) -> (tab: TabName, tabIndex: Int) {
        guard let url = URL(string: text) else { throw DeeplinkError.invalidURL(text) }
        return try resolve(url, shown: text)
    }

    /// Selects the tab `url` opens, as the seed's `handleDeeplink` does from `onOpenURL`.
    ///
    /// - Throws: ``DeeplinkError``; the selected tab is then unchanged.
    public mutating func handleDeeplink(_ url: URL) throws(DeeplinkError) {
        selectedTab = try resolve(url).tabIndex
    }
}
