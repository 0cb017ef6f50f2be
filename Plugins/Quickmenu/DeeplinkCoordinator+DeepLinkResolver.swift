public import WidgetHostKit

/// The Quickmenu's links resolved for the host (`widgethost open`, a tapped link).
extension DeeplinkCoordinator: DeepLinkResolver {
    /// `widgetquickmenu`.
    public var scheme: String { Self.scheme }

    /// The tab `url` opens.
    public func destination(of url: String) throws(DeepLinkFailure) -> DeepLinkDestination {
        do throws(DeeplinkError) {
            let (tab, index) = try resolve(url)
            return DeepLinkDestination(name: tab.rawValue, index: index)
        } catch {
            throw DeepLinkFailure(code: error.code, message: error.message)
        }
    }
}
