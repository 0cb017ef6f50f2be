/// Resolves a widget's deep links (`Link(destination:)`, `widgetURL`) the way the app's
/// `onOpenURL` would, so the host can say what a tapped link opens. A bundle offers one through
/// ``WidgetBundle/deepLinkResolvers``.
public protocol DeepLinkResolver: Sendable {
    /// The URL scheme it resolves (`widgetquickmenu`).
    var scheme: String { get }

    /// Where `url` leads in the app.
    /// - Throws: ``DeepLinkFailure`` naming what is wrong with it.
    func destination(of url: String) throws(DeepLinkFailure) -> DeepLinkDestination
}

/// Where a deep link leads: the app's tab (or screen), by name and index.
public struct DeepLinkDestination: Sendable, Hashable {
    /// The tab's name (`Balance`).
    public var name: String
    /// Its index in the app's tab bar.
    public var index: Int

    /// Creates a destination.
    public init(name: String, index: Int) {
        self.name = name
        self.index = index
    }
}

/// Why a deep link leads nowhere: a stable code and a sentence naming what is wrong.
public struct DeepLinkFailure: Error, Sendable, Hashable {
    /// The code (`deeplink.unknown-tab`).
    public var code: String
    /// The sentence.
    public var message: String

    /// Creates a failure.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
