public import Foundation

/// What an intent's `perform()` can reach: the shared container and the host's clock.
///
/// The host runs each intent inside `IntentEnvironment.$current.withValue(...)`; outside a host
/// (a plain unit test) there is none, and `WidgetCenter` records nothing.
@_spi(WidgetHost) public struct IntentEnvironment: Sendable {
    /// The App Group container the intent changes.
    public var container: SharedContainer
    /// The current time as the host sees it.
    public var date: Date
    /// The intent whose parameters are being set or which runs, for an
    /// ``IntentParameterDependency`` of a query to read the parameters set before.
    public var intent: (any AppIntent)?

    /// Creates an environment.
    public init(container: SharedContainer, date: Date, intent: (any AppIntent)? = nil) {
        self.container = container
        self.date = date
        self.intent = intent
    }

    /// The environment of the intent running now.
    @TaskLocal public static var current: IntentEnvironment?
}

/// Asks the host to reload widget timelines, as WidgetKit's `WidgetCenter` does.
///
/// `WidgetCenter.shared` is a thin front over the running intent's container: requests are recorded
/// there, where `watch` and scripts see them.
public struct WidgetCenter: Sendable {
    /// The center of the intent running now.
    public static var shared: WidgetCenter { WidgetCenter(container: IntentEnvironment.current?.container) }

    private let container: SharedContainer?

    /// A center recording into `container`.
    @_spi(WidgetHost) public init(container: SharedContainer?) {
        self.container = container
    }

    /// Asks for the timelines of every widget of `kind` to reload.
    public func reloadTimelines(ofKind kind: String) {
        try? container?.reloads.requestReload(ofKind: kind)
    }

    /// Asks for every widget's timeline to reload.
    public func reloadAllTimelines() {
        try? container?.reloads.requestReload(ofKind: nil)
    }
}

extension IntentEnvironment {
    /// Why an intent could not run: it ran outside a host, with no shared container to change.
    public struct Missing: Error, Sendable, Hashable, CustomStringConvertible {
        /// The intent that ran.
        public var intent: String

        /// Creates the error for `intent`.
        public init(intent: String) {
            self.intent = intent
        }

        /// The stable code: `intent.no-container`.
        public var code: String { "intent.no-container" }

        /// What is missing and how to give it.
        public var description: String {
            "\(intent) has no shared container to change: run it with 'widgethost perform' or "
                + "'widgethost tap', or inside IntentEnvironment.$current.withValue(...)"
        }
    }

    /// The environment of the running intent `intent`.
    /// - Throws: ``Missing`` when the intent runs outside a host.
    public static func current(for intent: String) throws(Missing) -> IntentEnvironment {
        guard let current else { throw Missing(intent: intent) }
        return current
    }
}
