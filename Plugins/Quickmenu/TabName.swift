/// The app's four tabs, as seed 004's `TabName`: the raw value is the deep link's host
/// (`widgetquickmenu://Balance`), the tab index the tab view's tag.
public enum TabName: String, Sendable, Hashable, CaseIterable {
    /// The home tab (index 0).
    case home = "Home"
    /// The balance tab (index 1).
    case balance = "Balance"
    /// The transfer tab (index 2).
    case transfer = "Transfer"
    /// The scan tab (index 3).
    case scan = "Scan"

    /// The tab's position in the app's tab bar.
    public var tabIndex: Int {
        switch self {
        case .home: return 0
        case .balance: return 1
        case .transfer: return 2
        case .scan: return 3
        }
    }

    /// The SF Symbol the widget shows for the tab.
    public var systemImage: String {
        switch self {
        case .home: return "house.fill"
        case .balance: return "creditcard.fill"
        case .transfer: return "arrow.left.arrow.right"
        case .scan: return "qrcode.viewfinder"
        }
    }
}
