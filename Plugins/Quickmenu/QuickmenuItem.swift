public import Foundation

/// One menu link of the Quickmenu: its JSON fields are `title`, `url` and `tabIndex`.
public struct QuickmenuItem: Sendable, Hashable, Encodable {
    /// The tab's name, shown under its symbol.
    public var title: String
    /// The deep link opening the tab (`widgetquickmenu://Balance`).
    public var url: URL
    /// The tab's index in the app.
    public var tabIndex: Int
    /// The SF Symbol shown (drawn, not part of the entry's data).
    public var systemImage: String

    private enum CodingKeys: String, CodingKey {
        case title
        case url
        case tabIndex
    }

    /// The item opening `tab`, or `nil` if its name cannot make a URL (no tab's can).
    public init?(tab: TabName) {
        guard let url = URL(string: "\(DeeplinkCoordinator.scheme)://\(tab.rawValue)") else { return nil }
        self.title = tab.rawValue
        self.url = url
        self.tabIndex = tab.tabIndex
        self.systemImage = tab.systemImage
    }
}
